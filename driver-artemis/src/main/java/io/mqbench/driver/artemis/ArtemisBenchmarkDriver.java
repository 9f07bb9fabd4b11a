package io.mqbench.driver.artemis;

import io.mqbench.driver.artemis.jms.JmsBenchmarkDriver;
import io.mqbench.driver.artemis.jms.JmsFailures;
import io.mqbench.driver.artemis.jms.JmsSettings;
import java.io.File;
import java.io.IOException;

/**
 * ActiveMQ Artemis over JMS 2.0 with {@code org.apache.activemq:artemis-jms-client}. A topic is a
 * multicast address; a subscription is a shared durable (or non-durable) JMS subscription. See
 * driver-artemis/README.md for the mapping and every setting.
 */
public final class ArtemisBenchmarkDriver extends JmsBenchmarkDriver {
    private ArtemisProvider provider;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        JmsSettings.read(configurationFile, ArtemisSettings.class);
    }

    @Override
    protected Opened open(File configurationFile) throws IOException {
        ArtemisSettings settings = JmsSettings.read(configurationFile, ArtemisSettings.class);
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

    /** For tests: the queue that holds a subscription's messages. */
    String subscriptionQueue(String subscription) {
        return provider.subscriptionQueue(subscription);
    }
}
