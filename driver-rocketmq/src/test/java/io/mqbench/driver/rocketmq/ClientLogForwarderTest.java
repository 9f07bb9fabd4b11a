package io.mqbench.driver.rocketmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import org.apache.rocketmq.logging.ch.qos.logback.classic.Logger;
import org.apache.rocketmq.logging.ch.qos.logback.classic.LoggerContext;
import org.apache.rocketmq.logging.ch.qos.logback.classic.spi.ILoggingEvent;
import org.apache.rocketmq.logging.ch.qos.logback.core.Appender;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.SubstituteLogger;

/**
 * The RocketMQ client logs through a logback of its own (shaded into its jars), which mqbench's
 * logging settings do not reach: its warnings must go to slf4j, where the harness keeps client
 * logs off the console (a frozen broker made the client print 2,082 lines over the live lines).
 */
class ClientLogForwarderTest {

    @Test
    void theShippedConfigurationSendsTheClientsLogToSlf4jAndNowhereElse() {
        // the client's LoggerFactory configures its logback from rmq.logback.xml on first use
        org.apache.rocketmq.logging.org.slf4j.LoggerFactory.getLogger("RocketmqRemoting");
        LoggerContext context = (LoggerContext) org.apache.rocketmq.logging.org.slf4j.LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.apache.rocketmq.logging.org.slf4j.Logger.ROOT_LOGGER_NAME);
        List<String> appenders = new ArrayList<>();
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            appenders.add(it.next().getClass().getName());
        }
        assertEquals(List.of(ClientLogForwarder.class.getName()), appenders);
        assertEquals("WARN", root.getLevel().toString());
    }

    @Test
    void aWarningWithItsExceptionArrivesUnderTheClientsLoggerName() {
        LinkedBlockingQueue<SubstituteLoggingEvent> recorded = new LinkedBlockingQueue<>();
        LoggerContext context = new LoggerContext();
        ClientLogForwarder forwarder = new ClientLogForwarder(name -> new SubstituteLogger(name, recorded, false));
        forwarder.setContext(context);
        forwarder.start();
        Logger logger = context.getLogger("RocketmqClient");
        logger.addAppender(forwarder);
        IllegalStateException cause = new IllegalStateException("broker gone");

        logger.warn("send to {} failed", "127.0.0.1:10911", cause);
        logger.error("no route");

        SubstituteLoggingEvent warning = recorded.poll();
        assertEquals(Level.WARN, warning.getLevel());
        assertEquals("RocketmqClient", warning.getLoggerName());
        assertEquals("send to 127.0.0.1:10911 failed", warning.getMessage());
        assertSame(cause, warning.getThrowable());
        SubstituteLoggingEvent error = recorded.poll();
        assertEquals(Level.ERROR, error.getLevel());
        assertEquals("no route", error.getMessage());
        assertEquals(0, recorded.size());
    }
}
