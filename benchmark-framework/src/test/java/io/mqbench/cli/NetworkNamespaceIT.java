package io.mqbench.cli;

import io.mqbench.testing.BenchmarkCli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.WallClockSteps;
import io.mqbench.testing.LoopbackDriverYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two workers as two "hosts": each in a network namespace of its own, joined by a veth pair
 * (10.77.0.1 and 10.77.0.2), the coordinator in the first. The result must show both clock
 * offsets and round trips. Needs root and {@code ip netns}; skipped with the reason otherwise.
 */
class NetworkNamespaceIT {
    private static final String TOKEN = "7a1e0c9b8d2f4e6a0b1c2d3e4f5a6b7c";

    @TempDir
    Path dir;

    @Test
    void twoWorkersInSeparateNamespacesReportTheirClockOffsets() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        String a = "mqbA-" + suffix;
        String b = "mqbB-" + suffix;
        List<JavaProcess> processes = new ArrayList<>();
        List<String> namespaces = new ArrayList<>();
        WallClockSteps wallClock = WallClockSteps.watch();
        try {
            String refusal = ip("netns", "add", a);
            Assumptions.assumeTrue(refusal == null, "skipped: cannot create network namespaces here (needs root and iproute2's ip netns): " + refusal);
            namespaces.add(a);
            require(ip("netns", "add", b));
            namespaces.add(b);
            require(ip("link", "add", "vA" + suffix, "type", "veth", "peer", "name", "vB" + suffix));
            require(ip("link", "set", "vA" + suffix, "netns", a));
            require(ip("link", "set", "vB" + suffix, "netns", b));
            require(ip("-n", a, "addr", "add", "10.77.0.1/24", "dev", "vA" + suffix));
            require(ip("-n", b, "addr", "add", "10.77.0.2/24", "dev", "vB" + suffix));
            for (String[] link : new String[][] {{a, "vA" + suffix}, {b, "vB" + suffix}, {a, "lo"}, {b, "lo"}}) {
                require(ip("-n", link[0], "link", "set", link[1], "up"));
            }

            Path token = TempFiles.write(dir, "worker.token", TOKEN + "\n");
            Path logs = dir.resolve("logs");
            JavaProcess first = worker(logs, a, "10.77.0.1", token);
            processes.add(first);
            JavaProcess second = worker(logs, b, "10.77.0.2", token);
            processes.add(second);

            Path driver = TempFiles.write(dir, "loopback.yaml", LoopbackDriverYaml.named("Loopback"));
            Path workload = TempFiles.write(dir, "w.yaml", """
                    name: two-hosts
                    topics: 2
                    partitionsPerTopic: 1
                    messageSize: 256
                    subscriptionsPerTopic: 1
                    consumerPerSubscription: 1
                    producersPerTopic: 1
                    producerRate: 1000
                    testDurationSeconds: 4
                    warmupDurationSeconds: 0
                    """);
            JavaProcess coordinator = JavaProcess.start(logs, "coordinator", List.of("ip", "netns", "exec", a), "io.mqbench.cli.Main",
                    List.of("-d", driver.toString(), "-w", first.url() + "," + second.url(), "--placement", "colocated",
                            "--token-file", token.toString(), "-o", dir.resolve("results").toString(), workload.toString()));
            processes.add(coordinator);
            assertEquals(0, coordinator.await(120), coordinator.stdout() + coordinator.stderr());
            wallClock.close();

            JsonNode r = BenchmarkCli.onlyResult(dir.resolve("results"));
            assertEquals("complete", r.get("status").asText());
            JsonNode details = r.get("workerDetails");
            assertEquals(2, details.size());
            long steps = wallClock.rangeMicros();
            System.out.println("clock offsets between network namespaces (coordinator in " + a + "; the wall clock moved "
                    + steps + " µs against the monotonic clock meanwhile):");
            for (JsonNode worker : details) {
                JsonNode clock = worker.get("clock");
                assertTrue(clock.has("offsetMicros") && clock.get("roundTripMicros").asLong() > 0, clock.toString());
                // One kernel: the processes' clocks differ only by the wall clock's steps between their
                // starts (each anchors to it once), and the estimate is off by at most half its round trip.
                long bound = clock.get("roundTripMicros").asLong() / 2 + steps + 1_000;
                assertTrue(Math.abs(clock.get("offsetMicros").asLong()) <= bound,
                        clock + " beyond " + bound + " µs (the wall clock moved " + steps + " µs)");
                System.out.printf("  %s: offset %d µs, round trip %d µs%n", worker.get("worker").asText(),
                        clock.get("offsetMicros").asLong(), clock.get("roundTripMicros").asLong());
            }
            assertTrue(coordinator.stdout().contains("clock of http://10.77.0.2:"), coordinator.stdout());
            assertTrue(r.at("/delivery/checked").asBoolean() && r.at("/delivery/lost").asLong() == 0, r.get("delivery").toString());
        } finally {
            wallClock.close();
            processes.forEach(JavaProcess::close);
            for (String namespace : namespaces) {
                ip("netns", "del", namespace);
            }
        }
    }

    private static JavaProcess worker(Path logs, String namespace, String address, Path token) {
        JavaProcess worker = JavaProcess.start(logs, namespace, List.of("ip", "netns", "exec", namespace), "io.mqbench.cli.WorkerMain",
                List.of("--bind", address, "--port", "0", "--stats-port", "0", "--token-file", token.toString()));
        return worker.awaitListening();
    }

    /** Runs {@code ip}; returns null on success, else what went wrong. */
    private static String ip(String... args) {
        List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return String.join(" ", command) + ": timed out";
            }
            return process.exitValue() == 0 ? null : String.join(" ", command) + ": " + output;
        } catch (IOException e) {
            return String.join(" ", command) + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static void require(String failure) {
        if (failure != null) {
            throw new AssertionError(failure);
        }
    }
}
