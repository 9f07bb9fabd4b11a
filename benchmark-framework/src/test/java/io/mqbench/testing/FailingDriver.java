package io.mqbench.testing;

import java.io.File;
import java.io.IOException;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * A driver that cannot start and says why the way client libraries often do: with the broker URL,
 * credentials included. Tests use it to check that such secrets never travel back or get logged.
 */
public final class FailingDriver extends MisbehavingDriver {
    public static final String SECRET = "hunter2-do-not-show";

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        throw new IOException("cannot connect to amqp://guest:" + SECRET + "@127.0.0.1:1/vhost: connection refused");
    }

    @Override
    public String getTopicNamePrefix() {
        return "failing";
    }
}
