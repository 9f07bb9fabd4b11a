package io.mqbench.driver.artemis;

import io.mqbench.driver.artemis.core.CoreConsumer;
import io.mqbench.driver.artemis.core.CoreProducer;
import io.mqbench.driver.jms.JmsBenchmarkDriver;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsSettings;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;

/**
 * ActiveMQ Artemis over JMS 2.0 with {@code org.apache.activemq:artemis-jms-client}, or with
 * {@code clientApi: core} over Artemis' core client API underneath it. A topic is a multicast
 * address; a subscription is a shared durable (or non-durable) JMS subscription, the same queue
 * with either API. See driver-artemis/README.md for the mapping and every setting.
 */
public final class ArtemisBenchmarkDriver extends JmsBenchmarkDriver {
    private ArtemisProvider provider;
    private ArtemisSettings settings;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        JmsSettings.read(configurationFile, ArtemisSettings.class);
    }

    @Override
    protected Opened open(File configurationFile) throws IOException {
        settings = JmsSettings.read(configurationFile, ArtemisSettings.class);
        try {
            provider = ArtemisProvider.open(settings);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        } catch (Exception e) {
            throw new IOException("cannot connect to Artemis at " + settings.brokerAddress + ": "
                    + JmsFailures.describe(e) + " (is the broker running? bin/brokers start artemis)", e);
        }
        return new Opened(settings, provider);
    }

    @Override
    protected BenchmarkProducer openProducer(String name, String topic) throws Exception {
        if (settings.clientApiKind() == ArtemisSettings.ClientApi.CORE) {
            return CoreProducer.open(name, topic, provider.serverLocator(), settings);
        }
        return super.openProducer(name, topic);
    }

    @Override
    protected BenchmarkConsumer openConsumer(String name, String topic, String subscription, ConsumerCallback callback)
            throws Exception {
        if (settings.clientApiKind() == ArtemisSettings.ClientApi.CORE) {
            return CoreConsumer.open(name, topic, provider.subscriptionQueue(subscription), callback,
                    provider.serverLocator(), settings);
        }
        return super.openConsumer(name, topic, subscription, callback);
    }

    /** For tests: the queue that holds a subscription's messages. */
    String subscriptionQueue(String subscription) {
        return provider.subscriptionQueue(subscription);
    }
}
