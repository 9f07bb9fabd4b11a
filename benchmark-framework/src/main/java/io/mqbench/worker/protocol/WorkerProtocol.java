package io.mqbench.worker.protocol;

import java.time.Duration;
import java.util.List;

/**
 * The worker HTTP protocol: OpenMessaging Benchmark's endpoints, with OMB's methods and bodies, so
 * an upstream coordinator can drive an mqbench worker and the other way round; then mqbench's own
 * endpoints, which an upstream worker answers with 404 and the coordinator then does without.
 */
public final class WorkerProtocol {
    /**
     * A worker serves the coordinator that initialized its driver until that one calls
     * {@code /stop-all} or sends nothing for this long (longer than any gap between an active
     * coordinator's calls: OMB polls every 10 s); the coordinator's side quotes it to a user.
     */
    public static final Duration COORDINATOR_IDLE_LIMIT = Duration.ofSeconds(30);

    // ---- OMB's endpoints: POST unless noted ----
    public static final String INITIALIZE_DRIVER = "/initialize-driver";
    public static final String CREATE_TOPICS = "/create-topics";
    public static final String CREATE_PRODUCERS = "/create-producers";
    public static final String PROBE_PRODUCERS = "/probe-producers";
    public static final String CREATE_CONSUMERS = "/create-consumers";
    public static final String PAUSE_CONSUMERS = "/pause-consumers";
    public static final String RESUME_CONSUMERS = "/resume-consumers";
    public static final String START_LOAD = "/start-load";
    public static final String ADJUST_PUBLISH_RATE = "/adjust-publish-rate";
    public static final String STOP_ALL = "/stop-all";
    /** GET. */
    public static final String PERIOD_STATS = "/period-stats";
    /** GET. */
    public static final String CUMULATIVE_LATENCIES = "/cumulative-latencies";
    /** GET. */
    public static final String COUNTERS_STATS = "/counters-stats";
    public static final String RESET_STATS = "/reset-stats";

    public static final List<String> OMB_GETS = List.of(PERIOD_STATS, CUMULATIVE_LATENCIES, COUNTERS_STATS);

    // ---- mqbench's endpoints ----
    /** GET: the worker's time in epoch microseconds and its instance id; never needs a session. */
    public static final String CLOCK = "/clock";
    /** GET: the worker process's own load (CPU and GC time, heap); never needs a session. */
    public static final String PROCESS_LOAD = "/process-load";
    /** GET: who the worker is and whom it serves; never needs a session. */
    public static final String WORKER_INFO = "/worker-info";
    /** POST {@code {"maxWaitMillis": n}}: stop sending, keep consuming. */
    public static final String STOP_LOAD = "/stop-load";
    /** GET: the delivery ledgers. */
    public static final String DELIVERY_REPORT = "/delivery-report";
    /** GET: send errors by kind. */
    public static final String SEND_ERRORS = "/send-errors";
    /** GET: what the driver says of itself. */
    public static final String DRIVER_METADATA = "/driver-metadata";

    // ---- headers ----
    /** {@code Bearer <token>} when the worker was started with a token file. */
    public static final String AUTHORIZATION = "Authorization";
    public static final String BEARER = "Bearer ";
    /** Names the coordinator (host and a random id), so a worker serves one at a time. */
    public static final String COORDINATOR = "X-Mqbench-Coordinator";
    /** The run's session: returned by {@code /initialize-driver}, sent back with every later call. */
    public static final String SESSION = "X-Mqbench-Session";
    /** The driver file's name, so the worker's messages name it instead of a temporary file. */
    public static final String DRIVER_FILE = "X-Mqbench-Driver-File";

    /** Error bodies: {@code {"error": "...", "kind": "..."}}; kinds below. */
    public static final String KIND_USER = "user";
    public static final String KIND_BUSY = "busy";
    public static final String KIND_SESSION = "session";
    public static final String KIND_TOKEN = "token";
    public static final String KIND_FAILED = "failed";

    private WorkerProtocol() {}
}
