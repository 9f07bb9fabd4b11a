package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.delivery.DeliverySummary;
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

    /** Format of the mqbench additions; raised when one changes meaning (2: rateDiscovery holds trials). */
    public int mqbenchResultVersion = 2;

    public String mqbenchVersion;

    /** {@code complete}, {@code partial} (stopped during the measured phase) or {@code aborted}. */
    public String status;

    /** Why the run is partial or aborted. */
    public String statusReason;

    /**
     * What makes a figure of a complete run less than it seems (a search that did not settle, a
     * measured phase that did not hold its rate, latency still settling when the measured phase
     * began); printed at the end of the run and in the report.
     */
    public List<String> warnings;

    /** ISO-8601, UTC. */
    public String startTime;

    public String endTime;

    /** {@code fixed-rate}, {@code max-rate} or {@code backlog}. */
    public String mode;

    /**
     * The rate the measured phase was paced at, in messages per second: the workload's, or for
     * {@code producerRate: 0} the rate the search found (see {@link #rateDiscovery} for whether the
     * measured phase held it). What was achieved is in {@link #summary}. Null (absent) when the run
     * ended during the search, which then found no rate.
     */
    public Double targetRate;

    /** The length of each period of the lists above, in seconds (10 except maybe the last). */
    public List<Double> periodSeconds = new ArrayList<>();

    /** The measured phase second by second, beside the periods. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public SecondSamples samples;

    /** The workload's fault schedule as it ran, with recovery figures; null without faults. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public List<FaultRecord> faults;

    /** Means and spread over the measured window; see {@link Summary}. */
    public Summary summary;

    public DeliverySummary delivery;

    /** Send errors by kind, with counts. */
    public Map<String, Long> sendErrors;

    /**
     * Whether the client, not the broker, may have set this run's figures: a worker used nearly all
     * its cores, or spent a notable share of the time collecting garbage, during the measured
     * phase (the reasons are in {@link #clientLoad}). Null when no worker could tell (upstream OMB
     * workers).
     */
    public Boolean clientBound;

    /** The workers' own load during the measured phase; see {@link ClientLoad}. */
    public ClientLoad clientLoad;

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

    /**
     * A fixed-rate run whose producers ended the warm-up behind their schedule, or more than half a
     * second of load behind in their acknowledgements: how many seconds the warm-up went on for them
     * to get back on it (absent when it did not need to). Producers still behind then start the
     * measured phase on a fresh schedule, and {@code warnings} says so.
     */
    public Double warmUpExtendedSeconds;

    /**
     * A fixed-rate run whose consumers ended the warm-up more than half a second of deliveries
     * behind the producers: how many seconds the warm-up went on while they worked the backlog off
     * (absent when it did not need to).
     */
    public Double warmUpConsumerCatchUpSeconds;

    /**
     * A fixed-rate run's start against its level: the first period's p99 beside the median p99 of
     * the measured phase's second half, and whether the start was settled. Absent when the run was
     * not judged (other modes, faults, fewer than two periods with latencies).
     */
    public LatencySettling latencySettling;

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

    /** How far clocks could bend the end-to-end figures: see {@link Clocks}. */
    public Clocks clocks;

    /**
     * Remote workers only: each worker's part (what it ran, its clock offset and round trip, and its
     * own counts and histograms of the measured window, of which the fields above are the merge).
     */
    public List<WorkerReport> workerDetails;

    /**
     * End-to-end latency is the consumer's clock at receipt minus the producer's at send: across
     * hosts, it carries the difference of their clocks. Each worker's offset from the coordinator
     * is estimated at the start and at the end of the run; for every pair of a producing and a
     * consuming worker this says by how much the pair's latencies are shifted (bias), and the most
     * they could be off, with the estimates' own uncertainty (half the best round trip) and the
     * drift between start and end. Latencies are never corrected.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Clocks {
        public String measured;
        public List<ClockPair> pairs;
        /** The largest shift of any pair, and the most any end-to-end figure of the run could be off. */
        public Long maxBiasMicros;
        public Long maxErrorMicros;
        public String note;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ClockPair {
        public String producerWorker;
        public String consumerWorker;
        /** Consumer's offset minus producer's: what is added to each of the pair's end-to-end latencies. */
        public Long biasAtStartMicros;
        public Long biasAtEndMicros;
        public Long errorMicros;
    }

    /**
     * What the client cost: each worker process's CPU time (user + system, every thread), GC time
     * and heap over the measured phase, and the CPU time of all workers per message. In a local
     * run the process also holds the coordinator, and with the loopback driver the broker.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class ClientLoad {
        /** All workers' CPU time in the measured phase over the messages sent, and over those received. */
        public Double cpuMicrosPerMessageSent;
        public Double cpuMicrosPerMessageReceived;
        public List<WorkerLoad> workers = new ArrayList<>();
        /** Why the run is client-bound (see {@link TestResult#clientBound}); empty when it is not. */
        public List<String> reasons = new ArrayList<>();
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class WorkerLoad {
        public String worker;
        public int cores;
        public double measuredSeconds;
        public double cpuSeconds;
        /** CPU time over measured time x cores: 1.0 is every core busy all the time. */
        public double cpuShare;
        /** The same for the busiest period. */
        public double cpuShareMaxPeriod;
        /** GC time over measured time. */
        public double gcShare;
        /**
         * Time the JIT compilers spent compiling in the measured phase, part of cpuSeconds; absent
         * when the JVM does not say.
         */
        public Double jitSeconds;
        public long heapUsedMaxBytes;
        public long heapMaxBytes;
        /**
         * Busy CPU of the worker's whole machine over the measured phase, every process (a broker on
         * the same machine too), as a share of all its cores; null when the platform does not say.
         */
        public Double hostCpuShare;
        /**
         * CPU the host of the worker's virtual machine took from it over the measured phase (Linux
         * steal time), part of hostCpuShare; null when the platform does not say.
         */
        public Double hostStealShare;
        /**
         * The share of the measured phase the worker's busiest sending thread ran or waited for a
         * core, i.e. did not sleep: near 1.0 it could not have sent faster. Null when the worker
         * sent nothing or cannot say.
         */
        public Double senderBusyShare;
        /** The share of the measured phase that thread ran (the rest of senderBusyShare it waited for a core). */
        public Double senderRunShare;
    }

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

    /**
     * Whether latency had settled when the measured phase began: not settled when the first
     * period's p99 was at least three times the later level and a millisecond or more above it (the
     * run's warnings then say so, with what to do).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class LatencySettling {
        /** Whether the first period's p99 kept to the later level. */
        public boolean settled;
        /** {@code end-to-end} when consumers recorded latencies, {@code publish} otherwise. */
        public String latency;
        public double firstPeriodP99Ms;
        public double firstPeriodSeconds;
        /** The median p99 of the periods in the measured phase's second half. */
        public double secondHalfP99Ms;
    }

    /**
     * How {@code producerRate: 0} found its rate: a search of trials at fixed rates during the
     * warm-up (extended if it had not settled), then the measured phase at the rate found, checked.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class RateDiscovery {
        /** {@code throughput}, or the latency limit, e.g. {@code p99 end-to-end <= 10 ms}. */
        public String objective;
        public String rule;
        /** Whether the search settled (its bracket within the tolerance, both ends confirmed). */
        public boolean converged;
        /** When it settled, in seconds since the load started. */
        public Double convergedAtSecond;
        public double searchSeconds;
        /** How far the search ran past the configured warm-up. */
        public double warmupExtendedSeconds;
        /** The highest rate judged sustainable, and the lowest judged not (null: none was). */
        public double sustainableRate;
        public Double unsustainableRate;
        /**
         * The rate the measured phase ran at (the first one, if it was retried lower); null (absent)
         * when the run ended during the search (stopped or failed), which then found no rate.
         */
        public Double foundRate;
        /**
         * The rate the bracket converged on, from which the last climb tried 5 % steps up (its
         * trials have the stage {@code climb}); null when the search did not converge.
         */
        public Double climbedFromRate;
        /**
         * The share of deliveries the broker lost at the search's first, lowest rate (at-most-once
         * brokers); not held against higher rates. Null when nothing was lost.
         */
        public Double lossShare;
        /**
         * The most a trial judged sustainable achieved, in msg/s (received per subscription, or
         * published when nothing subscribes); null when no trial was sustainable.
         */
        public Double mostAchievedRate;
        /**
         * Whether {@link #mostAchievedRate} was a tenth or more above {@link #foundRate}: the
         * system slowed during the search, so the rate found is that of its slower spell and a
         * repeat may find as much more (the run's warnings say when and by how much). Null when
         * there was nothing to compare (no rate found, or no trial sustainable).
         */
        public Boolean capacityMoved;
        /** Why the search ended without settling, if it did (also when the run ended during it). */
        public String note;
        public List<RateTrial> trials = new ArrayList<>();
        /** The measured phase at the found rate, checked; more than one if it was retried lower. */
        public List<MeasuredPhaseCheck> measuredPhases = new ArrayList<>();
    }

    /** One trial of the search: a window at a fixed rate and what it showed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class RateTrial {
        /** Start of the trial's window, in seconds since the load started. */
        public double second;
        /**
         * {@code ramp}, {@code narrow}, {@code retest} (the lowest unsustainable rate once more),
         * {@code confirm} (the highest sustainable one), {@code recheck} (the same rate again after
         * a verdict that contradicted an earlier one) or {@code climb} (5 % steps above the converged
         * bracket, each over a long window).
         */
        public String stage;
        public double targetRate;
        /** Length of the judged window (after a settling time at the new rate). */
        public double seconds;
        public double publishRate;
        /** Receipts per second over all subscriptions. */
        public double consumeRate;
        /** Backlog growth in messages per second. */
        public double backlogSlope;
        /**
         * Growth of the sends awaiting acknowledgement, in messages per second (over all
         * subscriptions); in the last climb's windows, which count it with the backlog.
         */
        public Double unacknowledgedSlope;
        /** Share of the target allowed for shortfall and backlog growth. */
        public double tolerance;
        /** The latency limit's percentile over the window (latency-bounded searches). */
        public Double latencyMs;
        /** p99 end-to-end and publish latency over the window, for the latency-vs-rate curve. */
        public Double endToEnd99Ms;
        public Double publish99Ms;
        /** {@code sustainable} or {@code unsustainable}. */
        public String verdict;
        public String reason;
        /** After an unsustainable trial, producers pause until the backlog is back: how long that took. */
        public Double drainSeconds;
        /** Seconds the trial settled beyond its stage's settle time because unacknowledged sends still piled up; absent if none. */
        public Double settleExtendedSeconds;
    }

    /** The measured phase held its rate, or not. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class MeasuredPhaseCheck {
        public double targetRate;
        /**
         * What the system held for consumers beyond where the search began (backlog and sends
         * awaiting acknowledgement) when this attempt was prepared; the producers paused until it
         * drained ({@code drainSeconds}), then ran at the rate for {@code settleSeconds} before the
         * phase began. Absent when too little was held to be worth a pause.
         */
        public Long drainedMessages;
        public Double drainSeconds;
        public Double settleSeconds;
        public double seconds;
        public double publishRate;
        public double consumeRate;
        public double backlogSlope;
        /** Growth of the sends awaiting acknowledgement over the phase, in messages per second; counted with the backlog. */
        public Double unacknowledgedSlope;
        public double tolerance;
        public Double latencyMs;
        public boolean held;
        public String reason;
    }

    /**
     * Backlog mode: how the backlog was built and drained. A run that ended during the build or the
     * drain (Ctrl-C, a failure) says so in {@code note} and leaves out the figures of the step it
     * did not reach (null, absent from the file); the build's figures are then those when it ended.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class BacklogPhase {
        public long targetBytes;
        /** The backlog the build reached (null only if the workers could not tell, after a failure). */
        public Long builtMessages;
        public double buildSeconds;
        /** The backlog that counts as drained: see the README's backlog mode. */
        public Long floorMessages;
        /** How long the backlog took to drain (to the floor), or the whole phase if it did not. */
        public Double drainSeconds;
        /** Messages received per second (over all subscriptions) from the resume until the backlog was drained. */
        public Double drainRate;
        public Boolean drained;
        /** The backlog when the measured phase ended. */
        public Long residualMessages;
        /** Where the run ended, if it ended during the build or the drain. */
        public String note;
    }
}
