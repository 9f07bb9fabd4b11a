package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.PeriodStats;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The loop that watches a running load: every second it reads the workers' statistics of that
 * second and their counters (for end conditions), and hands both to its {@link LoadListener}s;
 * every ten seconds it closes a period of those seconds and hands that over too. What becomes of
 * them is the listeners' business: in a measured phase the result records the seconds as samples
 * and the periods as OMB's; the client's load is sampled with every period; the live line is
 * printed; a measured phase of the rate search keeps the counters. A stop request ends the loop
 * after handing over the period in progress, so a partial run keeps everything it measured.
 */
final class LoadMonitor {
    static final Duration PERIOD = Duration.ofSeconds(10);
    private static final long SAMPLE_NANOS = 1_000_000_000L;
    static final int SECONDS_PER_PERIOD = (int) (PERIOD.toNanos() / SAMPLE_NANOS);
    /** A last period shorter than this is noise: its rate would rest on a handful of messages. */
    private static final double SHORTEST_RECORDED_PERIOD_SECONDS = 1.0;

    private final RunContext ctx;
    private final List<LoadListener> extraListeners = new ArrayList<>();
    private WorkerCall atStart = () -> {};

    LoadMonitor(RunContext ctx) {
        this.ctx = ctx;
    }

    /** Adds every second's counters to {@code into} (for judging whether a rate held). */
    LoadMonitor keepingSamples(List<LoadSample> into) {
        return notifying(new LoadListener() {
            @Override
            public void counters(CountersStats counters, long nanoTime) {
                into.add(LoadSample.of(counters, nanoTime));
            }
        });
    }

    /** Hands what it reads to {@code listener} too, after the listeners of its own. */
    LoadMonitor notifying(LoadListener listener) {
        extraListeners.add(listener);
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
     * maximum}. With {@code record} the phase is measured: its seconds and periods go into the
     * result. Returns true if {@code finished} held.
     */
    boolean runUntil(String phase, Duration minimum, Predicate<CountersStats> finished, Duration maximum,
                     boolean record, Function<Duration, String> progress) throws IOException {
        List<LoadListener> listeners = listeners(record);
        long start = System.nanoTime();
        // The first period's window opens now (measured with upstream workers: a first period of
        // 2,030-2,061 msg/s for a steady 2,000 without this; 2,001-2,005 with it).
        ctx.worker.startPeriod();
        atStart.run();
        for (LoadListener listener : listeners) {
            listener.started(start);
        }
        MergedSeconds period = new MergedSeconds(start);
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
                if (record && (end - period.startNanos) / 1e9 >= SHORTEST_RECORDED_PERIOD_SECONDS) {
                    takeSecond(listeners, period, end, start);
                    closePeriod(listeners, period, progress.apply(Duration.ofNanos(end - start)));
                }
                throw stopped;
            }
            now = System.nanoTime();
            if (now - nextSample < 0) {
                continue; // woken early: a sample is a whole second
            }
            takeSecond(listeners, period, now, start);
            while (nextSample - now <= 0) {
                nextSample += SAMPLE_NANOS; // a late tick does not make the next ones come faster
            }
            Duration elapsed = Duration.ofNanos(now - start);
            CountersStats counters = ctx.worker.getCountersStats();
            for (LoadListener listener : listeners) {
                listener.counters(counters, now);
            }
            boolean reachedMinimum = elapsed.compareTo(minimum) >= 0;
            // Asked every tick, also before the minimum: a condition may note when it first held.
            boolean finishedNow = finished.test(counters);
            boolean done = (reachedMinimum && finishedNow) || elapsed.compareTo(maximum) >= 0;
            String progressNow = progress.apply(elapsed);
            // A period is ten of the seconds, so its edges are the seconds' edges (a period timed on
            // its own made a sample of a millisecond where the two clocks met).
            boolean endOfPeriod = period.count == SECONDS_PER_PERIOD;
            if (endOfPeriod || (done && period.length() >= SHORTEST_RECORDED_PERIOD_SECONDS)) {
                closePeriod(listeners, period, progressNow);
                period = new MergedSeconds(now);
            }
            for (LoadListener listener : listeners) {
                listener.tickEnded(progressNow, done);
            }
            if (done) {
                return reachedMinimum && finishedNow;
            }
        }
    }

    /**
     * Who follows this phase, in the order they hear of it: the result (when measuring) first, so
     * that a period is recorded before anything else reacts to it; then the client's load, whose
     * latest share the live line shows; then whatever the caller added.
     */
    private List<LoadListener> listeners(boolean record) {
        List<LoadListener> listeners = new ArrayList<>();
        if (record) {
            listeners.add(new MeasuredResult(ctx));
        }
        ClientLoadSampling clientLoad = new ClientLoadSampling(ctx, record);
        listeners.add(clientLoad);
        listeners.add(new LiveLine(ctx, clientLoad::lastShare));
        listeners.addAll(extraListeners);
        return listeners;
    }

    /**
     * Takes the workers' statistics of the second that ends now, adds them to the period in
     * progress and hands them over. Each second ends at the instant just before its request, which
     * opened the next, so the periods the coordinator divides by are the windows the workers
     * counted in.
     */
    private void takeSecond(List<LoadListener> listeners, MergedSeconds period, long now, long phaseStart) throws IOException {
        PeriodStats second = ctx.worker.getPeriodStats();
        double length = (now - period.endNanos) / 1e9;
        double sinceStart = (now - phaseStart) / 1e9;
        period.add(second, now);
        for (LoadListener listener : listeners) {
            listener.second(second, now, length, sinceStart);
        }
    }

    private static void closePeriod(List<LoadListener> listeners, MergedSeconds period, String progress) throws IOException {
        for (LoadListener listener : listeners) {
            listener.period(period, progress);
        }
    }
}
