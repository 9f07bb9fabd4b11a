package io.mqbench.driver.jms;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.Session;

/**
 * How a consumer's session acknowledges, per {@code ackMode}. Auto and dups_ok leave it to the
 * client library; client mode calls {@code acknowledge()} and transacted mode {@code commit()}
 * every N messages, after the harness's callback returned. A partial batch is never acknowledged
 * on close: the broker delivers it again (at-least-once), as JMS promises.
 */
abstract class Acknowledgement {

    static Acknowledgement of(JmsSettings settings) {
        return switch (settings.ackModeKind()) {
            case AUTO -> new ByClient(Session.AUTO_ACKNOWLEDGE);
            case DUPS_OK -> new ByClient(Session.DUPS_OK_ACKNOWLEDGE);
            case CLIENT -> new EveryN(settings.clientAckBatchSize) {
                @Override
                void settle(Session session, Message last) throws JMSException {
                    last.acknowledge();
                }
            };
            case TRANSACTED -> new EveryN(settings.transactionBatchSize) {
                @Override
                boolean transacted() {
                    return true;
                }

                @Override
                int sessionMode() {
                    return Session.SESSION_TRANSACTED;
                }

                @Override
                void settle(Session session, Message last) throws JMSException {
                    session.commit();
                }
            };
        };
    }

    boolean transacted() {
        return false;
    }

    abstract int sessionMode();

    /** Called on the session's delivery thread after the callback has the message. */
    abstract void delivered(Session session, Message message) throws JMSException;

    /** The JMS client acknowledges by itself. */
    private static final class ByClient extends Acknowledgement {
        private final int mode;

        ByClient(int mode) {
            this.mode = mode;
        }

        @Override
        int sessionMode() {
            return mode;
        }

        @Override
        void delivered(Session session, Message message) {}
    }

    /** Settles every N messages; one session's deliveries come on one thread, so a plain counter does. */
    private abstract static class EveryN extends Acknowledgement {
        private final int batch;
        private int unsettled;

        EveryN(int batch) {
            this.batch = batch;
        }

        @Override
        int sessionMode() {
            return Session.CLIENT_ACKNOWLEDGE;
        }

        @Override
        void delivered(Session session, Message message) throws JMSException {
            if (++unsettled >= batch) {
                unsettled = 0;
                settle(session, message);
            }
        }

        abstract void settle(Session session, Message last) throws JMSException;
    }
}
