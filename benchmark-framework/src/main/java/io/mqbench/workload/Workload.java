package io.mqbench.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A workload as written in YAML. Every field of OpenMessaging Benchmark's workload keeps its name,
 * meaning and default, so OMB's own files load unchanged; mqbench's additions are listed last.
 * Values are checked by {@link WorkloadValidator}, not here.
 */
@JsonPropertyOrder(alphabetic = false)
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Workload {
    public String name;

    /** Number of topics created for the run. */
    public int topics;

    public int partitionsPerTopic;

    public KeyDistributorType keyDistributor = KeyDistributorType.NO_KEY;

    /** Message size in bytes. */
    public int messageSize;

    /** Generate a pool of random payloads instead of reading {@link #payloadFile}. */
    public boolean useRandomizedPayloads;

    /** Share of each randomized payload that is random; the rest is zeros (compressible). */
    public double randomBytesRatio;

    public int randomizedPayloadPoolSize;

    /** A file whose bytes are the payload; its size must equal {@link #messageSize}. */
    public String payloadFile;

    public int subscriptionsPerTopic;

    public int producersPerTopic;

    public int consumerPerSubscription;

    /**
     * Messages per second over all producers; 0 finds the maximum sustainable rate. Unset means 0,
     * as in OMB, unless {@link #producerRateBytes} gives the rate.
     */
    public Integer producerRate;

    /**
     * When above 0, consumers are paused until this much data waits in the broker, then resumed;
     * the measured phase lasts until the backlog is drained (see {@link #backlogDrainRatio}). OMB
     * takes whole gigabytes; mqbench also takes fractions (0.05) for short runs.
     */
    public double consumerBacklogSizeGB = 0;

    /** Share of the backlog that must be consumed for the drain to count as done (0 to 1). */
    public double backlogDrainRatio = 1.0;

    /** Measured phase length in minutes (OMB); or use {@link #testDurationSeconds}. */
    public Integer testDurationMinutes;

    /** Warm-up length in minutes (OMB, default 1); or use {@link #warmupDurationSeconds}. */
    public Integer warmupDurationMinutes;

    // ---- mqbench additions ----

    /** Measured phase length in seconds, instead of minutes, for short runs. */
    public Integer testDurationSeconds;

    /** Warm-up length in seconds, instead of minutes. */
    public Integer warmupDurationSeconds;

    /**
     * The target rate in bytes per second instead of messages, e.g. {@code 15MB/s}; the message
     * rate is this divided by {@link #messageSize}. KB, MB and GB are binary (2^10, 2^20, 2^30), as
     * in the 2023 paper. See {@link io.mqbench.driver.support.ByteRate}.
     */
    public String producerRateBytes;

    /**
     * At most this many sends per producer waiting for the broker's acknowledgement; 1 makes every
     * send synchronous (mqperf's "send"). Unset or 0: no bound. Bounded producers get a thread each.
     */
    public Integer maxOutstandingSends;

    /**
     * Messages a producer sends back to back at each turn: a number, or a range {@code min-max}
     * drawn at random for every batch (mqperf's 1-10). Unset: 1.
     */
    public String producerBatchSize;

    /** End the measured phase once this many messages were received (the test duration is the limit). */
    public Long messageCount;

    /**
     * With {@code producerRate: 0}: find the highest rate whose latency at a percentile stays within
     * a limit, instead of the highest rate the broker absorbs.
     */
    public LatencyLimit maxRateLatencyLimit;

    /**
     * With {@code producerRate: 0}: when the measured phase does not hold the rate the search found,
     * measure again this many times, each 5 % lower. Unset: 0 (the result says it did not hold).
     */
    public Integer maxRateRetries;

    /**
     * With {@code producerRate: 0}: the longest the warm-up is extended, in seconds, while the search
     * has not settled (the trial under way then finishes). Unset: 300 (5 minutes). A search still
     * unsettled measures at the highest rate it judged sustainable, and the result says so.
     */
    public Integer maxRateLongestExtensionSeconds;

    /**
     * Faults during the measured phase (an mqbench addition): kill, freeze, partition, stop, start
     * or restart a broker of {@code bin/brokers}, or run a command, at given times; see {@link FaultSpec}.
     */
    public List<FaultSpec> faults;

    /** Workload fields to vary: each maps to a list of values; every combination is run. */
    public Map<String, List<Object>> sweep;

    /** For a point of a sweep: the workload's own name and the values of this point. Not in YAML. */
    @JsonIgnore
    public String sweepName;

    @JsonIgnore
    public Map<String, Object> sweepPoint;

    /** Limit of a count-bounded run ({@link #messageCount}) that gives no duration. */
    public static final Duration DEFAULT_COUNT_LIMIT = Duration.ofHours(1);

    /** The measured phase length (for a count-bounded run: its limit), from whichever field was given. */
    public Duration testDuration() {
        if (testDurationSeconds != null) {
            return Duration.ofSeconds(testDurationSeconds);
        }
        if (testDurationMinutes == null && messageCount != null) {
            return DEFAULT_COUNT_LIMIT;
        }
        return Duration.ofMinutes(testDurationMinutes == null ? 0 : testDurationMinutes);
    }

    /** The warm-up length, from whichever field was given; OMB's default is one minute. */
    public Duration warmupDuration() {
        if (warmupDurationSeconds != null) {
            return Duration.ofSeconds(warmupDurationSeconds);
        }
        return Duration.ofMinutes(warmupDurationMinutes == null ? 1 : warmupDurationMinutes);
    }

    /** Replaces the durations (the CLI's {@code --duration} and {@code --warmup}). */
    public void overrideDurations(Duration test, Duration warmup) {
        if (test != null) {
            testDurationMinutes = null;
            testDurationSeconds = Math.toIntExact(test.toSeconds());
        }
        if (warmup != null) {
            warmupDurationMinutes = null;
            warmupDurationSeconds = Math.toIntExact(warmup.toSeconds());
        }
    }

    /** The message rate asked for; 0 means "find the maximum". */
    public int rate() {
        return producerRate == null ? 0 : producerRate;
    }

    /** {@code producerRate: 0} (or unset, as in OMB), and no {@link #producerRateBytes} either. */
    public boolean isMaxRate() {
        return rate() == 0 && producerRateBytes == null;
    }

    public boolean hasConsumers() {
        return subscriptionsPerTopic > 0 && consumerPerSubscription > 0;
    }

    public BatchSize batchSize() {
        return BatchSize.parse(producerBatchSize);
    }

    public boolean isBacklog() {
        return consumerBacklogSizeGB > 0;
    }
}
