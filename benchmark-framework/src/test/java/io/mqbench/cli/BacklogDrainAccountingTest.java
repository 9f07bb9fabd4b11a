package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.config.SetOverrides;
import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.result.TestResult;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.Worker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backlog mode counts every message of the drain. The CI failure of 2026-11-24 (a drain measured
 * at the producers' rate): when the coordinator was slow between resuming the consumers and
 * opening the drain's first period, the fast loopback consumers took the whole backlog in that
 * gap, and opening the period then dropped it. Here the gap is made certain: a real local worker
 * whose {@code resumeConsumers} returns only after the consumers have had a second.
 */
class BacklogDrainAccountingTest {
    @TempDir
    Path dir;

    @Test
    void theMessagesTakenRightAfterTheConsumersResumeAreMeasured() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LoopbackDriverYaml.named("Loopback"));
        // 0.1 GB of 100 KB messages: 1,049 messages, built in about 1 s at 2,000 msg/s.
        Path workload = TempFiles.write(dir, "w.yaml", """
                name: backlog
                topics: 1
                partitionsPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                messageSize: 102400
                producerRate: 2000
                testDurationSeconds: 3
                warmupDurationSeconds: 0
                consumerBacklogSizeGB: 0.1
                """);
        RunPlan plan = RunPlan.load(List.of(driver.toFile()), List.of(workload.toFile()), null, null, SetOverrides.NONE, false);
        PlanRunner runner = new PlanRunner(new PrintStream(new ByteArrayOutputStream()), new StopSignal(),
                point -> slowAfterResume(new LocalWorker()));
        List<BenchmarkRun.Outcome> outcomes = runner.run(plan.points(), dir.resolve("out"), done -> {});

        TestResult result = outcomes.get(0).result();
        long built = result.backlogPhase.builtMessages;
        double consumed = 0;
        double published = 0;
        for (int i = 0; i < result.consumeRate.size(); i++) {
            consumed += result.consumeRate.get(i) * result.periodSeconds.get(i);
            published += result.publishRate.get(i) * result.periodSeconds.get(i);
        }
        assertTrue(built >= 1_049, "built " + built);
        assertEquals(0, result.delivery.lost);
        // Everything built is drained in the measured phase, plus (nearly) everything sent during it.
        assertTrue(consumed >= built + 0.9 * published,
                "measured " + Math.round(consumed) + " consumed, " + Math.round(published) + " published, backlog " + built);
    }

    /** The worker, with a coordinator that is busy for a second after it resumed the consumers. */
    private static Worker slowAfterResume(Worker worker) {
        return (Worker) Proxy.newProxyInstance(Worker.class.getClassLoader(), new Class<?>[] {Worker.class}, (proxy, method, args) -> {
            Object value;
            try {
                value = method.invoke(worker, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (method.getName().equals("resumeConsumers")) {
                Thread.sleep(1_000);
            }
            return value;
        });
    }
}
