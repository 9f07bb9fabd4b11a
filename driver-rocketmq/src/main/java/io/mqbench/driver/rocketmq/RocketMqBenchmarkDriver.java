package io.mqbench.driver.rocketmq;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.BootstrapAddresses;
import io.mqbench.driver.support.ClientVersion;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.DaemonThreads;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.ErrorText;
import io.mqbench.driver.support.InstanceId;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apache RocketMQ on its official remoting client, as upstream OMB's driver-rocketmq. {@code
 * initialize} asks the name server for the cluster's master brokers; {@code createTopic} creates the
 * topic on each of them with {@code partitions / masters} queues (at least one) and waits until the
 * name server routes it. All topics share one producer, which sends asynchronously; a subscription
 * is a consumer group of push consumers, each starting from the first message of the topic. {@code
 * close} deletes the topics, their consumer groups and the groups' retry topics.
 */
public final class RocketMqBenchmarkDriver implements BenchmarkDriver, DriverMetadata, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(RocketMqBenchmarkDriver.class);
    /** How long a first contact with the name server may take before the driver calls it unreachable. */
    static final int CONNECT_SECONDS = 5;
    /** How long a new topic may take to appear in the name server's routes. */
    static final int ROUTE_SECONDS = 30;

    private final OpenClients<BenchmarkConsumer> consumers = new OpenClients<>();
    private final AtomicInteger consumerCounter = new AtomicInteger();
    private final String instance = InstanceId.next();
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final Set<String> groups = ConcurrentHashMap.newKeySet();
    private RocketMqSettings settings;
    private DefaultMQAdminExt admin;
    private List<String> masters = List.of();
    private DefaultMQProducer producer;
    private ExecutorService sendThreads;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        RocketMqSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        initialize(RocketMqSettings.read(configurationFile));
    }

    /** For tests that build settings in code. */
    void initialize(RocketMqSettings given) throws IOException {
        settings = DriverSettings.check(given, RocketMqSettings::validate);
        try {
            // The admin client retries a refused connection until its timeout: a wrong port says so at once instead.
            checkSomeNameServerAccepts();
            admin = new DefaultMQAdminExt(CONNECT_SECONDS * 1000L);
            admin.setNamesrvAddr(settings.namesrvAddr.trim());
            admin.setInstanceName("mqbench-admin-" + instance);
            admin.setVipChannelEnabled(false);
            try {
                admin.start();
            } catch (MQClientException e) {
                throw new IOException("cannot start RocketMQ's admin client for " + settings.namesrvAddr + ": " + oneLine(e), e);
            }
            masters = masterBrokers();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void checkSomeNameServerAccepts() throws IOException {
        try {
            BootstrapAddresses.checkOneAccepts(BootstrapAddresses.parse(settings.namesrvAddr, 9876), CONNECT_SECONDS * 1000);
        } catch (IOException e) {
            throw new IOException("cannot reach RocketMQ's name server at " + settings.namesrvAddr.trim() + ": " + oneLine(e)
                    + " (is it running? bin/brokers start rocketmq; check namesrvAddr)", e);
        }
    }

    /** The master brokers of the configured cluster, as the name server lists them; else one line. */
    private List<String> masterBrokers() throws IOException {
        ClusterInfo cluster;
        try {
            cluster = admin.examineBrokerClusterInfo();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("RocketMQ's name server at " + settings.namesrvAddr.trim() + " does not answer: " + oneLine(e)
                    + " (is it running? bin/brokers start rocketmq; check namesrvAddr)", e);
        }
        String name = settings.clusterName.trim();
        Set<String> brokerNames = cluster.getClusterAddrTable() == null ? null : cluster.getClusterAddrTable().get(name);
        if (brokerNames == null || brokerNames.isEmpty()) {
            Set<String> known = cluster.getClusterAddrTable() == null ? Set.of() : new TreeSet<>(cluster.getClusterAddrTable().keySet());
            throw new IOException("clusterName is '" + name + "' but the name server at " + settings.namesrvAddr.trim()
                    + (known.isEmpty() ? " knows no cluster (no broker has registered: is the broker running?)"
                    : " knows the cluster(s) " + known + "; set clusterName: " + known.iterator().next()));
        }
        List<String> found = new ArrayList<>();
        for (String brokerName : new TreeSet<>(brokerNames)) {
            BrokerData broker = cluster.getBrokerAddrTable().get(brokerName);
            String master = broker == null ? null : broker.getBrokerAddrs().get(MixAll.MASTER_ID);
            if (master != null) {
                found.add(master);
            }
        }
        if (found.isEmpty()) {
            throw new IOException("the RocketMQ cluster '" + name + "' has no master broker registered with the name server at "
                    + settings.namesrvAddr.trim() + " (its brokers " + new TreeSet<>(brokerNames) + " have no master online)");
        }
        return List.copyOf(found);
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench-rocketmq";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return CompletableFuture.runAsync(() -> {
            TopicConfig config = new TopicConfig(topic);
            // Upstream OMB's split: the topic's queues spread over the masters, at least one on each.
            int queues = Math.max(1, partitions / masters.size());
            config.setReadQueueNums(queues);
            config.setWriteQueueNums(queues);
            config.setPerm(PermName.PERM_READ | PermName.PERM_WRITE);
            if (settings.batchCQ) {
                config.getAttributes().put("+queue.type", "BatchCQ");
            }
            topics.add(topic);
            try {
                for (String master : masters) {
                    admin.createAndUpdateTopicConfig(master, config);
                }
                awaitRoute(topic);
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("cannot create the RocketMQ topic " + topic + " on " + masters + ": " + oneLine(e), e);
            }
        });
    }

    /** Brokers register a new topic with the name server at once; a producer that asks before then gets "no route". */
    private void awaitRoute(String topic) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ROUTE_SECONDS);
        while (true) {
            try {
                TopicRouteData route = admin.examineTopicRouteInfo(topic);
                if (route != null && route.getQueueDatas() != null && route.getQueueDatas().size() >= masters.size()) {
                    return;
                }
            } catch (MQClientException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the name server did not route the topic within " + ROUTE_SECONDS + " s");
            }
            Thread.sleep(100);
        }
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        try {
            return CompletableFuture.completedFuture(new RocketMqProducer(sharedProducer(), topic, settings.sendTimeoutMs));
        } catch (MQClientException e) {
            return CompletableFuture.failedFuture(new IOException("cannot start a RocketMQ producer: " + oneLine(e), e));
        }
    }

    /** One producer for every topic, as upstream's driver: one client instance, one connection per broker. */
    private synchronized DefaultMQProducer sharedProducer() throws MQClientException {
        if (producer == null) {
            DefaultMQProducer created = new DefaultMQProducer("mqbench-producer-" + instance);
            created.setNamesrvAddr(settings.namesrvAddr.trim());
            created.setInstanceName("mqbench-producer-" + instance);
            created.setVipChannelEnabled(settings.vipChannelEnabled);
            created.setSendMsgTimeout(settings.sendTimeoutMs);
            sendThreads = Executors.newFixedThreadPool(settings.asyncSenderThreads, DaemonThreads.named("mqbench-rocketmq-send"));
            created.setAsyncSenderExecutor(sendThreads);
            // Asynchronous sends are not retried by the client: a failure is the harness's to count.
            created.setRetryTimesWhenSendAsyncFailed(0);
            if (settings.maxMessageSize != null) {
                created.setMaxMessageSize(settings.maxMessageSize);
            }
            if (settings.compressMsgBodyOverHowmuch != null) {
                created.setCompressMsgBodyOverHowmuch(settings.compressMsgBodyOverHowmuch);
            }
            created.setAutoBatch(settings.autoBatch);
            if (settings.batchMaxBytes != null) {
                created.batchMaxBytes(settings.batchMaxBytes);
            }
            if (settings.batchMaxDelayMs != null) {
                created.batchMaxDelayMs(settings.batchMaxDelayMs);
            }
            if (settings.totalBatchMaxBytes != null) {
                created.totalBatchMaxBytes(settings.totalBatchMaxBytes);
            }
            created.setEnableBackpressureForAsyncMode(settings.enableBackpressure);
            if (settings.backpressureConcurrency != null) {
                created.setBackPressureForAsyncSendNum(settings.backpressureConcurrency);
            }
            created.start();
            producer = created;
        }
        return producer;
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        // A client instance of its own per consumer: two consumers of one group in one client instance are refused.
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(subscriptionName);
        consumer.setNamesrvAddr(settings.namesrvAddr.trim());
        consumer.setInstanceName("mqbench-consumer-" + instance + "-" + consumerCounter.incrementAndGet());
        consumer.setVipChannelEnabled(settings.vipChannelEnabled);
        // A group made after the first sends still gets them.
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setConsumeThreadMin(settings.consumeThreads);
        consumer.setConsumeThreadMax(settings.consumeThreads);
        consumer.setPullBatchSize(settings.pullBatchSize);
        consumer.setPullThresholdForQueue(settings.pullThresholdForQueue);
        groups.add(subscriptionName);
        try {
            consumer.subscribe(topic, "*");
            RocketMqConsumer started = RocketMqConsumer.start(consumer, consumerCallback,
                    settings.consumeMode() == RocketMqSettings.ConsumeMode.ORDERLY);
            return CompletableFuture.completedFuture(consumers.add(started));
        } catch (MQClientException e) {
            consumer.shutdown();
            return CompletableFuture.failedFuture(new IOException("cannot start a RocketMQ consumer of " + topic
                    + " in group " + subscriptionName + ": " + oneLine(e), e));
        }
    }

    List<String> masters() {
        return masters;
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "rocketmq-client " + ClientVersion.of(RocketMqBenchmarkDriver.class, "rocketmq-client"));
        facts.put("brokerVersion", brokerVersion());
        facts.put("endpoint", settings.namesrvAddr.trim() + " (name server), cluster " + settings.clusterName.trim()
                + ", masters " + masters);
        Properties config = brokerConfig();
        String flush = config == null ? "unknown" : config.getProperty("flushDiskType", "unknown");
        facts.put("brokerFlushDiskType", flush);
        facts.put("delivery", "at least once: a send is confirmed when the master broker stored it ("
                + ("SYNC_FLUSH".equals(flush) ? "flushed to disk first" : "in the page cache; the broker flushes to disk later ("
                + flush + "), so a machine crash can lose confirmed messages, a killed broker process does not")
                + "); consumers commit a queue's offset after the callback, to the broker every 5 s, and what was handed"
                + " over but not committed is delivered again to the consumer that takes the queue over");
        facts.put("consumeMode", settings.consumeMode().name().toLowerCase()
                + (settings.consumeMode() == RocketMqSettings.ConsumeMode.CONCURRENTLY
                ? " (" + settings.consumeThreads + " threads: messages of one queue may be handed over out of order)"
                : " (one queue at a time, in order)"));
        facts.put("sendOrder", settings.asyncSenderThreads == 1
                ? "each producer's sends reach the broker in the order they were made (one send thread)"
                : settings.asyncSenderThreads + " send threads: a producer's sends may overtake each other");
        facts.put("autoBatch", String.valueOf(settings.autoBatch));
        facts.put("batchCQ", String.valueOf(settings.batchCQ));
        facts.put("backpressure", settings.enableBackpressure
                ? "at most " + (settings.backpressureConcurrency == null ? "10000 (client default)" : settings.backpressureConcurrency)
                + " unconfirmed sends" : "off: unconfirmed sends queue in the client");
        facts.put("keyedSends", "the key's hash picks the queue (upstream OMB's driver spreads keyed messages round-robin)");
        facts.put("publishTimestamp", "mqbench's payload stamp; otherwise the message's born time (the producer's clock)");
        facts.put("deleteTopicsOnClose", String.valueOf(settings.deleteTopicsOnClose));
        return facts;
    }

    private String brokerVersion() {
        try {
            return admin.fetchBrokerRuntimeStats(masters.get(0)).getTable().getOrDefault("brokerVersionDesc", "unknown");
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return "unknown (" + oneLine(e) + ")";
        }
    }

    private Properties brokerConfig() {
        try {
            return admin.getBrokerConfig(masters.get(0));
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            log.debug("reading the broker's configuration: {}", e.toString());
            return null;
        }
    }

    /** Closes consumers, then the producer, then deletes what this driver created. */
    @Override
    public void close() {
        for (BenchmarkConsumer consumer : consumers.takeAll()) {
            Closing.quietly(consumer, log);
        }
        synchronized (this) {
            if (producer != null) {
                producer.shutdown();
                producer = null;
            }
            if (sendThreads != null) {
                sendThreads.shutdownNow(); // the client leaves an executor it was given running
                sendThreads = null;
            }
        }
        if (admin != null) {
            if (settings.deleteTopicsOnClose) {
                deleteWhatWasCreated();
            }
            admin.shutdown();
            admin = null;
        }
    }

    /** The topics, the consumer groups and the retry topics the broker made for the groups. */
    private void deleteWhatWasCreated() {
        String cluster = settings.clusterName.trim();
        for (String group : groups) {
            for (String master : masters) {
                try {
                    admin.deleteSubscriptionGroup(master, group, true);
                } catch (Exception e) {
                    log.warn("deleting RocketMQ consumer group {} on {}: {}", group, master, oneLine(e));
                }
            }
            topics.add(MixAll.getRetryTopic(group));
        }
        for (String topic : topics) {
            try {
                admin.deleteTopic(topic, cluster);
            } catch (Exception e) {
                log.warn("deleting RocketMQ topic {}: {}", topic, oneLine(e));
            }
        }
        groups.clear();
        topics.clear();
    }

    /** A client exception's message on one line, without the link to RocketMQ's FAQ the client appends. */
    static String oneLine(Throwable e) {
        if (e == null) {
            return "no answer";
        }
        String line = ErrorText.withCauses(e)
                .replaceAll("\\s*(?:See|For more information, please visit the url,) https?://\\S+(?: for further details\\.)?", "")
                .strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
