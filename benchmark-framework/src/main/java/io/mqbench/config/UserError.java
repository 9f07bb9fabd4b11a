package io.mqbench.config;

import java.io.File;

/**
 * A mistake the user can fix: a bad file, field, value or address. The CLI prints its message as
 * one line and exits with status 2, without a stack trace unless {@code --verbose}.
 *
 * <p>Messages name the file and field and say what to do, for example {@code
 * workloads/a.yaml: field 'producerRate' is -5; allowed: 0 (find the maximum rate) or more}.
 */
public class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * This error with what changed {@code file} before it was read, e.g. {@code a.yaml (--set
     * workload.messageSize=0): field 'messageSize' ...}, so the user looks for the mistake in the
     * right place; {@code copy}, if the file was read from a copy, is named as the file.
     */
    public UserError changedBy(File file, File copy, String change) {
        String message = getMessage();
        if (copy != null) {
            message = message.replace(copy.toString(), file.toString());
        }
        String prefix = file + ": ";
        if (message.startsWith(prefix)) {
            message = file + " (" + change + "): " + message.substring(prefix.length());
        } else if (message.startsWith(file + " (")) {
            message = file + " (" + change + ", " + message.substring(file.toString().length() + 2);
        }
        return new UserError(message, getCause());
    }
}
