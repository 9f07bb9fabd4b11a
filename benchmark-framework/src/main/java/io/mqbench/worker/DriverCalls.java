package io.mqbench.worker;

import io.mqbench.driver.support.ErrorText;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for a driver's future with a time limit, so a broker that never answers ends the run with a
 * message saying what was being waited for, instead of hanging it.
 */
final class DriverCalls {
    static final long DEFAULT_TIMEOUT_SECONDS = 300;

    private final long timeoutSeconds;

    DriverCalls() {
        this(DEFAULT_TIMEOUT_SECONDS);
    }

    DriverCalls(long timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    <T> T await(CompletableFuture<T> future, String what) throws IOException {
        try {
            return future.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new IOException("the driver did not " + what + " within " + timeoutSeconds + " s");
        } catch (ExecutionException e) {
            throw new IOException("the driver could not " + what + ": " + ErrorText.describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting to " + what, e);
        }
    }
}
