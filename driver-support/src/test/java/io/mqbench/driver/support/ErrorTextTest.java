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

    /** RocketMQ's client exceptions end their message with a second line (a link to its FAQ). */
    @Test
    void aMessageOfSeveralLinesBecomesOne() {
        IllegalStateException error = new IllegalStateException("unknown reason\nFor more information, please visit the url, "
                + "https://rocketmq.apache.org/docs/bestPractice/06FAQ\r\n");
        assertEquals("IllegalStateException: unknown reason For more information, please visit the url, "
                + "https://rocketmq.apache.org/docs/bestPractice/06FAQ", ErrorText.describe(error));
        assertEquals("send failed: broker down here", ErrorText.withCauses(new IOException("send failed",
                new IOException("broker down\n  here"))));
    }
}
