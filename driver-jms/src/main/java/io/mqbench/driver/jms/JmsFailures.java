package io.mqbench.driver.jms;

import javax.jms.JMSException;

/** Turns a JMS client's exception chain into one readable line. */
public final class JmsFailures {
    private JmsFailures() {}

    public static String describe(Throwable error) {
        Throwable deepest = error;
        for (Throwable cause = error; cause != null; cause = next(cause)) {
            if (cause.getMessage() != null) {
                deepest = cause;
            }
        }
        String message = deepest.getMessage();
        String top = error.getMessage();
        if (top != null && message != null && !top.contains(message)) {
            return top + ": " + message;
        }
        return top != null ? top : message != null ? message : error.getClass().getSimpleName();
    }

    private static Throwable next(Throwable error) {
        Throwable cause = error.getCause();
        if (cause == null && error instanceof JMSException jms) {
            cause = jms.getLinkedException();
        }
        return cause == error ? null : cause;
    }
}
