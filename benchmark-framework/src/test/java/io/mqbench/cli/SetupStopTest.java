package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.MisbehavingDriver;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C during a setup call that takes long (a broker creating many topics) ends the run at once. */
class SetupStopTest {
    @TempDir
    Path dir;

    @Test
    void aStopDuringTopicCreationEndsTheRunWithinSeconds() throws Exception {
        Path driver = TempFiles.write(dir, "slow.yaml", "name: Slow\ndriverClass: " + NeverCreatesTopics.class.getName() + "\n");
        Path workload = TempFiles.fixedRateWorkload(dir, "w", 100, 10, 0);
        BenchmarkCli runner = new BenchmarkCli();
        Thread run = new Thread(() -> runner.execute("-d", driver.toString(), "-o", dir.resolve("out").toString(), workload.toString()));
        run.start();
        runner.awaitOutput("-- create 1 topic(s)");
        Thread.sleep(300);
        long stoppedAt = System.nanoTime();
        runner.stop.stop("Ctrl-C");
        run.join(10_000);
        assertFalse(run.isAlive(), "still creating topics 10 s after the stop (it waited for the driver's 300-s limit): " + runner.out());
        assertTrue((System.nanoTime() - stoppedAt) / 1e9 < 3, "ended within 3 s of the stop");
        assertEquals(ExitCodes.INTERRUPTED, runner.exitCode, runner.out() + runner.err());
        assertEquals(0, BenchmarkCli.results(dir.resolve("out")).size(), "nothing was sent: nothing to save");
    }

    /** A driver whose topic creation never finishes, like a broker asked for a million topics. */
    public static final class NeverCreatesTopics extends MisbehavingDriver {
        @Override
        public CompletableFuture<Void> createTopic(String topic, int partitions) {
            return new CompletableFuture<>();
        }
    }
}
