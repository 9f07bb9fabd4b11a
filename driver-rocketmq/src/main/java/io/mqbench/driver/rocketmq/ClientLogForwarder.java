package io.mqbench.driver.rocketmq;

import java.util.function.Function;
import org.apache.rocketmq.logging.ch.qos.logback.classic.Level;
import org.apache.rocketmq.logging.ch.qos.logback.classic.spi.ILoggingEvent;
import org.apache.rocketmq.logging.ch.qos.logback.classic.spi.IThrowableProxy;
import org.apache.rocketmq.logging.ch.qos.logback.classic.spi.ThrowableProxy;
import org.apache.rocketmq.logging.ch.qos.logback.core.UnsynchronizedAppenderBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands the RocketMQ client's log events to slf4j, under the client's logger names. The client
 * logs through a logback shaded into its own jars, which the process's logging settings do not
 * reach: with a console appender of its own it printed thousands of warnings over mqbench's live
 * lines while a broker was frozen. Through slf4j they go where every other client's go (a log
 * file and a summary after the run in {@code bin/benchmark}, the console with {@code --verbose},
 * the worker's log in an upstream OMB worker). Named in {@code rmq.logback.xml}.
 */
public final class ClientLogForwarder extends UnsynchronizedAppenderBase<ILoggingEvent> {
    private final Function<String, Logger> loggers;

    /** As logback creates it from {@code rmq.logback.xml}: to the process's slf4j. */
    public ClientLogForwarder() {
        this(LoggerFactory::getLogger);
    }

    ClientLogForwarder(Function<String, Logger> loggers) {
        this.loggers = loggers;
    }

    @Override
    protected void append(ILoggingEvent event) {
        Logger logger = loggers.apply(event.getLoggerName());
        String message = event.getFormattedMessage();
        Throwable thrown = thrown(event.getThrowableProxy());
        switch (event.getLevel().toInt()) {
            case Level.ERROR_INT -> logger.error(message, thrown);
            case Level.WARN_INT -> logger.warn(message, thrown);
            case Level.INFO_INT -> logger.info(message, thrown);
            case Level.DEBUG_INT -> logger.debug(message, thrown);
            default -> logger.trace(message, thrown);
        }
    }

    private static Throwable thrown(IThrowableProxy proxy) {
        return proxy instanceof ThrowableProxy real ? real.getThrowable() : null;
    }
}
