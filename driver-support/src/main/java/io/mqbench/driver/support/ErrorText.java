package io.mqbench.driver.support;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Failures in one line, for logs, error messages and the result's counts of send errors by kind.
 * Futures wrap a client's exception in CompletionException or ExecutionException, which say
 * nothing: they are looked through.
 */
public final class ErrorText {
    private ErrorText() {}

    /** "Type: message" of the failure a future's wrappers hide (just "Type" without a message). */
    public static String describe(Throwable error) {
        Throwable root = unwrapped(error);
        String message = oneLine(root.getMessage());
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /**
     * The message followed by each cause's that adds something ("cannot connect: Connection
     * refused"), for clients whose own message hides the reason in a cause.
     */
    public static String withCauses(Throwable error) {
        Throwable root = unwrapped(error);
        StringBuilder text = new StringBuilder(String.valueOf(oneLine(root.getMessage())));
        for (Throwable cause = root.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            String message = oneLine(cause.getMessage());
            if (message != null && !text.toString().contains(message)) {
                text.append(": ").append(message);
            }
        }
        return text.toString();
    }

    /** A message of several lines (RocketMQ's end with a link to its FAQ) on one, its line breaks as spaces. */
    private static String oneLine(String message) {
        return message == null ? null : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static Throwable unwrapped(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root
                && (root instanceof CompletionException || root instanceof ExecutionException)) {
            root = root.getCause();
        }
        return root;
    }
}
