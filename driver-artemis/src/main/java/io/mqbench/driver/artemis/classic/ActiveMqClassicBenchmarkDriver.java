package io.mqbench.driver.artemis.classic;

import io.mqbench.driver.jms.JmsBenchmarkDriver;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsSettings;
import java.io.File;
import java.io.IOException;
import javax.jms.JMSException;

/**
 * ActiveMQ Classic (5.x) over OpenWire with {@code org.apache.activemq:activemq-client}: the same
 * JMS producers and consumers as the Artemis driver, with topics and subscriptions mapped to
 * virtual topics. See driver-artemis/README.md, section "ActiveMQ Classic".
 */
public final class ActiveMqClassicBenchmarkDriver extends JmsBenchmarkDriver {

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        JmsSettings.read(configurationFile, ClassicSettings.class);
    }

    @Override
    protected Opened open(File configurationFile) throws IOException {
        ClassicSettings settings = JmsSettings.read(configurationFile, ClassicSettings.class);
        try {
            return new Opened(settings, ClassicProvider.open(settings));
        } catch (JMSException | RuntimeException e) {
            throw new IOException("cannot connect to ActiveMQ Classic at " + settings.brokerUrl + ": "
                    + JmsFailures.describe(e) + " (is the broker running? bin/brokers start activemq)", e);
        }
    }
}
