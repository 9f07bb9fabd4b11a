package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.worker.commands.CountersStats;
import io.mqbench.worker.commands.PeriodStats;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The loop that watches a running load: every second it reads the workers' counters (for end
 * conditions, and kept as samples when asked), every period it takes the period statistics, prints
 * the live line and, when measuring, records the period in the result. A stop request ends the loop
 * after recording the period in progress, so a partial run keeps everything it measured.
 */
final class LoadMonitor {
    static final Duration PERIOD = Duration.ofSeconds(10);
    private static final long CONTROL_INTERVAL_MILLIS = 1_000;
    /** A last period shorter than this is noise: its rate would rest on a handful of messages. */
    private static final double SHORTEST_RECORDED_PERIOD_SECONDS = 1.0;

    private final RunContext ctx;
    private List<LoadSample> samples;

    LoadMonitor(RunContext ctx) {
        this.ctx = ctx;
    }

    /** Adds every second's counters to {@code into} (for judging whether a rate held). */
    LoadMonitor keepingSamples(List<LoadSample> into) {
        this.samples = into;
        return this;
    }

    /** Runs for {@code duration}. */
    void runFor(String phase, Duration duration, boolean record) throws IOException {
        runUntil(phase, duration, counters -> false, duration, record, elapsed -> Console.progress(phase, elapsed, duration));
    }

    /**
     * Runs at least {@code minimum} and until {@code finished} holds, but no longer than {@code
     * maximum}. Returns true if {@code finished} held.
     */
    boolean runUntil(String phase, Duration minimum, Predicate<CountersStats> finished, Duration maximum,
                     boolean record, Function<Duration, String> progress) throws IOException {
        long start = System.nanoTime();
        // The first period's window opens now (measured with upstream workers: a first period of
        // 2,030-2,061 msg/s for a steady 2,000 without this; 2,001-2,005 with it).
        ctx.worker.startPeriod();
        ctx.clientLoad.sample(ctx.worker, false);
        long periodStart = start;
        long nextPeriod = start + PERIOD.toNanos();
        while (true) {
            long now = System.nanoTime();
            long untilPeriod = (nextPeriod - now) / 1_000_000;
            try {
                ctx.stop.sleep(Math.max(1, Math.min(CONTROL_INTERVAL_MILLIS, untilPeriod)));
            } catch (StopSignal.RunStopped stopped) {
                long end = System.nanoTime();
                if (record && (end - periodStart) / 1e9 >= SHORTEST_RECORDED_PERIOD_SECONDS) {
                    takePeriod(progress.apply(Duration.ofNanos(end - start)), periodStart, true);
                }
                throw stopped;
            }
            now = System.nanoTime();
            Duration elapsed = Duration.ofNanos(now - start);
            CountersStats counters = ctx.worker.getCountersStats();
            if (samples != null) {
                samples.add(LoadSample.of(counters, now));
            }
            boolean reachedMinimum = elapsed.compareTo(minimum) >= 0;
            // Asked every tick, also before the minimum: a condition may note when it first held.
            boolean finishedNow = finished.test(counters);
            boolean done = (reachedMinimum && finishedNow) || elapsed.compareTo(maximum) >= 0;
            boolean endOfPeriod = now - nextPeriod >= 0;
            if (endOfPeriod || (done && (now - periodStart) / 1e9 >= SHORTEST_RECORDED_PERIOD_SECONDS)) {
                periodStart = takePeriod(progress.apply(elapsed), periodStart, record);
                nextPeriod = periodStart + PERIOD.toNanos();
            }
            if (done) {
                return reachedMinimum && finishedNow;
            }
        }
    }

    /**
     * Closes the worker's period window and opens the next, returning when that happened: the same
     * instant (just before the request) ends one period and starts the next, so the periods the
     * coordinator divides by are the windows the workers counted in.
     */
    private long takePeriod(String progress, long from, boolean record) throws IOException {
        long to = System.nanoTime();
        PeriodStats period = ctx.worker.getPeriodStats();
        double seconds = (to - from) / 1e9;
        long backlog = ctx.assembler.backlog(period.totalMessagesSent, period.totalMessagesReceived);
        if (record) {
            ctx.assembler.addPeriod(period, seconds);
            ctx.measurementStarted = true;
        }
        double cpuShare = ctx.clientLoad.sample(ctx.worker, record);
        ctx.console.live(progress, period, seconds, backlog, cpuShare);
        return to;
    }
}
