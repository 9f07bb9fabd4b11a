package io.mqbench.worker.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.worker.commands.ProducerWorkAssignment;

/**
 * JSON on the worker wire. Like OMB's worker and coordinator, unknown fields are ignored, so that
 * either side may be newer than the other: mqbench's additions ride along as extra fields, and an
 * upstream OMB peer skips them. That is also why mqbench never sends an addition that would change
 * behaviour to an upstream worker: it would be silently dropped (see {@link #startLoadBody}).
 */
public final class WireJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .registerModule(HistogramJson.module());

    /** Writes bodies without mqbench's additional fields: what an upstream OMB worker returns. */
    private static final ObjectWriter OMB_ONLY = MAPPER.copy()
            .addMixIn(CountersStats.class, OmbCountersStats.class)
            .addMixIn(CumulativeLatencies.class, OmbCumulativeLatencies.class)
            .writer();

    @JsonIgnoreProperties({"probesReceived", "messagesInFlight"})
    private abstract static class OmbCountersStats {}

    @JsonIgnoreProperties({"negativeEndToEndLatencies"})
    private abstract static class OmbCumulativeLatencies {}

    private WireJson() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static ObjectWriter ombOnlyWriter() {
        return OMB_ONLY;
    }

    /**
     * OMB's {@code /start-load} body, field for field ({@code payloadData} as base64 strings,
     * {@code publishRate}, {@code keyDistributorType}), plus mqbench's fields only where they differ
     * from their defaults, so the body an mqbench coordinator sends for a plain OMB workload is
     * exactly OMB's.
     */
    public static ObjectNode startLoadBody(ProducerWorkAssignment assignment) {
        ObjectNode body = MAPPER.createObjectNode();
        ArrayNode payloads = body.putArray("payloadData");
        assignment.payloadData.forEach(payloads::add);
        body.put("publishRate", assignment.publishRate);
        body.put("keyDistributorType", assignment.keyDistributorType == null ? null : assignment.keyDistributorType.name());
        ProducerWorkAssignment defaults = new ProducerWorkAssignment();
        if (assignment.maxOutstandingSends != defaults.maxOutstandingSends) {
            body.put("maxOutstandingSends", assignment.maxOutstandingSends);
        }
        if (assignment.batchSizeMin != defaults.batchSizeMin || assignment.batchSizeMax != defaults.batchSizeMax) {
            body.put("batchSizeMin", assignment.batchSizeMin);
            body.put("batchSizeMax", assignment.batchSizeMax);
        }
        return body;
    }

    /** The mqbench-only workload features an assignment uses, for refusing them to an upstream worker. */
    public static String mqbenchFeaturesUsed(int maxOutstandingSends, int batchSizeMin, int batchSizeMax) {
        ProducerWorkAssignment defaults = new ProducerWorkAssignment();
        StringBuilder used = new StringBuilder();
        if (maxOutstandingSends != defaults.maxOutstandingSends) {
            used.append("maxOutstandingSends");
        }
        if (batchSizeMin != defaults.batchSizeMin || batchSizeMax != defaults.batchSizeMax) {
            used.append(used.length() > 0 ? " and " : "").append("producerBatchSize");
        }
        return used.length() == 0 ? null : used.toString();
    }
}
