package io.mqbench.driver.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import javax.jms.JMSException;
import org.junit.jupiter.api.Test;

class JmsFailuresTest {

    @Test
    void followsLinkedExceptionsToTheRootMessage() {
        JMSException top = new JMSException("send failed");
        top.setLinkedException(new IOException("Connection refused"));
        assertEquals("send failed: Connection refused", JmsFailures.describe(top));
    }

    @Test
    void doesNotRepeatAMessageThatAlreadySaysIt() {
        JMSException top = new JMSException("AMQ219007: Cannot connect to server(s)");
        top.initCause(new RuntimeException("Cannot connect"));
        assertEquals("AMQ219007: Cannot connect to server(s)", JmsFailures.describe(top));
    }

    @Test
    void namesTheTypeWhenThereIsNoMessage() {
        assertEquals("IllegalStateException", JmsFailures.describe(new IllegalStateException()));
    }
}
