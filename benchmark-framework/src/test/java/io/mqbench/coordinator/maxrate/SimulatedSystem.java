package io.mqbench.coordinator.maxrate;

import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * A broker and its clients as a fluid model in simulated time, for driving the search without a
 * machine's noise: producers send on a schedule at the rate asked, up to a client limit, and make up
 * what they fell behind as the worker's schedule does (a new rate forgives it), the broker acknowledges
 * up to its capacity (the rest queues, unacknowledged), consumers take up to theirs (the rest is
 * backlog), a share may be lost. Latency is a base plus the time spent in those queues. Options add
 * what real systems do: consumers that count in batches, stalls, a slow start.
 */
final class SimulatedSystem implements LoadProbe {
    private static final double STEP_SECONDS = 0.001;

    double clientLimit = Double.POSITIVE_INFINITY;
    double brokerCapacity = Double.POSITIVE_INFINITY;
    /** Receipts per second over all subscriptions. */
    double consumerCapacity = Double.POSITIVE_INFINITY;
    int subscriptions = 1;
    double lossShare;
    double baseLatencyMs = 1;
    /** Consumers fetch only every this many milliseconds (a consumer's poll), all that waits up to their capacity. */
    double pollIntervalMs;
    /** Every {@code stallEverySeconds}, consumers stop for {@code stallMillis}. */
    double stallEverySeconds;
    double stallMillis;
    /** For the first {@code slowStartSeconds}, consumers manage only {@code slowStartShare} of their capacity. */
    double slowStartSeconds;
    double slowStartShare = 1;
    /** Random variation of the consumers' capacity from second to second (a share, e.g. 0.02). */
    double capacityWobble;
    /** The consumers' capacity alternates between 1 - swing and 1 + swing times itself every swingSeconds. */
    double swing;
    double swingSeconds;
    /**
     * A broker that confirms behind a standing queue (RabbitMQ without a confirm window): it holds
     * back rate × lag unacknowledged, where the lag tends to {@code confirmLagAtCapacity} × (rate /
     * capacity)² seconds with time constant {@code confirmLagSeconds}. Below capacity it is
     * sustainable, but building the lag takes seconds, during which fewer acknowledgements arrive.
     */
    double confirmLagAtCapacity;
    double confirmLagSeconds = 1;
    /**
     * Each second, with this chance, the client manages only {@code clientDipShare} of its limit for
     * that second, then makes up what it fell behind (the uncapped loopback on two cores: a second
     * at 1.8 M msg/s every few seconds, followed by one at 2.4-2.9 M).
     */
    double clientDipChance;
    double clientDipShare = 1;

    /** From this simulated second on, the next wait throws {@link Stopped}, as Ctrl-C does in a run. */
    double stopAtSecond = Double.POSITIVE_INFINITY;

    /** A run stopped during a wait. */
    static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped(double second) {
            super("stopped at " + second + " s");
        }
    }

    private final Random random;
    private double owed;
    private double clientFactor = 1;
    private double rate;
    private double time;
    private double sent;
    private double brokerQueue;
    private double backlog;
    private double received;
    private double wobble = 1;
    private double confirmLag;
    private double unrecordedSent;
    private double unrecordedReceived;
    private Histogram publishLatency = new Histogram(3);
    private Histogram endToEndLatency = new Histogram(3);
    int rateChanges;

    SimulatedSystem() {
        this(42);
    }

    SimulatedSystem(long seed) {
        random = new Random(seed);
    }

    @Override
    public void setRate(double messagesPerSecond) {
        rate = messagesPerSecond;
        owed = 0;
        rateChanges++;
    }

    double rate() {
        return rate;
    }

    double seconds() {
        return time;
    }

    @Override
    public LoadSample sample() {
        return new LoadSample(nanoTime(), (long) sent, (long) received, (long) brokerQueue, 0);
    }

    @Override
    public WindowLatencies takeLatencies() {
        WindowLatencies taken = new WindowLatencies(publishLatency, endToEndLatency);
        publishLatency = new Histogram(3);
        endToEndLatency = new Histogram(3);
        return taken;
    }

    @Override
    public long nanoTime() {
        return (long) (time * 1e9);
    }

    @Override
    public void sleep(long millis) {
        if (time >= stopAtSecond) {
            throw new Stopped(time);
        }
        long steps = Math.max(1, Math.round(millis / 1000.0 / STEP_SECONDS));
        for (long i = 0; i < steps; i++) {
            step();
        }
    }

    private void step() {
        if (Math.floor(time) != Math.floor(time + STEP_SECONDS) && capacityWobble > 0) {
            wobble = 1 + capacityWobble * random.nextGaussian();
        }
        if (Math.floor(time) != Math.floor(time + STEP_SECONDS) && clientDipChance > 0) {
            clientFactor = random.nextDouble() < clientDipChance ? clientDipShare : 1;
        }
        time += STEP_SECONDS;
        owed += rate * STEP_SECONDS;
        double issued = Math.min(owed, clientLimit * clientFactor * STEP_SECONDS);
        owed -= issued;
        double inflow = issued / STEP_SECONDS;
        brokerQueue += issued;
        double held = 0;
        if (confirmLagAtCapacity > 0) {
            double target = confirmLagAtCapacity * Math.pow(Math.min(1, inflow / brokerCapacity), 2);
            confirmLag += (target - confirmLag) * STEP_SECONDS / confirmLagSeconds;
            held = inflow * confirmLag;
        }
        double acknowledged = Math.min(Math.max(0, brokerQueue - held), brokerCapacity * STEP_SECONDS);
        brokerQueue -= acknowledged;
        sent += acknowledged;
        backlog += acknowledged * subscriptions * (1 - lossShare);
        double capacity = consumerCapacity * wobble * STEP_SECONDS;
        if (swingSeconds > 0) {
            capacity *= ((long) (time / swingSeconds)) % 2 == 0 ? 1 - swing : 1 + swing;
        }
        if (pollIntervalMs > 0) {
            boolean polls = Math.floor(time * 1000 / pollIntervalMs) != Math.floor((time - STEP_SECONDS) * 1000 / pollIntervalMs);
            capacity = polls ? capacity * pollIntervalMs : 0;
        }
        if (time < slowStartSeconds) {
            capacity *= slowStartShare;
        }
        if (stallEverySeconds > 0 && time % stallEverySeconds < stallMillis / 1000) {
            capacity = 0;
        }
        double taken = Math.min(backlog, capacity);
        backlog -= taken;
        received += taken;
        double queueMs = 1000 * (brokerQueue / brokerCapacity + backlog / consumerCapacity);
        unrecordedSent += acknowledged;
        unrecordedReceived += taken;
        if (unrecordedSent >= 1) {
            publishLatency.recordValueWithCount(micros(baseLatencyMs / 2 + 1000 * brokerQueue / brokerCapacity), (long) unrecordedSent);
            unrecordedSent -= (long) unrecordedSent;
        }
        if (unrecordedReceived >= 1) {
            endToEndLatency.recordValueWithCount(micros(baseLatencyMs + queueMs), (long) unrecordedReceived);
            unrecordedReceived -= (long) unrecordedReceived;
        }
    }

    private static long micros(double ms) {
        return Double.isFinite(ms) ? Math.max(0, Math.round(ms * 1000)) : 0;
    }
}
