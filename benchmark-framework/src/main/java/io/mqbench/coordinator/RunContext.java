package io.mqbench.coordinator;

import io.mqbench.config.DriverFile;
import io.mqbench.result.ResultAssembler;
import io.mqbench.result.TestResult;
import io.mqbench.worker.Worker;
import io.mqbench.workload.Workload;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the phases of one run share: what to run, where, and what has been built and measured
 * so far. Phases read and fill it in order; nothing else holds run state.
 */
final class RunContext {
    final Worker worker;
    final DriverFile driver;
    final Workload workload;
    final File workloadFile;
    final List<byte[]> payloads;
    final StopSignal stop;
    final Console console;
    final TestResult result;
    final ResultAssembler assembler;

    /** Topic names, as created. */
    final List<String> topics = new ArrayList<>();

    /** Subscription keys ({@code topic/subscription}) by topic, including those nobody consumes. */
    final Map<String, List<String>> subscriptionsByTopic = new LinkedHashMap<>();

    /** The rate producers are asked for now; changed by the max-rate controller. */
    double targetRate;

    /** Set for {@code producerRate: 0}; asked every control interval during warm-up and measurement. */
    MaxRateController rateController;

    /** True once the measured phase has recorded its first period (a stop after it is "partial"). */
    boolean measurementStarted;

    RunContext(Worker worker, DriverFile driver, Workload workload, File workloadFile, List<byte[]> payloads, StopSignal stop, Console console) {
        this.worker = worker;
        this.driver = driver;
        this.workload = workload;
        this.workloadFile = workloadFile;
        this.payloads = payloads;
        this.stop = stop;
        this.console = console;
        this.result = new TestResult();
        this.assembler = new ResultAssembler(result, workload.subscriptionsPerTopic);
    }

    boolean hasConsumers() {
        return workload.hasConsumers();
    }

    int producerCount() {
        return workload.topics * workload.producersPerTopic;
    }

    /** Mean message size, for byte-based targets such as the backlog size. */
    double meanPayloadSize() {
        return payloads.stream().mapToInt(p -> p.length).average().orElse(workload.messageSize);
    }
}
