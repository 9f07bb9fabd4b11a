package io.mqbench.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Duration;

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

    /** Messages per second over all producers; 0 finds the maximum sustainable rate. */
    public int producerRate;

    /**
     * When above 0, consumers are paused until this much data waits in the broker, then resumed;
     * the measured phase lasts until the backlog is drained (see {@link #backlogDrainRatio}).
     */
    public long consumerBacklogSizeGB = 0;

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

    /** The measured phase length, from whichever field was given. */
    public Duration testDuration() {
        if (testDurationSeconds != null) {
            return Duration.ofSeconds(testDurationSeconds);
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

    public boolean isMaxRate() {
        return producerRate == 0;
    }

    public boolean isBacklog() {
        return consumerBacklogSizeGB > 0;
    }
}
