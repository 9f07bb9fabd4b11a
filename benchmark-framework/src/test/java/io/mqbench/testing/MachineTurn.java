package io.mqbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A turn at the machine for a run that must hold a rate, or for a broker's start: at most one
 * such at a time across every test JVM of this clone. bin/test runs two lanes of integration
 * tests side by side, and two 20-s steady runs beside each other (two brokers and two harnesses
 * on two cores) starved one another in CI: Kafka's fell to 9,753 msg/s for 10,000 with the host
 * 98 % busy and publish medians of a second, while the other lane ran its own. A broker's start
 * (a JVM or an Erlang VM booting, 5-15 s of a core) did the same to Kafka's steady run once the
 * runs took turns: publish medians of 600 ms while the other lane restarted RabbitMQ. The lanes'
 * other tests (setups, short checks) still overlap them.
 *
 * <p>The turn is an operating-system lock on a file under the repository's {@code target/}, so
 * it is shared by Surefire and Failsafe forks of every module and released when a JVM dies.
 * Within one JVM it is reentrant: a test that holds it may start a broker.
 */
public final class MachineTurn implements AutoCloseable {
    /** The turn this JVM holds, and how many nested takes share it; guarded by the class. */
    private static MachineTurn held;
    private static int holders;

    private final FileChannel channel;
    private final FileLock lock;

    private MachineTurn(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Waits for the turn (saying so on standard output when another JVM holds it) and takes it; if
     * this JVM holds it already, shares it.
     */
    public static synchronized MachineTurn take(String what) {
        if (held == null) {
            held = lock(what);
        }
        holders++;
        return held;
    }

    private static MachineTurn lock(String what) {
        Path file = TempFiles.repositoryRoot().resolve("target/machine-turn.lock");
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    long waitStarted = System.nanoTime();
                    System.out.println(what + ": waiting for the machine (another lane's rate-holding run or broker start has it)");
                    lock = channel.lock();
                    System.out.printf("%s: the machine is free after %.1f s%n", what, (System.nanoTime() - waitStarted) / 1e9);
                }
                return new MachineTurn(channel, lock);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file, e);
        }
    }

    /** Gives the turn back once every nested take has closed it. */
    @Override
    public void close() {
        synchronized (MachineTurn.class) {
            if (--holders > 0) {
                return;
            }
            held = null;
            try {
                lock.release();
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
