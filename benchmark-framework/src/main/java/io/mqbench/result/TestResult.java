package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.delivery.DeliverySummary;
import io.mqbench.worker.WorkerReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run's result file. The first block is OpenMessaging Benchmark's TestResult, field for field,
 * with its names and units (publish latency in ms with decimals, publish delay in µs as whole
 * numbers, end-to-end in ms), so OMB's own chart script reads it. mqbench's additions come after
 * and never rename or replace an OMB field. Per-period lists hold one value per live-line period.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class TestResult {
    // ---- OpenMessaging Benchmark's fields, in its order ----
    public String workload;
    public String driver;
    public long messageSize;
    public int topics;
    public int partitions;
    public int producersPerTopic;
    public int consumersPerTopic;

    public List<Double> publishRate = new ArrayList<>();
    public List<Double> publishErrorRate = new ArrayList<>();
    public List<Double> consumeRate = new ArrayList<>();
    public List<Long> backlog = new ArrayList<>();

    public List<Double> publishLatencyAvg = new ArrayList<>();
    public List<Double> publishLatency50pct = new ArrayList<>();
    public List<Double> publishLatency75pct = new ArrayList<>();
    public List<Double> publishLatency95pct = new ArrayList<>();
    public List<Double> publishLatency99pct = new ArrayList<>();
    public List<Double> publishLatency999pct = new ArrayList<>();
    public List<Double> publishLatency9999pct = new ArrayList<>();
    public List<Double> publishLatencyMax = new ArrayList<>();

    public List<Double> publishDelayLatencyAvg = new ArrayList<>();
    public List<Long> publishDelayLatency50pct = new ArrayList<>();
    public List<Long> publishDelayLatency75pct = new ArrayList<>();
    public List<Long> publishDelayLatency95pct = new ArrayList<>();
    public List<Long> publishDelayLatency99pct = new ArrayList<>();
    public List<Long> publishDelayLatency999pct = new ArrayList<>();
    public List<Long> publishDelayLatency9999pct = new ArrayList<>();
    public List<Long> publishDelayLatencyMax = new ArrayList<>();

    public double aggregatedPublishLatencyAvg;
    public double aggregatedPublishLatency50pct;
    public double aggregatedPublishLatency75pct;
    public double aggregatedPublishLatency95pct;
    public double aggregatedPublishLatency99pct;
    public double aggregatedPublishLatency999pct;
    public double aggregatedPublishLatency9999pct;
    public double aggregatedPublishLatencyMax;

    public double aggregatedPublishDelayLatencyAvg;
    public long aggregatedPublishDelayLatency50pct;
    public long aggregatedPublishDelayLatency75pct;
    public long aggregatedPublishDelayLatency95pct;
    public long aggregatedPublishDelayLatency99pct;
    public long aggregatedPublishDelayLatency999pct;
    public long aggregatedPublishDelayLatency9999pct;
    public long aggregatedPublishDelayLatencyMax;

    public Map<Double, Double> aggregatedPublishLatencyQuantiles = new TreeMap<>();
    public Map<Double, Long> aggregatedPublishDelayLatencyQuantiles = new TreeMap<>();

    public List<Double> endToEndLatencyAvg = new ArrayList<>();
    public List<Double> endToEndLatency50pct = new ArrayList<>();
    public List<Double> endToEndLatency75pct = new ArrayList<>();
    public List<Double> endToEndLatency95pct = new ArrayList<>();
    public List<Double> endToEndLatency99pct = new ArrayList<>();
    public List<Double> endToEndLatency999pct = new ArrayList<>();
    public List<Double> endToEndLatency9999pct = new ArrayList<>();
    public List<Double> endToEndLatencyMax = new ArrayList<>();

    public Map<Double, Double> aggregatedEndToEndLatencyQuantiles = new TreeMap<>();

    public double aggregatedEndToEndLatencyAvg;
    public double aggregatedEndToEndLatency50pct;
    public double aggregatedEndToEndLatency75pct;
    public double aggregatedEndToEndLatency95pct;
    public double aggregatedEndToEndLatency99pct;
    public double aggregatedEndToEndLatency999pct;
    public double aggregatedEndToEndLatency9999pct;
    public double aggregatedEndToEndLatencyMax;

    // ---- mqbench additions ----

    /** Format of the mqbench additions; raised when one changes meaning. */
    public int mqbenchResultVersion = 1;

    public String mqbenchVersion;

    /** {@code complete}, {@code partial} (stopped during the measured phase) or {@code aborted}. */
    public String status;

    /** Why the run is partial or aborted. */
    public String statusReason;

    /** ISO-8601, UTC. */
    public String startTime;

    public String endTime;

    /** {@code fixed-rate}, {@code max-rate} or {@code backlog}. */
    public String mode;

    /** The rate asked for in messages per second (for max-rate: the last rate the controller set). */
    public double targetRate;

    /** The length of each period of the lists above, in seconds (10 except maybe the last). */
    public List<Double> periodSeconds = new ArrayList<>();

    /** Means and spread over the measured window; see {@link Summary}. */
    public Summary summary;

    public DeliverySummary delivery;

    /** Send errors by kind, with counts. */
    public Map<String, Long> sendErrors;

    /** End-to-end values that came out negative (clock skew across hosts) and were counted as 0. */
    public long negativeEndToEndLatencies;

    /** For a point of a sweep: the workload's own name, and the values of this point. */
    public String sweepName;

    public Map<String, Object> sweepPoint;

    /** A count-bounded run: the count asked for, and whether it was received within the limit. */
    public Long messageCount;

    public Boolean messageCountReached;

    /** How {@code producerRate: 0} found its rate. */
    public RateDiscovery rateDiscovery;

    /** Backlog mode: how the backlog was built and drained. */
    public BacklogPhase backlogPhase;

    /** The merged histograms of the measured window, HdrHistogram-compressed, base64, microseconds. */
    public Map<String, String> histograms;

    public String workloadFile;

    /** The workload as run (after command-line overrides). */
    public JsonNode workloadConfig;

    public String driverFile;

    /** The driver file as run, secrets replaced by {@code *****}. */
    public JsonNode driverConfig;

    /** What the driver said of itself (client library, broker version). */
    public Map<String, String> driverMetadata;

    public HostFacts host;

    /** Which workers took part and what each ran. */
    public List<String> workers;

    /** How the run was spread over workers: {@code local}, {@code split}, {@code colocated}. */
    public String placement;

    /**
     * Remote workers only: each worker's part (what it ran, its clock offset and round trip, and its
     * own counts and histograms of the measured window, of which the fields above are the merge).
     */
    public List<WorkerReport> workerDetails;

    /** Throughput over the measured window: means (total over time) and the spread of periods. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Summary {
        public double measuredSeconds;
        public long messagesSent;
        public long messagesReceived;
        public long sendErrors;
        public Spread publishRate;
        public Spread consumeRate;
        /** MB = 2^20 bytes, as in the 2023 paper's charts. */
        public double publishThroughputMBps;
        public double consumeThroughputMBps;
    }

    /** Mean (total / time), standard deviation, minimum and maximum of the periods. */
    public static class Spread {
        public double mean;
        public double stddev;
        public double min;
        public double max;
    }

    /** The steps of the maximum-rate search, one per control interval. */
    public static class RateDiscovery {
        public String rule;
        public double finalRate;
        public List<RateStep> steps = new ArrayList<>();
    }

    public static class RateStep {
        public double second;
        public String phase;
        public double targetRate;
        public double publishRate;
        public double consumeRate;
        public long backlog;
        public String decision;
    }

    public static class BacklogPhase {
        public long targetBytes;
        public long builtMessages;
        public double buildSeconds;
        public double drainSeconds;
        public boolean drained;
    }
}
