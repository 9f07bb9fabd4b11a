package io.mqbench.driver.jms;

import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a producer does when its connection breaks or comes back: a lost connection fails the
 * sends in flight at once (the client may never answer them), and new sends until the client
 * has reconnected. Each client reports the failure in its own exception type.
 */
public final class ProducerEvents implements JmsProvider.ConnectionEvents {
    private static final Logger log = LoggerFactory.getLogger(ProducerEvents.class);

    private final String producer;
    private final PendingSends pending;
    private final Function<String, Exception> failure;

    /** @param failure the client's exception for a send that failed, given its message */
    public ProducerEvents(String producer, PendingSends pending, Function<String, Exception> failure) {
        this.producer = producer;
        this.pending = pending;
        this.failure = failure;
    }

    @Override
    public void lost(Exception cause, boolean reconnecting) {
        log.warn("producer {}: connection lost ({}); {} sends in flight fail{}", producer, JmsFailures.describe(cause),
                pending.count(), reconnecting ? "; the client reconnects" : "");
        pending.failAll(failure.apply((reconnecting ? "not connected, reconnecting: " : "connection lost: ")
                + JmsFailures.describe(cause)));
    }

    @Override
    public void restored() {
        log.warn("producer {}: reconnected", producer);
        pending.reopen();
    }
}
