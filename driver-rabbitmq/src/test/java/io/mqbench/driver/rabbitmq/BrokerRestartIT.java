package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.LocalBrokers;
import io.mqbench.testing.MachineTurn;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker is stopped and started again (bin/brokers) in the middle of a measured run. The run
 * must go on once the broker is back, and the result must count the sends that failed meanwhile
 * instead of hiding them. Quorum queues with persistent, confirmed messages: nothing confirmed may
 * be lost across the restart.
 */
class BrokerRestartIT {
    private static final int RATE = 1_000;

    @TempDir
    Path dir;

    @Test
    void aRunSurvivesABrokerRestartAndCountsTheFailedSends() throws Exception {
        Path driver = LocalBroker.driverFile(dir, "queueType: quorum\nmessagePersistence: true\n"
                + "reconnectIntervalMs: 500\n");
        Path workload = TempFiles.fixedRateWorkload(dir, "rabbitmq-it-restart", RATE, 40, 2);
        Path results = dir.resolve("results");
        BenchmarkCli run = new BenchmarkCli();
        // The whole run holds the machine's turn, so that the broker's start in its middle (which
        // takes the turn too) goes at once: waiting 13.6 s for the other lane's steady run kept
        // RabbitMQ down until the last period (publish rates 811, 0, 0, 373 msg/s in CI).
        try (MachineTurn turn = MachineTurn.take("driver-rabbitmq BrokerRestartIT")) {
            Thread runner = new Thread(() -> run.execute("-d", driver.toString(), "-o", results.toString(), workload.toString()),
                    "benchmark");
            runner.start();
            try {
                waitFor(run, "-- measure for");
                Thread.sleep(3_000);
                LocalBrokers.run("stop", "rabbitmq");
                Thread.sleep(1_000);
            } finally {
                LocalBrokers.run("start", "rabbitmq");
            }
            runner.join(180_000);
        }
        assertEquals(0, run.exitCode, run.out() + run.err());

        JsonNode r = BenchmarkCli.onlyResult(results);
        assertEquals("complete", r.get("status").asText());
        long failed = r.at("/summary/sendErrors").asLong();
        assertTrue(failed > 0, "sends failed while the broker was away: " + r.get("sendErrors"));
        long counted = 0;
        for (Map.Entry<String, JsonNode> kind : r.get("sendErrors").properties()) {
            counted += kind.getValue().asLong();
        }
        assertTrue(counted >= failed, "every failed send has a kind: " + r.get("sendErrors"));
        JsonNode rates = r.get("publishRate");
        double last = rates.get(rates.size() - 1).asDouble();
        assertTrue(last > RATE * 0.9, "publishing at full rate again at the end: " + rates);
        JsonNode consumed = r.get("consumeRate");
        assertTrue(consumed.get(consumed.size() - 1).asDouble() > RATE * 0.9, "consuming again: " + consumed);
        JsonNode delivery = r.get("delivery");
        assertTrue(delivery.get("checked").asBoolean());
        assertEquals(0, delivery.get("lost").asLong(), "confirmed persistent messages survive: " + delivery);
        // Before the stop and after the restart: the broker's start alone takes 5-15 s here.
        assertTrue(delivery.get("confirmedMessages").asLong() > RATE * 10L, delivery.toString());
    }

    private static void waitFor(BenchmarkCli run, String text) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!run.out().contains(text)) {
            if (System.currentTimeMillis() > deadline || run.exitCode >= 0) {
                throw new AssertionError("never printed '" + text + "':\n" + run.out() + run.err());
            }
            Thread.sleep(50);
        }
    }
}
