package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One worker's part in a distributed run, as the result records it: where it ran, what it ran
 * (topics it created, producers by topic, consumers by subscription), its clock, and what it
 * measured in the measured window. The result's merged numbers are the sums and merges of these.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class WorkerReport {
    /** The worker's URL. */
    public String worker;

    /** {@code mqbench <version>} or {@code upstream OMB} (no mqbench endpoints). */
    public String kind;

    /** {@code producers}, {@code consumers} or {@code producers and consumers}. */
    public String role;

    /** {@code ok}, or why the worker dropped out ({@code lost: ...}). */
    public String status = "ok";

    public List<String> topicsCreated = List.of();
    public Map<String, Integer> producersByTopic = new TreeMap<>();
    public Map<String, Integer> consumersBySubscription = new TreeMap<>();

    /** The worker's clock offset from the coordinator's, estimated at the start of the run and at its end. */
    public ClockOffset clock;

    public ClockOffset clockAtEnd;

    /** Counters of the measured window (sums of the periods recorded since the last stats reset). */
    public long messagesSent;
    public long messagesReceived;
    public long messageSendErrors;
    public long bytesSent;
    public long bytesReceived;
    public long negativeEndToEndLatencies;

    /** This worker's cumulative histograms of the measured window: HdrHistogram, compressed, base64, µs. */
    public Map<String, String> histograms = new LinkedHashMap<>();

    @JsonIgnore
    public int producers() {
        return producersByTopic.values().stream().mapToInt(Integer::intValue).sum();
    }

    @JsonIgnore
    public int consumers() {
        return consumersBySubscription.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The one-line form for the result's {@code workers} list. */
    public String summary() {
        StringBuilder line = new StringBuilder(worker).append(" (").append(kind).append("): ").append(role);
        if (!topicsCreated.isEmpty()) {
            line.append("; created ").append(topicsCreated.size()).append(" topic(s)");
        }
        line.append("; ").append(producers()).append(" producer(s) on ").append(producersByTopic.size()).append(" topic(s)");
        line.append("; ").append(consumers()).append(" consumer(s) on ").append(consumersBySubscription.size()).append(" subscription(s)");
        if (clock != null && clock.known()) {
            line.append(String.format(java.util.Locale.ROOT, "; clock offset %+.3f ms (round trip %.3f ms)",
                    clock.offsetMicros() / 1000.0, clock.roundTripMicros() / 1000.0));
        }
        if (!"ok".equals(status)) {
            line.append("; ").append(status);
        }
        return line.toString();
    }
}
