package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ShutdownSignalException;

/** Turns the client's exceptions into one readable line: the broker's reply text when it sent one. */
final class Failures {
    private Failures() {}

    static String describe(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ShutdownSignalException signal) {
                return describe(signal);
            }
        }
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null ? root.getClass().getSimpleName() : message;
    }

    static String describe(ShutdownSignalException signal) {
        Object reason = signal.getReason();
        if (reason instanceof AMQP.Connection.Close close) {
            return close.getReplyText() + " (connection closed, code " + close.getReplyCode() + ")";
        }
        if (reason instanceof AMQP.Channel.Close close) {
            return close.getReplyText() + " (channel closed, code " + close.getReplyCode() + ")";
        }
        Throwable cause = signal.getCause();
        if (cause != null && cause != signal) {
            return (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
        }
        return signal.getMessage();
    }
}
