package io.mqbench.driver.artemis.classic;

import io.mqbench.driver.jms.JmsSettings;
import java.util.regex.Pattern;

/** The ActiveMQ Classic variant's YAML file: the common JMS settings plus the OpenWire URL and prefetch. */
public final class ClassicSettings extends JmsSettings {
    private static final Pattern SECRET_PARAMETER = Pattern.compile("(?i)[?&;,(]\\s*(jms\\.)?password\\s*=");

    /** OpenWire URL: tcp://host:port, or failover:(tcp://a:61616,tcp://b:61616) to reconnect. */
    public String brokerUrl = "tcp://127.0.0.1:61616";

    /** Messages the broker pushes to a consumer ahead of acknowledgements (Classic's queue default 1000). */
    public Integer prefetch;

    @Override
    public void validate() {
        super.validate();
        if (brokerUrl == null || brokerUrl.isBlank()) {
            throw new IllegalArgumentException("brokerUrl is empty; give an OpenWire URL such as tcp://127.0.0.1:61616");
        }
        if (SECRET_PARAMETER.matcher(brokerUrl).find()) {
            throw new IllegalArgumentException("brokerUrl carries a password parameter; put it in the password field"
                    + " instead (results redact that field, not URL parameters)");
        }
        if (!durableSubscriptions) {
            throw new IllegalArgumentException("durableSubscriptions: false is not possible with ActiveMQ Classic:"
                    + " its 5.x client has no shared subscriptions, so subscriptions are virtual-topic queues, which"
                    + " are always durable; allowed: true");
        }
        if (prefetch != null && prefetch < 0) {
            throw new IllegalArgumentException("prefetch is " + prefetch + "; allowed: 0 (pull one at a time) or more");
        }
    }
}
