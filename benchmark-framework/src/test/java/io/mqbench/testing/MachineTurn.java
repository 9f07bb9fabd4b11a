package io.mqbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A turn at the machine for a run that must hold a rate: at most one such run at a time across
 * every test JVM of this clone. bin/test runs two lanes of integration tests side by side, and two
 * 20-s steady runs beside each other (two brokers and two harnesses on two cores) starved one
 * another in CI: Kafka's fell to 9,753 msg/s for 10,000 with the host 98 % busy and publish
 * medians of a second, while the other lane ran its own. The lanes' other tests (setups,
 * restarts, short checks) still overlap them.
 *
 * <p>The turn is an operating-system lock on a file under the repository's {@code target/}, so
 * it is shared by Surefire and Failsafe forks of every module and released when a JVM dies.
 */
public final class MachineTurn implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private MachineTurn(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits for the turn (saying so on standard output when another run holds it) and takes it. */
    public static MachineTurn take(String what) {
        Path file = TempFiles.repositoryRoot().resolve("target/machine-turn.lock");
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    long waitStarted = System.nanoTime();
                    System.out.println(what + ": waiting for the machine (another lane's rate-holding run has it)");
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

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
