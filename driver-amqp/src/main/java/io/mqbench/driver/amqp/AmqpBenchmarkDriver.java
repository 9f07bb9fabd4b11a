package io.mqbench.driver.amqp;

import io.mqbench.driver.jms.JmsBenchmarkDriver;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsSettings;
import java.io.File;
import java.io.IOException;

/**
 * AMQP 1.0 with Apache Qpid JMS ({@code org.apache.qpid:qpid-jms-client}), tested against
 * ActiveMQ Artemis' AMQP acceptor and RabbitMQ 3.10's AMQP 1.0 plugin. How topics and
 * subscriptions become the broker's nodes depends on the broker ({@link Nodes}). See
 * driver-amqp/README.md for the mappings, the settings and why Qpid JMS.
 */
public final class AmqpBenchmarkDriver extends JmsBenchmarkDriver {

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        JmsSettings.read(configurationFile, AmqpSettings.class);
    }

    @Override
    protected Opened open(File configurationFile) throws IOException {
        AmqpSettings settings = JmsSettings.read(configurationFile, AmqpSettings.class);
        AmqpProvider provider;
        try {
            provider = AmqpProvider.open(settings);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        } catch (Exception e) {
            throw new IOException("cannot connect to the AMQP 1.0 broker at " + settings.brokerUrl + ": "
                    + JmsFailures.describe(e) + " (is the broker running? bin/brokers start "
                    + (settings.addressingKind() == AmqpSettings.Addressing.RABBITMQ ? "rabbitmq" : "artemis") + ")", e);
        }
        return new Opened(settings, provider);
    }
}
