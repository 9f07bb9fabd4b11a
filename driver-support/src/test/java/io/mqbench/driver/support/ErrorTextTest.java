package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class ErrorTextTest {

    @Test
    void aFuturesWrappersAreLookedThrough() {
        IllegalStateException cause = new IllegalStateException("queue full");
        assertEquals("IllegalStateException: queue full", ErrorText.describe(new CompletionException(cause)));
        assertEquals("IllegalStateException: queue full",
                ErrorText.describe(new ExecutionException(new CompletionException(cause))));
        // Only the wrappers: a client's own exception keeps its name even when it has a cause.
        assertEquals("IOException: send failed", ErrorText.describe(new IOException("send failed", cause)));
        assertEquals("NullPointerException", ErrorText.describe(new NullPointerException()));
    }

    @Test
    void withCausesAddsWhatEachCauseSaysThatIsNew() {
        IOException error = new IOException("cannot connect to 127.0.0.1:6379",
                new ConnectException("Connection refused"));
        assertEquals("cannot connect to 127.0.0.1:6379: Connection refused", ErrorText.withCauses(error));
        // A cause that only repeats the message (as many clients' do) adds nothing.
        IOException repeated = new IOException("timed out: Connection refused", new ConnectException("Connection refused"));
        assertEquals("timed out: Connection refused", ErrorText.withCauses(new CompletionException(repeated)));
    }
}
