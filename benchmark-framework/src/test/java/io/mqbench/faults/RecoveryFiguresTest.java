package io.mqbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.FaultRecord;
import io.mqbench.result.ResultAssembler;
import io.mqbench.result.TestResult;
import io.mqbench.stats.PeriodStats;
import io.mqbench.result.SecondSamples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recovery figures read off second-by-second samples built here, as a broker outage would leave them. */
class RecoveryFiguresTest {
    private static final double RATE = 5_000;

    /** Samples of one second each; per second: published, consumed, errors, backlog, end-to-end max ms, publish delay max µs. */
    private static SecondSamples samples(double[][] seconds) {
        SecondSamples s = new SecondSamples();
        for (int i = 0; i < seconds.length; i++) {
            double[] row = seconds[i];
            s.second.add(i + 1.0);
            s.publishRate.add(row[0]);
            s.consumeRate.add(row[1]);
            s.publishErrorRate.add(row[2]);
            s.backlog.add((long) row[3]);
            Double e2e = row[1] > 0 ? row[4] : null;
            s.publishLatency50pct.add(e2e == null ? null : 1.0);
            s.publishLatency99pct.add(e2e == null ? null : 2.0);
            s.publishLatencyMax.add(e2e == null ? null : 3.0);
            s.publishDelayLatency99pct.add(row[0] > 0 ? (long) row[5] / 2 : null);
            s.publishDelayLatencyMax.add(row[0] > 0 ? (long) row[5] : null);
            s.endToEndLatency50pct.add(e2e);
            s.endToEndLatency99pct.add(e2e);
            s.endToEndLatencyMax.add(e2e);
        }
        return s;
    }

    private static double[] steady() {
        return new double[] {RATE, RATE, 0, 20, 5, 100};
    }

    private static FaultRecord fault(String action, double at) {
        FaultRecord r = new FaultRecord();
        r.action = action;
        r.target = "kafka";
        r.startSecond = at;
        r.dueSecond = at;
        return r;
    }

    /** Killed at 5.0 s: 5 silent seconds, a catch-up second, then steady again. */
    @Test
    void anOutageOfFiveSecondsAndItsCatchUp() {
        double[][] run = new double[20][];
        for (int i = 0; i < run.length; i++) {
            run[i] = steady();
        }
        for (int i = 5; i < 10; i++) {
            run[i] = new double[] {0, 0, 100, 20, 0, 0};
        }
        run[10] = new double[] {RATE * 6, RATE * 5, 0, 5_000, 5_400, 5_200_000}; // the buffered sends go out
        run[11] = new double[] {RATE, RATE * 2, 0, 40, 300, 200};
        FaultRecord kill = fault("kill", 5.0);
        FaultRecord start = fault("start", 9.0);
        RecoveryFigures.fill(List.of(kill, start), samples(run), RATE, RATE);

        FaultRecord.Recovery r = kill.recovery;
        assertEquals(0.0, r.firstImpactSeconds);
        assertEquals(5.0, r.publishUnavailableSeconds);
        assertEquals(5.0, r.consumeUnavailableSeconds);
        assertEquals(7.0, r.ratesRecoveredSeconds, "seconds 12-14 are steady: back from 12.0, 7 s after the kill");
        assertEquals(7.0, r.backlogRecoveredSeconds, "the backlog is back at its level at the end of second 12");
        assertTrue(r.recovered);
        assertEquals(500, r.sendErrors);
        assertEquals(5_000, r.peakBacklog);
        assertEquals(5_200.0, r.peakPublishDelayMaxMs);
        assertEquals(5_400.0, r.peakEndToEndLatencyMaxMs);
        assertNull(start.recovery, "a start ends a fault; it is not one");
    }

