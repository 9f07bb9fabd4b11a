package io.mqbench.coordinator;

import io.mqbench.result.ClockOffset;
import io.mqbench.result.TestResult;
import io.mqbench.result.WorkerReport;
import java.util.ArrayList;
import java.util.List;

/**
 * From the workers' clock offsets at the start and at the end of a run, how far the clocks could
 * bend its end-to-end latencies (see {@link TestResult.Clocks}). Pairs are a producing and a
 * consuming worker that share a topic; a worker that consumes what it produces itself shares one
 * clock with itself and adds nothing.
 */
final class ClockReport {
    private ClockReport() {}

    /** Producers and consumers in this process: one clock. */
    static TestResult.Clocks local() {
        TestResult.Clocks clocks = new TestResult.Clocks();
        clocks.measured = "one process: producers and consumers read the same clock";
        clocks.maxBiasMicros = 0L;
        clocks.maxErrorMicros = 0L;
        return clocks;
    }

    static TestResult.Clocks of(List<WorkerReport> workers) {
        TestResult.Clocks clocks = new TestResult.Clocks();
        clocks.measured = "each worker's offset from the coordinator, at the start and at the end of the run";
        clocks.pairs = new ArrayList<>();
        long maxBias = 0;
        long maxError = 0;
        List<String> unknown = new ArrayList<>();
        for (WorkerReport producer : workers) {
            if (producer.producers() == 0) {
                continue;
            }
            for (WorkerReport consumer : workers) {
                if (consumer == producer || !shareATopic(producer, consumer)) {
                    continue;
                }
                TestResult.ClockPair pair = pair(producer, consumer);
                clocks.pairs.add(pair);
                if (pair.errorMicros == null) {
                    unknown.add(producer.worker + " -> " + consumer.worker);
                    continue;
                }
                maxBias = Math.max(maxBias, Math.max(abs(pair.biasAtStartMicros), abs(pair.biasAtEndMicros)));
                maxError = Math.max(maxError, pair.errorMicros);
            }
        }
        clocks.maxBiasMicros = maxBias;
        clocks.maxErrorMicros = maxError;
        if (clocks.pairs.isEmpty()) {
            clocks.note = "every worker consumes only what it produces itself: one clock per pair";
        } else if (!unknown.isEmpty()) {
            clocks.note = "unknown for " + String.join(", ", unknown) + " (a worker without mqbench's clock endpoint)";
        }
        return clocks;
    }

    private static TestResult.ClockPair pair(WorkerReport producer, WorkerReport consumer) {
        TestResult.ClockPair pair = new TestResult.ClockPair();
        pair.producerWorker = producer.worker;
        pair.consumerWorker = consumer.worker;
        Long startError = null;
        if (known(producer.clock) && known(consumer.clock)) {
            pair.biasAtStartMicros = consumer.clock.offsetMicros() - producer.clock.offsetMicros();
            startError = Math.abs(pair.biasAtStartMicros) + producer.clock.uncertaintyMicros() + consumer.clock.uncertaintyMicros();
        }
        Long endError = null;
        if (known(producer.clockAtEnd) && known(consumer.clockAtEnd)) {
            pair.biasAtEndMicros = consumer.clockAtEnd.offsetMicros() - producer.clockAtEnd.offsetMicros();
            endError = Math.abs(pair.biasAtEndMicros) + producer.clockAtEnd.uncertaintyMicros() + consumer.clockAtEnd.uncertaintyMicros();
        }
        // Between the two estimates the bias moved from one to the other: the worst is at either end.
        // (Not one conditional expression: mixing Long and long there unboxes a null and throws.)
        if (startError == null || endError == null) {
            pair.errorMicros = startError == null ? endError : startError;
        } else {
            pair.errorMicros = Math.max(startError, endError);
        }
        return pair;
    }

    /** Whether messages go from one to the other: the consumer subscribes to a topic the producer sends to. */
    private static boolean shareATopic(WorkerReport producer, WorkerReport consumer) {
        return consumer.consumersBySubscription.keySet().stream()
                .anyMatch(subscription -> producer.producersByTopic.containsKey(subscription.substring(0, Math.max(0, subscription.lastIndexOf('/')))));
    }

    private static boolean known(ClockOffset offset) {
        return offset != null && offset.known();
    }

    private static long abs(Long value) {
        return value == null ? 0 : Math.abs(value);
    }
}
