package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.PeriodStats;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The loop that watches a running load: every second it reads the workers' counters (for end
 * conditions, and kept as samples when asked) and their statistics of that second (kept, when
 * measuring, as the result's second-by-second samples); every period it merges those seconds
 * into the period, prints the live line and, when measuring, records the period in the result.
 * A stop request ends the loop after recording the period in progress, so a partial run keeps
 * everything it measured.
 */
final class LoadMonitor {
    static final Duration PERIOD = Duration.ofSeconds(10);
    private static final long SAMPLE_NANOS = 1_000_000_000L;
    private static final int SECONDS_PER_PERIOD = (int) (PERIOD.toNanos() / SAMPLE_NANOS);
    /** A last period shorter than this is noise: its rate would rest on a handful of messages. */
    private static final double SHORTEST_RECORDED_PERIOD_SECONDS = 1.0;

    private final RunContext ctx;
    private List<LoadSample> samples;
    private double lastCpuShare = Double.NaN;
    private WorkerCall atStart = () -> {};

    LoadMonitor(RunContext ctx) {
        this.ctx = ctx;
    }

    /** Adds every second's counters to {@code into} (for judging whether a rate held). */
    LoadMonitor keepingSamples(List<LoadSample> into) {
        this.samples = into;
        return this;
    }

    /**
     * Makes {@code call} the first thing after the first period's window opens: what starts the
     * load it watches (resuming paused consumers) then falls inside the measured windows. Started
     * before the window opened, the first messages would be dropped with the stretch before it
     * (seen in CI: a stall of the coordinator there, and the drain of a whole backlog went unmeasured).
     */
    LoadMonitor startingWith(WorkerCall call) {
        this.atStart = call;
        return this;
    }

    /** A call to the workers. */
    @FunctionalInterface
    interface WorkerCall {
        void run() throws IOException;
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
        atStart.run();
        ctx.clientLoad.sample(ctx.worker, false);
        Seconds period = new Seconds(start);
        // Live lines on a clock of their own when asked for another interval than the period's.
        Seconds live = ctx.console.liveSeconds() == SECONDS_PER_PERIOD ? null : new Seconds(start);
        long nextSample = start + SAMPLE_NANOS;
        while (true) {
            long now = System.nanoTime();
            long untilNext = nextSample - now;
            try {
                if (untilNext > 0) {
                    ctx.stop.sleep((untilNext + 999_999) / 1_000_000);
                }
            } catch (StopSignal.RunStopped stopped) {
                long end = System.nanoTime();
                if (record && (end - period.start) / 1e9 >= SHORTEST_RECORDED_PERIOD_SECONDS) {
                    takeSecond(period, end, start, true);
                    closePeriod(progress.apply(Duration.ofNanos(end - start)), period, true);
                }
                throw stopped;
            }
            now = System.nanoTime();
            if (now - nextSample < 0) {
                continue; // woken early: a sample is a whole second
            }
            PeriodStats second = takeSecond(period, now, start, record);
            while (nextSample - now <= 0) {
                nextSample += SAMPLE_NANOS; // a late tick does not make the next ones come faster
            }
            Duration elapsed = Duration.ofNanos(now - start);
            CountersStats counters = ctx.worker.getCountersStats();
            if (samples != null) {
                samples.add(LoadSample.of(counters, now));
            }
            boolean reachedMinimum = elapsed.compareTo(minimum) >= 0;
            // Asked every tick, also before the minimum: a condition may note when it first held.
            boolean finishedNow = finished.test(counters);
            boolean done = (reachedMinimum && finishedNow) || elapsed.compareTo(maximum) >= 0;
            // A period is ten of the seconds, so its edges are the seconds' edges (a period timed on
            // its own made a sample of a millisecond where the two clocks met).
            boolean endOfPeriod = period.count == SECONDS_PER_PERIOD;
            if (endOfPeriod || (done && period.length() >= SHORTEST_RECORDED_PERIOD_SECONDS)) {
                closePeriod(progress.apply(elapsed), period, record);
                period = new Seconds(now);
            }
            if (live != null) {
                live.add(second, now);
                if (live.count == ctx.console.liveSeconds() || done) {
                    // The client CPU share shown is the last period's: it is measured per period.
                    ctx.console.live(progress.apply(elapsed), live.stats, live.length(), live.backlog(), lastCpuShare);
                    live = new Seconds(now);
                }
            }
            if (done) {
                return reachedMinimum && finishedNow;
            }
        }
    }

    /**
     * Records a finished period (when measuring) and prints the live line. Its seconds were taken
     * from the workers as they passed; each ended at the instant just before its request, which
     * opened the next, so the periods the coordinator divides by are the windows the workers
     * counted in.
     */
    private void closePeriod(String progress, Seconds period, boolean record) throws IOException {
        if (record) {
            ctx.assembler.addPeriod(period.stats, period.length());
            ctx.measurementStarted = true;
        }
        lastCpuShare = ctx.clientLoad.sample(ctx.worker, record);
        if (ctx.console.liveSeconds() == SECONDS_PER_PERIOD) {
            ctx.console.live(progress, period.stats, period.length(), period.backlog(), lastCpuShare);
        }
    }

    /**
     * Takes the workers' statistics of the second that ends now, adds them to the period in
     * progress and returns them; a measured second is also kept as a sample.
     */
    private PeriodStats takeSecond(Seconds period, long now, long phaseStart, boolean record) throws IOException {
        PeriodStats second = ctx.worker.getPeriodStats();
        if (record) {
            ctx.assembler.addSample(second, (now - period.end) / 1e9, (now - phaseStart) / 1e9);
        }
        period.add(second, now);
        return second;
    }

    /** Whole seconds merged: a period in progress, or the seconds since the last live line. */
    private final class Seconds {
        final long start;
        long end;
        int count;
        PeriodStats stats;

        Seconds(long start) {
            this.start = start;
            this.end = start;
        }

        void add(PeriodStats second, long now) {
            stats = stats == null ? second : stats.followedBy(second);
            end = now;
            count++;
        }

        double length() {
            return (end - start) / 1e9;
        }

        long backlog() {
            return ctx.assembler.backlog(stats.totalMessagesSent, stats.totalMessagesReceived);
        }
    }
}
