package io.mqbench.coordinator.maxrate;

import io.mqbench.result.Rounding;
import io.mqbench.result.TestResult;
import io.mqbench.workload.LatencyLimit;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Finds the maximum sustainable rate for {@code producerRate: 0} (or, with a latency limit, the
 * highest rate within it) by trials at fixed rates, during the warm-up:
 *
 * <ol>
 *   <li>each trial ({@link Trials}) sets a rate, lets it settle (longer while unacknowledged sends still pile up, at
 *       a slowing pace), then samples the counters through a window and
 *       judges it ({@link HealthRule}): producers reach the rate, the backlog's trend does not grow
 *       (and the latency stays within the limit); a narrow miss is judged again over twice the
 *       window, since near the limit a hiccup takes a while to make up for, and a window is
 *       lengthened, a second at a time, while the producers make up a dip ({@link
 *       HealthRule#producersMayCatchUp}), up to four times its length (12 s more at most), so that
 *       a window ending in a dip does not decide what a fixed-rate run would make up; when two
 *       windows at one rate disagree, later windows are made longer (up to four times), to
 *       average out a system whose capacity wanders on a longer time scale;
 *   <li>after an unsustainable trial, producers pause until the backlog and the unacknowledged
 *       sends are back where they were, so that the next trial starts clean;
 *   <li>the rates tried ramp up, then narrow between the highest sustainable and the lowest
 *       unsustainable rate ({@link RateBracket}) until they are within {@value #TOLERANCE_PERCENT}%;
 *       the tolerance of each verdict shrinks with the bracket, from 5 % to 0.5 %;
 *   <li>then the lowest unsustainable rate is tried once more (a disturbed trial or a cold start
 *       must not cap the result: if it passes now, the search goes on upwards), and the highest
 *       sustainable one is confirmed;
 *   <li>then a last climb: trials at {@value #CLIMB_STEP_PERCENT}% steps above the rate found, each
 *       over a long window ({@link Stage#CLIMB}) judged as the measured phase is, until one fails
 *       (after a climb, the midpoint below it is tried too); if the last of them achieved clearly
 *       less than the rate that held before it, that rate is judged again, and the search goes down
 *       until a rate holds.
 *       The bracket's trials last a few seconds; a broker whose flow control holds publishers back
 *       for hundreds of milliseconds at a time (RabbitMQ without a confirm window) fails them well
 *       below what it holds for a minute. Where the bracket was right the first step fails at once,
 *       and costs one window. Then the search has converged.
 * </ol>
 *
 * The measured phase then runs at the rate found, fixed, from a clean start ({@link
 * #startMeasuredPhase}). If the warm-up ends first, the search goes
 * on (the warm-up is extended, and the result says by how much), for at most {@link
 * #LONGEST_EXTENSION} (the workload's {@code maxRateLongestExtensionSeconds}); a search that still
 * has not settled measures at the highest rate judged sustainable below the lowest unsustainable
 * one, and says so.
 */
public final class RateSearch {
    static final double START_RATE = 1_000;
    static final double MIN_RATE = 1;
    static final double MAX_RATE = 50_000_000;
    static final int TOLERANCE_PERCENT = 2;
    static final double TOLERANCE = TOLERANCE_PERCENT / 100.0;
    static final double RAMP_TOLERANCE = 0.05;
    static final double FINAL_TOLERANCE = 0.005;
    public static final Duration LONGEST_EXTENSION = Duration.ofMinutes(5);
    static final int CLIMB_STEP_PERCENT = 5;
    static final int CAPACITY_MOVED_PERCENT = 10;
    private static final double CAPACITY_MOVED_SHARE = CAPACITY_MOVED_PERCENT / 100.0;
    private static final double CLIMB_STEP = CLIMB_STEP_PERCENT / 100.0;
    /** A measured attempt starts after a drain when the system holds more than this many seconds of load beyond the search's start. */
    static final double WORTH_DRAINING_SECONDS = 0.1;
    /** ... and more than this many messages (at a few messages a second, a tenth of a second is none). */
    private static final double MIN_DRAIN_MESSAGES = 5;

    public static final String RULE = "trials at fixed rates during the warm-up: each settles (longer while"
            + " unacknowledged sends still pile up at a slowing pace), then a window is judged sustainable if producers reach the rate (by their trend or"
            + " by what they sent over the window; the window is lengthened while they make up a dip) and the"
            + " backlog's least-squares trend does not grow (and the latency limit holds), within a tolerance of the"
            + " rate that shrinks from 5% to 0.5% as the search narrows (never below twice the standard error of the"
            + " producers' or the backlog's trend); producers pause after an unsustainable trial until the backlog"
            + " is back; rates ramp x2, then narrow between the highest sustainable and the lowest unsustainable"
            + " rate until they are within 2%; the lowest unsustainable rate is tried again and the highest"
            + " sustainable one confirmed; then a last climb in 5% steps above it, each judged over 20 s as the"
            + " measured phase is (producers within 2% by what they sent, backlog and sends awaiting acknowledgement"
            + " within 0.5%), until one fails,"
            + " and after a climb the midpoint below it; if the last window achieved more than 2% less than the rate that held before"
            + " it, that rate is judged again over 20 s and, while it fails, the search goes down to what the failed window achieved"
            + " (at least 5% lower); if the search then ends 10% or more below what an earlier sustainable trial achieved,"
            + " one more 20-s window at the geometric mean of the two tells whether the system's slow spell is over, and if"
            + " it holds the climb goes on from there (once); the measured phase runs at the rate that held last, fixed, after what the search left"
            + " beyond 0.1 s of load has drained, and is judged as a climb step, the sends awaiting acknowledgement counted"
            + " with the backlog";

    /** What the console shows while the search goes. */
    public interface Listener {
        void trial(long secondsSinceLoadStart, TestResult.RateTrial trial);

        void note(String text);
    }

    private final LoadProbe probe;
    private final int subscriptions;
    private final HealthRule rule;
    private final TestResult.RateDiscovery record;
    private final Listener listener;
    private final RateBracket bracket = new RateBracket(TOLERANCE, RAMP_TOLERANCE, MIN_RATE, MAX_RATE);
    private final Duration longestExtension;
    private final Trials trials;
    private long loadStartNanos;
    /** The counters when the search began: what the system held then is what a drain before a measured attempt aims for. */
    private LoadSample searchStart;

    public RateSearch(LoadProbe probe, int subscriptions, boolean hasConsumers, LatencyLimit latencyLimit,
                      TestResult.RateDiscovery record, Listener listener) {
        this(probe, subscriptions, hasConsumers, latencyLimit, record, listener, LONGEST_EXTENSION);
    }

    /** @param longestExtension the most the warm-up is extended while the search has not settled */
    public RateSearch(LoadProbe probe, int subscriptions, boolean hasConsumers, LatencyLimit latencyLimit,
                      TestResult.RateDiscovery record, Listener listener, Duration longestExtension) {
        this.longestExtension = longestExtension;
        this.probe = probe;
        this.subscriptions = Math.max(1, subscriptions);
        this.rule = new HealthRule(subscriptions, hasConsumers, latencyLimit);
        this.record = record;
        this.listener = listener;
        this.trials = new Trials(probe, this.subscriptions, rule, record, listener);
        record.objective = latencyLimit == null ? "throughput" : latencyLimit.describe();
        record.rule = RULE;
    }

    public static double startRate() {
        return START_RATE;
    }

    /**
     * Searches until the search converges, or until {@code warmup} plus the longest extension
     * ({@link #LONGEST_EXTENSION} unless told otherwise) has passed; leaves the producers at the
     * rate found and returns it. A run that stops or fails during the search keeps, in the record,
     * what the trials showed and a note that it ended there, and no rate found.
     *
     * @param loadStartNanos when the load started; trial times are counted from it
     */
    public double run(Duration warmup, long loadStartNanos) throws IOException {
        this.loadStartNanos = loadStartNanos;
        trials.countFrom(loadStartNanos);
        searchStart = probe.sample();
        long start = probe.nanoTime();
        long warmupEnd = start + warmup.toNanos();
        boolean searched = false;
        try {
            search(warmupEnd, warmupEnd + longestExtension.toNanos());
            searched = true;
        } finally {
            recordBracket(start, warmupEnd);
            if (!searched && record.note == null) {
                // Stopped (Ctrl-C) or failed mid-trial: what the trials showed stays true, but no rate was found.
                record.note = String.format(Locale.ROOT, "the run ended during the search, %.0f s after it began%s",
                        record.searchSeconds, bracketText());
            }
        }
        double found = Math.max(MIN_RATE, sustainableEnd());
        record.foundRate = (double) Math.round(found);
        probe.setRate(found);
        return found;
    }

    /** The trials, until the bracket converges and the last climb ends, the bracket runs out, or {@code hardEnd} passes. */
    private void search(long warmupEnd, long hardEnd) throws IOException {
        boolean extensionAnnounced = false;
        boolean retested = false;
        Stage stage = Stage.RAMP;
        double rate = START_RATE;
        double tolerance = RAMP_TOLERANCE;
        while (true) {
            long now = probe.nanoTime();
            if (now - hardEnd >= 0) {
                record.note = String.format(Locale.ROOT, "the search did not settle within the warm-up%s%s",
                        longestExtension.isZero() ? "" : " and " + describe(longestExtension) + " more", bracketText());
                break;
            }
            if (!extensionAnnounced && now - warmupEnd >= 0) {
                extensionAnnounced = true;
                listener.note("warm-up extended: the search has not settled yet" + bracketText());
            }
            boolean sustainable = trial(stage, rate, tolerance);
            if (stage == Stage.CONFIRM && sustainable && bracket.converged() && bracket.healthy() == rate) {
                if (climb(rate, hardEnd) && lookAgainIfCapacityMoved(hardEnd)) {
                    record.converged = true;
                    record.convergedAtSecond = (probe.nanoTime() - loadStartNanos) / 1e9;
                } else {
                    record.note = "the last climb's window achieved less than the rate found, and no rate was judged to hold"
                            + " after it before the warm-up's longest extension ran out" + bracketText();
                }
                break;
            }
            if (bracket.exhausted()) {
                record.note = bracket.healthy() >= MAX_RATE
                        ? "every rate up to the search's ceiling was sustainable"
                        : "no rate down to " + (long) MIN_RATE + " msg/s was sustainable";
                break;
            }
            if (bracket.converged()) {
                if (!retested) {
                    retested = true;
                    stage = Stage.RETEST;
                    rate = bracket.unhealthy();
                } else {
                    stage = Stage.CONFIRM;
                    rate = bracket.healthy();
                }
                tolerance = FINAL_TOLERANCE;
                continue;
            }
            RateBracket.Candidate next = bracket.next();
            rate = next.rate();
            tolerance = next.tolerance();
            stage = bracket.ramping() ? Stage.RAMP : Stage.NARROW;
        }
    }

    /** What the search knows when it ends, however it ends: its time and the bracket's two ends. */
    private void recordBracket(long start, long warmupEnd) {
        record.searchSeconds = (probe.nanoTime() - start) / 1e9;
        record.warmupExtendedSeconds = Math.max(0, (probe.nanoTime() - warmupEnd) / 1e9);
        record.sustainableRate = Math.round(sustainableEnd());
        record.unsustainableRate = bracket.hasUnhealthy() ? (double) Math.round(bracket.unhealthy()) : null;
        record.lossShare = trials.lossShare() > 0 ? trials.lossShare() : null;
    }

    /** The highest rate judged sustainable (below the lowest unsustainable one if a recheck overturned it); 0 if none. */
    private double sustainableEnd() {
        return bracket.healthy() > 0 ? bracket.healthy() : bracket.highestSustainableBelowTheLimit();
    }

    /**
     * The last climb above the rate the bracket converged on: {@value #CLIMB_STEP_PERCENT}% steps,
     * each judged over a {@link Stage#CLIMB} window by the measured phase's rule, until one fails (it
     * is drained); after a climb of one step or more, the midpoint between the last step that held
     * and the one that failed is tried too, so that the climb places the limit within half a step.
     * No step starts that could not finish before {@code hardEnd}. Steps that hold raise the
     * bracket's sustainable end; one that fails becomes its unsustainable end. Then {@link
     * #descendIfSlowed} checks that the rate to be measured still holds.
     *
     * @return false if the climb's last window achieved clearly less than the rate to be measured and no
     *     rate was judged to hold after it in time
     */
    private boolean climb(double converged, long hardEnd) throws IOException {
        record.climbedFromRate = (double) Math.round(converged);
        listener.note(String.format(Locale.ROOT, "the bracket converged on %,.0f msg/s: climbing in %d%% steps over %d-s windows",
                converged, CLIMB_STEP_PERCENT, Stage.CLIMB.windowMillis / 1000));
        return climbFrom(converged, hardEnd);
    }

    /** The climb's steps from a rate that held, its midpoint and {@link #descendIfSlowed}; false as for {@link #climb}. */
    private boolean climbFrom(double converged, long hardEnd) throws IOException {
        double held = converged;
        Verdict last;
        while ((last = climbStep(held * (1 + CLIMB_STEP), hardEnd)) != null && last.healthy()) {
            held *= 1 + CLIMB_STEP;
        }
        // After a step held above the bracket, the one that failed is a step above the last that held.
        if (held > converged && last != null) {
            double midpoint = Math.sqrt(held * bracket.unhealthy());
            Verdict between = climbStep(midpoint, hardEnd);
            if (between != null) {
                if (between.healthy()) {
                    held = midpoint;
                }
                last = between;
            }
        }
        return descendIfSlowed(held, last, hardEnd);
    }

    /**
     * The climb's last window failed with the slower side achieving clearly less than the rate that
     * held before it (by more than the search's precision): the system has slowed since (a broker
     * whose capacity wanders over minutes, or a window that ended in a long stall), and a measured
     * phase at that rate would not hold. So that rate is judged again over a climb window, and while
     * it fails the search goes down to what the failed window achieved (at least a step lower) and
     * judges that, until one holds. Each verdict is fed to the bracket: a rate that no longer holds
     * overturns its sustainable end, the first that holds becomes it.
     *
     * @return false if no rate held before {@code hardEnd}
     */
    private boolean descendIfSlowed(double held, Verdict last, long hardEnd) throws IOException {
        if (last == null || last.healthy() || !(trials.achieved(last) < held * (1 - TOLERANCE))) {
            return true;
        }
        listener.note(String.format(Locale.ROOT, "the last climb's window achieved %,.0f msg/s, below the %,.0f that held before it:"
                + " judging that rate again", trials.achieved(last), held));
        double rate = held;
        while (true) {
            Verdict again = climbStep(rate, hardEnd);
            if (again == null) {
                return false;
            }
            if (again.healthy()) {
                return true;
            }
            if (rate <= MIN_RATE) {
                return false;
            }
            double lower = rate / (1 + CLIMB_STEP);
            if (trials.achieved(again) < lower) {
                lower = trials.achieved(again);
            }
            rate = Math.max(MIN_RATE, lower);
        }
    }

    /**
     * The search ended {@value #CAPACITY_MOVED_PERCENT}% or more below what an earlier sustainable
     * trial achieved: the system slowed under the search (a broker's slow spell; on the project's
     * two-core machine the harness's own ceiling moves by a quarter between minutes with where the
     * host places its virtual CPUs), and the rate found is that of the slow spell. One climb window
     * at the geometric midpoint of the two tells whether the spell is over: if it holds, the climb
     * goes on from there, so that the measured phase runs at what the system sustains now; if not,
     * the rate found stands (the window becomes the bracket's unsustainable end). Once per search.
     * The uncapped loopback's search of 2026-12-05 13:18 held 2.28 M msg/s at 0:48, met slower
     * spells, found 1.97 M, and fixed runs a minute later held 2.17 M.
     *
     * @return false as for {@link #climb}, when the climb from the midpoint came down and no rate
     *     held after it in time
     */
    private boolean lookAgainIfCapacityMoved(long hardEnd) throws IOException {
        Achieved most = trials.mostAchieved();
        double found = sustainableEnd();
        if (most == null || found <= 0 || !capacityMoved(most.rate(), found)) {
            return true;
        }
        double between = Math.sqrt(found * most.rate());
        listener.note(String.format(Locale.ROOT, "an earlier trial held %,.0f msg/s, %.0f%% more than the %,.0f found: the system"
                + " slowed during the search; judging %,.0f msg/s to see whether it has recovered",
                most.rate(), 100 * (most.rate() / found - 1), found, between));
        Verdict recovered = climbStep(between, hardEnd);
        return recovered == null || !recovered.healthy() || climbFrom(between, hardEnd);
    }

    /**
     * Whether a sustainable trial that achieved {@code mostAchieved} shows the system's capacity
     * moved during a search that found {@code found}: {@value #CAPACITY_MOVED_PERCENT}% or more above it.
     */
    public static boolean capacityMoved(double mostAchieved, double found) {
        return mostAchieved >= (1 + CAPACITY_MOVED_SHARE) * found;
    }

    /** One step of the last climb, fed to the bracket; null if it could not run in time or is above the search's ceiling. */
    private Verdict climbStep(double rate, long hardEnd) throws IOException {
        long longestStep = (Stage.CLIMB.settleMillis + Stage.CLIMB.windowMillis) * 1_000_000L;
        if (rate > MAX_RATE) {
            return null;
        }
        if (probe.nanoTime() + longestStep - hardEnd > 0) {
            listener.note("the last climb stopped: the warm-up's longest extension is reached");
            return null;
        }
        Verdict verdict = trials.run(Stage.CLIMB, rate, FINAL_TOLERANCE);
        bracket.record(rate, verdict.healthy(), trials.achieved(verdict));
        return verdict;
    }

    /**
     * Runs a trial at {@code rate}, records it and feeds the bracket; returns the verdict. A verdict
     * that contradicts the bracket (unsustainable at or below a sustainable rate, or the other way
     * round) is checked by a second trial at the same rate before it overturns anything: one
     * disturbed window must not move an end that an earlier trial established.
     */
    private boolean trial(Stage stage, double rate, double tolerance) throws IOException {
        Verdict verdict = trials.run(stage, rate, tolerance);
        if (bracket.contradicts(rate, verdict.healthy())) {
            Verdict again = trials.run(Stage.RECHECK, rate, tolerance);
            if (again.healthy() != verdict.healthy()) {
                // Two windows at one rate disagree: the system varies on a longer time scale than a
                // window. Longer windows average that out (up to four times the length).
                int scale = trials.lengthenWindows();
                if (scale > 0) {
                    listener.note("two windows at " + String.format(Locale.ROOT, "%,.0f", rate)
                            + " msg/s disagreed: judging over windows " + scale + " times as long from now on");
                }
                return again.healthy();
            }
            verdict = again;
        }
        bracket.record(rate, verdict.healthy(), trials.achieved(verdict));
        return verdict.healthy();
    }

    /** A trial and what its slower side achieved (consumers counted once per subscription). */
    public record Achieved(TestResult.RateTrial trial, double rate) {}

    /** The sustainable trial that achieved the most so far; null before one did. */
    public Achieved mostAchieved() {
        return trials.mostAchieved();
    }

    /**
     * Judges the measured phase at {@code rate} as the last climb's steps are (the final tolerance,
     * the loss share found): did it hold the rate? The producers may fall short, by what they sent
     * over the phase, by the search's own precision ({@value #TOLERANCE_PERCENT}%): the search
     * places the limit no closer than that, so a phase that comes within it agrees with the search
     * (on a real broker a minute at the limit rarely matches a shorter window to 0.5 %). A backlog
     * that grows is held to the final tolerance: over a whole phase that is no noise.
     *
     * @param samples the counters through the measured phase
     */
    public TestResult.MeasuredPhaseCheck judgeMeasuredPhase(double rate, List<LoadSample> samples, WindowLatencies latencies) {
        Verdict verdict = rule.judgeAsFixedRun(rate, samples, latencies, TOLERANCE, FINAL_TOLERANCE, trials.lossShare());
        TestResult.MeasuredPhaseCheck check = new TestResult.MeasuredPhaseCheck();
        check.targetRate = Math.round(rate);
        check.seconds = samples.size() < 2 ? 0 : Rounding.round(samples.get(samples.size() - 1).secondsSince(samples.get(0)), 1);
        check.publishRate = Math.round(verdict.publishRate());
        check.consumeRate = Math.round(verdict.consumeRate());
        check.backlogSlope = Math.round(verdict.backlogSlope());
        check.unacknowledgedSlope = Rounding.whole(verdict.unacknowledgedSlope());
        check.tolerance = Rounding.round(verdict.tolerance(), 4);
        check.latencyMs = verdict.latencyMs() == null ? null : Rounding.round(verdict.latencyMs(), 3);
        check.held = verdict.healthy();
        check.reason = verdict.reason();
        return check;
    }

    /**
     * How a measured attempt was started ({@link #startMeasuredPhase}).
     *
     * @param drainedMessages what the system held beyond where the search began when the producers
     *     paused, or null if it was too little to pause for
     * @param drainSeconds how long the producers paused, or null if they did not
     * @param settleSeconds how long the producers ran at the rate before the attempt began
     */
    public record Restart(Long drainedMessages, Double drainSeconds, double settleSeconds) {}

    /**
     * Starts a measured attempt at {@code rate} as a fixed-rate run starts, from a system that holds
     * only what that rate puts in it. What the search's last windows left (a queue of sends awaiting
     * acknowledgement, a backlog: a RabbitMQ measured phase began with the last window's second of
     * unconfirmed sends, its publish latency's median 904 ms in its first ten seconds and 2 ms in its
     * last) is drained first when it is more than {@value #WORTH_DRAINING_SECONDS} s of load beyond
     * where the search began (less the loss share found): the producers pause until it is back, or
     * stops shrinking. Then the producers run at the rate and settle as a climb step does.
     */
    public Restart startMeasuredPhase(double rate) throws IOException {
        if (searchStart == null) {
            throw new IllegalStateException("the search has not run");
        }
        LoadSample now = probe.sample();
        double base = searchStart.outstanding(subscriptions) + trials.lossShare() * (now.sent() - searchStart.sent()) * subscriptions;
        double excess = now.outstanding(subscriptions) - base;
        Long drainedMessages = null;
        Double drainSeconds = null;
        if (excess > Math.max(MIN_DRAIN_MESSAGES, WORTH_DRAINING_SECONDS * rate * subscriptions)) {
            drainedMessages = Math.round(excess);
            drainSeconds = Rounding.round(trials.drainDownTo(base, now).seconds(), 2);
        }
        probe.setRate(rate);
        long settleStart = probe.nanoTime();
        trials.settle(Stage.CLIMB, rate, FINAL_TOLERANCE);
        return new Restart(drainedMessages, drainSeconds, Rounding.round((probe.nanoTime() - settleStart) / 1e9, 1));
    }

    private String bracketText() {
        if (bracket.healthy() > 0 && bracket.hasUnhealthy()) {
            return String.format(Locale.ROOT, " (sustainable %,.0f, unsustainable %,.0f msg/s)", bracket.healthy(), bracket.unhealthy());
        }
        return bracket.healthy() > 0 ? String.format(Locale.ROOT, " (sustainable up to %,.0f msg/s so far)", bracket.healthy()) : "";
    }

    private static String describe(Duration duration) {
        return duration.toSeconds() % 60 == 0 ? duration.toMinutes() + " min" : duration.toSeconds() + " s";
    }
}
