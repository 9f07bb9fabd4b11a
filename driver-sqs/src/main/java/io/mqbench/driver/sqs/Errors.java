package io.mqbench.driver.sqs;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** One-line descriptions of failures for logs and error messages. */
final class Errors {
    private Errors() {}

    /** The root of a future's wrapping exceptions, as "Type: message". */
    static String describe(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && (cause instanceof CompletionException || cause instanceof ExecutionException)) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
