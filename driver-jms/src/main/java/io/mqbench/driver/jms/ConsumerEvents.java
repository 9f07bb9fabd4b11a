package io.mqbench.driver.jms;

import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a consumer does when its connection breaks or comes back: it says so, unless it is being
 * closed. Nothing else is needed: whatever it had not acknowledged, the broker delivers again.
 */
public final class ConsumerEvents implements JmsProvider.ConnectionEvents {
    private static final Logger log = LoggerFactory.getLogger(ConsumerEvents.class);

    private final String consumer;
    private final BooleanSupplier closing;

    public ConsumerEvents(String consumer, BooleanSupplier closing) {
        this.consumer = consumer;
        this.closing = closing;
    }

    @Override
    public void lost(Exception cause, boolean reconnecting) {
        if (!closing.getAsBoolean()) {
            log.warn("consumer {}: connection lost: {}{}", consumer, JmsFailures.describe(cause),
                    reconnecting ? "; the client reconnects" : "");
        }
    }

    @Override
    public void restored() {
        log.warn("consumer {}: reconnected", consumer);
    }
}
