package io.mqbench.driver.rocketmq;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/** What the integration tests share: the name server and broker bin/brokers starts, settings, an inspecting admin client. */
final class RocketMqTesting {
    static final String NAMESRV = "127.0.0.1:9876";

    private RocketMqTesting() {}

    static RocketMqSettings settings() {
        RocketMqSettings settings = new RocketMqSettings();
        settings.name = "test";
        settings.driverClass = RocketMqBenchmarkDriver.class.getName();
        settings.consumeThreads = 4;
        return settings;
    }

    static RocketMqSettings orderly() {
        RocketMqSettings settings = settings();
        settings.consumeMode = "orderly";
        return settings;
    }

    static RocketMqBenchmarkDriver driver(RocketMqSettings settings) throws Exception {
        RocketMqBenchmarkDriver driver = new RocketMqBenchmarkDriver();
        driver.initialize(settings);
        return driver;
    }

    static String randomTopic(RocketMqBenchmarkDriver driver) {
        return driver.getTopicNamePrefix() + "-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** An admin client of the test's own, to look at what the driver left on the broker; shut down by the caller. */
    static DefaultMQAdminExt admin() throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(NAMESRV);
        admin.setInstanceName("mqbench-test-admin-" + UUID.randomUUID());
        try {
            admin.start();
            admin.examineBrokerClusterInfo();
        } catch (Exception e) {
            admin.shutdown();
            throw new AssertionError("RocketMQ's name server at " + NAMESRV + " does not answer (" + e.getMessage()
                    + "); start it: bin/brokers start rocketmq", e);
        }
        return admin;
    }

    /** The topics the name server routes whose name starts with the driver's prefix, and every consumer group's retry topic. */
    static Set<String> driverTopics() throws Exception {
        DefaultMQAdminExt admin = admin();
        try {
            Set<String> found = new HashSet<>();
            for (String topic : admin.fetchAllTopicList().getTopicList()) {
                if (topic.startsWith("mqbench-rocketmq") || topic.startsWith("%RETRY%")) {
                    found.add(topic);
                }
            }
            return found;
        } finally {
            admin.shutdown();
        }
    }
}
