package io.mqbench.driver.artemis.core;

import io.mqbench.driver.jms.JmsSettings;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;

/**
 * The JMS ack modes on the core client, with the same meaning as on the JMS path. A core
 * acknowledgement covers the message and every earlier one of its consumer, so a batch needs
 * one call: auto acknowledges each message at once; dups_ok each message, but the client sends
 * them in batches of the locator's ack batch size (upstream OMB's Artemis driver does this);
 * client acknowledges every N; transacted acknowledges and commits every N. One consumer's
 * messages arrive on one thread, so a plain counter does.
 */
final class CoreAcks {
    /** False only for transacted sessions, whose acknowledgements wait for the commit. */
    final boolean autoCommitAcks;
    /** Bytes of acknowledgements the client gathers before sending them (0: each at once). */
    final int ackBatchSize;
    private final int every;
    private final boolean commit;
    private int unsettled;

    private CoreAcks(boolean autoCommitAcks, int ackBatchSize, int every, boolean commit) {
        this.autoCommitAcks = autoCommitAcks;
        this.ackBatchSize = ackBatchSize;
        this.every = every;
        this.commit = commit;
    }

    /** @param lazyBatchBytes the batch of acknowledgements for dups_ok (the locator's ack batch size) */
    static CoreAcks of(JmsSettings settings, int lazyBatchBytes) {
        return switch (settings.ackModeKind()) {
            case AUTO -> new CoreAcks(true, 0, 1, false);
            case DUPS_OK -> new CoreAcks(true, lazyBatchBytes, 1, false);
            case CLIENT -> new CoreAcks(true, 0, settings.clientAckBatchSize, false);
            case TRANSACTED -> new CoreAcks(false, 0, settings.transactionBatchSize, true);
        };
    }

    /** After the harness's callback has the message. */
    void delivered(ClientSession session, ClientMessage message) throws ActiveMQException {
        if (++unsettled >= every) {
            unsettled = 0;
            message.acknowledge();
            if (commit) {
                session.commit();
            }
        }
    }
}
