package io.mqbench.testing;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.function.Function;

/**
 * A driver under test with the few calls a driver IT makes again and again: a fresh topic, a
 * consumer delivering into an {@link Inbox}, a producer; closing it closes the driver.
 *
 * @param <D> the driver class, so that a test still reaches what only that driver offers
 */
public class DriverRun<D extends BenchmarkDriver> implements AutoCloseable {
    public final D driver;
    private final Function<D, String> topicNames;

    /** {@code topicNames}: a new topic name on each call, unique to the test (the broker may keep old topics). */
    public DriverRun(D driver, Function<D, String> topicNames) {
        this.driver = driver;
        this.topicNames = topicNames;
    }

    public String topic(int partitions) throws Exception {
        String topic = topicNames.apply(driver);
        driver.createTopic(topic, partitions).get();
        return topic;
    }

    public Inbox consumer(String topic, String subscription) throws Exception {
        Inbox inbox = new Inbox();
        driver.createConsumer(topic, subscription, inbox).get();
        return inbox;
    }

    public BenchmarkProducer producer(String topic) throws Exception {
        return driver.createProducer(topic).get();
    }

    @Override
    public void close() throws Exception {
        driver.close();
    }
}
