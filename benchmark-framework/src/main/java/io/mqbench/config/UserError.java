package io.mqbench.config;

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
}