    /**
     * The send errors of a fault are the errors that were counted, to the message. Samples end
     * between whole milliseconds (here every other one 0.6 ms after one); errors read back as
     * rate times a length taken from ends rounded to the millisecond were off by a few wherever
     * the rate changed (seen: 30,074 against the run's 30,070 on a Redis kill).
     */
    @Test
    void theSendErrorsOfAFaultAreTheErrorsCountedInItsSeconds() {
        ResultAssembler assembler = new ResultAssembler(1);
        TestResult result = assembler.result();
        long[] errors = {0, 0, 5_000, 1_000, 5_000, 1_000, 5_000, 1_000, 5_000, 0, 0, 0, 0, 0};
        double end = 0;
        long sent = 0;
        long expected = 0;
        for (int i = 0; i < errors.length; i++) {
            double length = i % 2 == 0 ? 1.0006 : 0.9994;
            end += length;
            PeriodStats second = new PeriodStats();
            long ok = errors[i] > 0 ? 0 : 5_000;
            second.messagesSent = ok;
            second.messagesReceived = ok;
            second.messageSendErrors = errors[i];
            sent += ok;
            second.totalMessagesSent = sent;
            second.totalMessagesReceived = sent;
            assembler.addSample(second, length, end);
            expected += errors[i];
        }
        FaultRecord kill = fault("kill", 2.0);
        RecoveryFigures.fill(List.of(kill), result.samples, RATE, RATE);
        assertEquals(expected, kill.recovery.sendErrors);
    }

    @Test
    void aSecondAtHalfTheRateCountsHalfASecondOfSilence() {
        double[][] run = new double[12][];
        for (int i = 0; i < run.length; i++) {
            run[i] = steady();
        }
        run[3] = new double[] {RATE / 2, RATE / 2, 0, 20, 600, 100};
        for (int i = 4; i < 6; i++) {
            run[i] = new double[] {0, 0, 0, 20, 0, 0};
        }
        run[6] = new double[] {RATE * 2.5, RATE * 2.5, 0, 20, 2_600, 100};
        FaultRecord freeze = fault("freeze", 3.5);
        RecoveryFigures.fill(List.of(freeze), samples(run), RATE, RATE);
        assertEquals(2.5, freeze.recovery.publishUnavailableSeconds, "half of second 4, all of 5 and 6");
        assertEquals(0.0, freeze.recovery.firstImpactSeconds, "second 4, which holds the fault, is short");
    }

    @Test
    void aRunThatNeverGetsBackSaysSo() {
        double[][] run = new double[10][];
        for (int i = 0; i < run.length; i++) {
            run[i] = i < 4 ? steady() : new double[] {RATE * 0.5, RATE * 0.5, 0, 20 + 1000L * i, 0, 0};
        }
        FaultRecord fault = fault("command", 4.0);
        RecoveryFigures.fill(List.of(fault), samples(run), RATE, RATE);
        assertFalse(fault.recovery.recovered);
        assertNull(fault.recovery.ratesRecoveredSeconds);
        assertNull(fault.recovery.backlogRecoveredSeconds);
        assertEquals(10.0, fault.recovery.windowEndSecond);
        assertEquals(0.5, fault.recovery.publishUnavailableSeconds, "never silent: the largest idle share of a second");
    }

    @Test
    void aFaultTheRunDidNotFeel() {
        double[][] run = new double[8][];
        for (int i = 0; i < run.length; i++) {
            run[i] = steady();
        }
        FaultRecord fault = fault("command", 2.0);
        RecoveryFigures.fill(List.of(fault), samples(run), RATE, RATE);
        assertNull(fault.recovery.firstImpactSeconds);
        assertTrue(fault.recovery.recovered);
        assertEquals(0.0, fault.recovery.publishUnavailableSeconds);
    }

    /**
     * A 50-ms delay from 5.0 s to 10.0 s: the rates never leave their band, so the run "recovers" at
     * once; the peaks must still cover the whole delay, up to the heal, not only its first second.
     */
    @Test
    void thePeaksOfADelayCoverItUntilItsHealThoughTheRatesNeverDipped() {
        double[][] run = new double[20][];
        for (int i = 0; i < run.length; i++) {
            run[i] = steady();
        }
        for (int i = 5; i < 10; i++) {
            run[i] = new double[] {RATE, RATE, 0, 520, 105 + i, 100};
        }
        run[7][4] = 140; // the highest end-to-end second lies in the middle of the delay
        FaultRecord delay = fault("delay", 5.0);
        FaultRecord heal = fault("heal", 10.0);
        RecoveryFigures.fill(List.of(delay, heal), samples(run), RATE, RATE);

        FaultRecord.Recovery r = delay.recovery;
        assertNull(r.firstImpactSeconds, "no second below the rate, no error");
        assertTrue(r.recovered);
        assertEquals(140.0, r.peakEndToEndLatencyMaxMs, "the peak of second 8, three seconds into the delay");
        assertEquals(520, r.peakBacklog);
        assertEquals(10.0, r.windowEndSecond, "the figures run to the heal");
        assertEquals(0.0, r.publishUnavailableSeconds);
    }
}
