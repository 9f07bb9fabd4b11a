package io.mqbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.TestResult;
import io.mqbench.worker.ProcessLoad;
import io.mqbench.worker.SenderLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientLoadMeterTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long MILLI = 1_000_000L;

    @Test
    void theShareOfItsCoresAWorkerUsedBetweenTwoSamples() {
        ClientLoadMeter meter = new ClientLoadMeter();
        assertTrue(Double.isNaN(meter.sample(List.of(load("a", 0, 0, 0)), false)), "one sample says nothing yet");
        // 10 s on 2 cores with 15 s of CPU: 75 %.
        assertEquals(0.75, meter.sample(List.of(load("a", 10 * SECOND, 15 * SECOND, 0)), false), 1e-9);
        assertNull(meter.summary(100, 100), "nothing recorded: no verdict");
    }

    @Test
    void aWorkerOnNearlyAllItsCoresMakesTheRunClientBoundAndTheBusiestPeriodIsKept() {
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(load("busy", 0, 0, 0), load("idle", 0, 0, 0)), false);
        meter.sample(List.of(load("busy", 10 * SECOND, 19 * SECOND, 0), load("idle", 10 * SECOND, 2 * SECOND, 0)), true);
        meter.sample(List.of(load("busy", 20 * SECOND, 37 * SECOND, 0), load("idle", 20 * SECOND, 4 * SECOND, 0)), true);
        TestResult.ClientLoad load = meter.summary(1_000_000, 500_000);
        assertEquals(2, load.workers.size());
        TestResult.WorkerLoad busy = load.workers.get(0);
        assertEquals(0.925, busy.cpuShare, 1e-9);
        assertEquals(0.95, busy.cpuShareMaxPeriod, 1e-9);
        assertEquals(20.0, busy.measuredSeconds, 1e-9);
        assertEquals(List.of("busy used 93% of its 2 cores"), load.reasons);
        // (37 + 4) s of CPU for a million sends: 41 µs each; half as many received: 82 µs each.
        assertEquals(41.0, load.cpuMicrosPerMessageSent, 1e-9);
        assertEquals(82.0, load.cpuMicrosPerMessageReceived, 1e-9);
    }

    @Test
    void garbageCollectionTakingATenthOfTheTimeIsAReasonToo() {
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(load("a", 0, 0, 0)), false);
        meter.sample(List.of(load("a", 10 * SECOND, 2 * SECOND, 1_500)), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.15, load.workers.get(0).gcShare, 1e-9);
        assertEquals(1, load.reasons.size());
        assertTrue(load.reasons.get(0).startsWith("a spent 15% of the time collecting garbage"), load.reasons.toString());
    }

    @Test
    void aQuietClientIsNotBound() {
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(load("a", 0, 0, 0)), false);
        meter.sample(List.of(load("a", 10 * SECOND, 3 * SECOND, 50)), true);
        assertTrue(meter.summary(10, 10).reasons.isEmpty());
    }

    @Test
    void aMachineKeptBusyByOtherProcessesMakesTheRunClientBoundToo() {
        // The worker used 45 % of its cores, a broker beside it the rest: 97 % of the machine.
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(load("a", 0, 0, 0, 1_000, 2_000)), false);
        meter.sample(List.of(load("a", 10 * SECOND, 9 * SECOND, 0, 1_000 + 1_940, 2_000 + 2_000)), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.97, load.workers.get(0).hostCpuShare, 1e-9);
        assertEquals(List.of("the machine of a was 97% busy (a itself used 45% of its 2 cores; other processes, such as"
                + " a broker on the same machine, the rest)"), load.reasons);
    }

    @Test
    void aMachineWithRoomLeftOrThatDoesNotSayIsNoReason() {
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(load("a", 0, 0, 0, 1_000, 2_000), load("old", 0, 0, 0, 0, 0)), false);
        meter.sample(List.of(load("a", 10 * SECOND, 9 * SECOND, 0, 1_000 + 1_200, 2_000 + 2_000),
                load("old", 10 * SECOND, 9 * SECOND, 0, 0, 0)), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.6, load.workers.get(0).hostCpuShare, 1e-9);
        assertNull(load.workers.get(1).hostCpuShare, "a worker that does not report its machine");
        assertTrue(load.reasons.isEmpty(), load.reasons.toString());
    }

    @Test
    void aClientStillCompilingItsCodeIsToldButNotClientBound() {
        // 10 s with 3 s of CPU: "compiling" spent 0.5 s of it compiling (17 %), "compiled" 0.2 s
        // (7 %); "silent" runs on a JVM that does not say (-1); "brief" used 0.1 s of CPU, 0.07 s
        // of it compiling (70 %, but too little to tell).
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(jit("compiling", 0, 0, 4_000), jit("compiled", 0, 0, 9_000), jit("silent", 0, 0, -1),
                jit("brief", 0, 0, 1_000)), false);
        meter.sample(List.of(jit("compiling", 10 * SECOND, 3 * SECOND, 4_500), jit("compiled", 10 * SECOND, 3 * SECOND, 9_200),
                jit("silent", 10 * SECOND, 3 * SECOND, -1), jit("brief", 10 * SECOND, SECOND / 10, 1_070)), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.5, load.workers.get(0).jitSeconds, 1e-9);
        assertEquals(0.2, load.workers.get(1).jitSeconds, 1e-9);
        assertNull(load.workers.get(2).jitSeconds, "a JVM that does not say");
        assertEquals(0.07, load.workers.get(3).jitSeconds, 1e-9);
        assertTrue(load.reasons.isEmpty(), load.reasons.toString());
        assertEquals(List.of("compiling compiled for 0.5 s of its 3.0 s of CPU (17%)"), ClientLoadMeter.stillCompiling(load));
    }

    @Test
    void aHostThatTookAFifthOfAPercentOrMoreOfTheMachinesCpuIsTold() {
        // Over 4,000 ticks of the machine, the host took 20 from "stolen" (0.5 %) and 4 from "spared" (0.1 %).
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(steal("stolen", 0, 1_000, 2_000, 100), steal("spared", 0, 1_000, 2_000, 100)), false);
        meter.sample(List.of(steal("stolen", 10 * SECOND, 2_000, 6_000, 120), steal("spared", 10 * SECOND, 2_000, 6_000, 104)), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.005, load.workers.get(0).hostStealShare, 1e-9);
        assertEquals(0.001, load.workers.get(1).hostStealShare, 1e-9);
        assertEquals(List.of("0.5% of the machine of stolen (steal time)"), ClientLoadMeter.hostTookCpu(load));
        assertTrue(load.reasons.isEmpty(), "the host's share is in the machine's busy share, not a reason of its own");
    }

    @Test
    void theHostsShareBeforeTheMeasuredPhaseIsTheLargestOfAnyWorkersAndLeavesTheMeasuredPhaseOut() {
        ClientLoadMeter meter = new ClientLoadMeter();
        assertTrue(Double.isNaN(meter.hostStealShareBeforeMeasuring()), "nothing sampled yet");
        // Warm-up: "a" lost 60 of 2,000 ticks (3 %) over two periods, "b" 10 of 2,000 (0.5 %).
        meter.sample(List.of(steal("a", 0, 0, 1_000, 0), steal("b", 0, 0, 1_000, 0)), false);
        meter.sample(List.of(steal("a", SECOND, 0, 2_000, 20), steal("b", SECOND, 0, 2_000, 10)), false);
        meter.sample(List.of(steal("a", 2 * SECOND, 0, 3_000, 60), steal("b", 2 * SECOND, 0, 3_000, 10)), false);
        assertEquals(0.03, meter.hostStealShareBeforeMeasuring(), 1e-9);
        // The measured phase's ticks are the measured phase's (clientLoad), not the search's.
        meter.sample(List.of(steal("a", 3 * SECOND, 0, 4_000, 1_060), steal("b", 3 * SECOND, 0, 4_000, 10)), true);
        assertEquals(0.03, meter.hostStealShareBeforeMeasuring(), 1e-9);
    }

    @Test
    void aSendingThreadWithNoTimeToSpareMakesTheRunClientBoundWhateverTheProcessesShare() {
        // 10 s on 2 cores with 11 s of CPU (55 %, no reason of its own). Sender 7 ran 8.5 s and
        // waited for a core 0.7 s (92 %); sender 8 ran 3 s and waited 1 s (40 %).
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(senders("a", 0, 0, new SenderLoad("mqbench-sender-0", 7, 1_000, 500),
                new SenderLoad("mqbench-sender-1", 8, 2_000, 0))), false);
        meter.sample(List.of(senders("a", 10 * SECOND, 11 * SECOND, new SenderLoad("mqbench-sender-0", 7, 1_000 + 8_500 * MILLI,
                500 + 700 * MILLI), new SenderLoad("mqbench-sender-1", 8, 2_000 + 3 * SECOND, SECOND))), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        TestResult.WorkerLoad worker = load.workers.get(0);
        assertEquals(0.92, worker.senderBusyShare, 1e-9);
        assertEquals(0.85, worker.senderRunShare, 1e-9);
        assertEquals(List.of("the sending thread mqbench-sender-0 of a had no time to spare: it ran 85% of the measured phase"
                + " and waited for a core 7% (a sender that keeps up sleeps until its next message is due; more producers, or"
                + " workers, would tell)"), load.reasons);
    }

    @Test
    void aSenderThatSleptOrStartedBetweenTheSamplesIsNoReason() {
        // Sender 3 ran 5 s of 10 (50 %); sender 4 started after the first sample (a new run's
        // sender, named as an old one was): it has no interval, whatever its counters say; a
        // platform that gives no run-queue time counts the running alone.
        ClientLoadMeter meter = new ClientLoadMeter();
        meter.sample(List.of(senders("a", 0, 0, new SenderLoad("mqbench-sender-0", 3, 0, -1))), false);
        meter.sample(List.of(senders("a", 10 * SECOND, 6 * SECOND, new SenderLoad("mqbench-sender-0", 3, 5 * SECOND, -1),
                new SenderLoad("mqbench-sender-0", 4, 9 * SECOND, 0))), true);
        TestResult.ClientLoad load = meter.summary(10, 10);
        assertEquals(0.5, load.workers.get(0).senderBusyShare, 1e-9);
        assertTrue(load.reasons.isEmpty(), load.reasons.toString());

        ClientLoadMeter none = new ClientLoadMeter();
        none.sample(List.of(load("a", 0, 0, 0)), false);
        none.sample(List.of(load("a", 10 * SECOND, SECOND, 0)), true);
        assertNull(none.summary(10, 10).workers.get(0).senderBusyShare, "a worker without senders (or an older one)");
    }

    private static ProcessLoad senders(String worker, long at, long cpu, SenderLoad... senders) {
        return new ProcessLoad(worker, at, 2, cpu, 0, 0, 100L << 20, 1024L << 20, 0, 0, 0, List.of(senders));
    }

    private static ProcessLoad load(String worker, long at, long cpu, long gcMillis) {
        return load(worker, at, cpu, gcMillis, 0, 0);
    }

    private static ProcessLoad load(String worker, long at, long cpu, long gcMillis, long hostBusy, long hostTotal) {
        return new ProcessLoad(worker, at, 2, cpu, gcMillis, 0, 100L << 20, 1024L << 20, hostBusy, hostTotal, 0, List.of());
    }

    private static ProcessLoad steal(String worker, long at, long hostBusy, long hostTotal, long hostSteal) {
        return new ProcessLoad(worker, at, 2, 0, 0, 0, 100L << 20, 1024L << 20, hostBusy, hostTotal, hostSteal, List.of());
    }

    private static ProcessLoad jit(String worker, long at, long cpu, long jitMillis) {
        return new ProcessLoad(worker, at, 2, cpu, 0, jitMillis, 100L << 20, 1024L << 20, 0, 0, 0, List.of());
    }
}
