package io.mqbench.worker.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.mqbench.Version;
import io.mqbench.stats.MicrosClock;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicsInfo;
import io.mqbench.worker.protocol.DeliveryReportWire;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerProtocol;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker's HTTP endpoints: OMB's, with OMB's methods and bodies, and, unless switched off,
 * mqbench's. Each handler only translates between HTTP and {@link WorkerService}.
 */
final class WorkerRoutes {
    private static final Logger log = LoggerFactory.getLogger(WorkerRoutes.class);
    private static final ObjectMapper JSON = WireJson.mapper();
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};

    private final WorkerService service;
    private final boolean mqbenchExtras;
    private final ObjectWriter writer;

    WorkerRoutes(WorkerService service, boolean mqbenchExtras) {
        this.service = service;
        this.mqbenchExtras = mqbenchExtras;
        this.writer = mqbenchExtras ? JSON.writer() : WireJson.ombOnlyWriter();
    }

    void register(Javalin app) {
        app.post(WorkerProtocol.INITIALIZE_DRIVER, this::initializeDriver);
        app.post(WorkerProtocol.CREATE_TOPICS, ctx -> {
            TopicsInfo info = read(ctx, TopicsInfo.class);
            reply(ctx, run(ctx, w -> w.createTopics(info)));
        });
        app.post(WorkerProtocol.CREATE_PRODUCERS, ctx -> {
            List<String> topics = read(ctx, STRINGS);
            run(ctx, w -> {
                w.createProducers(topics);
                return null;
            });
        });
        app.post(WorkerProtocol.PROBE_PRODUCERS, ctx -> run(ctx, w -> {
            w.probeProducers();
            return null;
        }));
        app.post(WorkerProtocol.CREATE_CONSUMERS, ctx -> {
            ConsumerAssignment assignment = read(ctx, ConsumerAssignment.class);
            run(ctx, w -> {
                w.createConsumers(assignment);
                return null;
            });
        });
        app.post(WorkerProtocol.PAUSE_CONSUMERS, ctx -> run(ctx, w -> {
            w.pauseConsumers();
            return null;
        }));
        app.post(WorkerProtocol.RESUME_CONSUMERS, ctx -> run(ctx, w -> {
            w.resumeConsumers();
            return null;
        }));
        app.post(WorkerProtocol.START_LOAD, ctx -> {
            ProducerWorkAssignment assignment = read(ctx, ProducerWorkAssignment.class);
            log.info("{}: start load at {} msg/s", caller(ctx).label(), assignment.publishRate);
            run(ctx, w -> {
                w.startLoad(assignment);
                return null;
            });
        });
        app.post(WorkerProtocol.ADJUST_PUBLISH_RATE, ctx -> {
            double rate = read(ctx, Double.class);
            run(ctx, w -> {
                w.adjustPublishRate(rate);
                return null;
            });
        });
        app.post(WorkerProtocol.STOP_ALL, ctx -> service.stopAll(caller(ctx), ctx.header(WorkerProtocol.SESSION)));
        app.get(WorkerProtocol.PERIOD_STATS, ctx -> reply(ctx, run(ctx, w -> w.getPeriodStats())));
        app.get(WorkerProtocol.CUMULATIVE_LATENCIES, ctx -> reply(ctx, run(ctx, w -> w.getCumulativeLatencies())));
        app.get(WorkerProtocol.COUNTERS_STATS, ctx -> reply(ctx, run(ctx, w -> w.getCountersStats())));
        app.post(WorkerProtocol.RESET_STATS, ctx -> run(ctx, w -> {
            w.resetStats();
            return null;
        }));
        if (mqbenchExtras) {
            registerMqbenchExtras(app);
        }
    }

    private void registerMqbenchExtras(Javalin app) {
        app.get(WorkerProtocol.CLOCK, ctx -> {
            long now = MicrosClock.nowMicros();
            service.lease().touch(caller(ctx));
            reply(ctx, Map.of("epochMicros", now, "instance", service.instance()));
        });
        app.get(WorkerProtocol.PROCESS_LOAD, ctx -> {
            service.lease().touch(caller(ctx));
            reply(ctx, service.processLoad());
        });
        app.get(WorkerProtocol.WORKER_INFO, ctx -> {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("instance", service.instance());
            info.put("mqbenchVersion", Version.current());
            String owner = service.lease().ownerLabel();
            info.put("busy", owner != null);
            if (owner != null) {
                info.put("servingCoordinator", owner);
                info.put("since", String.valueOf(service.lease().since()));
            }
            reply(ctx, info);
        });
        app.post(WorkerProtocol.STOP_LOAD, ctx -> {
            JsonNode body = JSON.readTree(ctx.bodyAsBytes());
            long maxWait = body == null ? 0 : body.path("maxWaitMillis").asLong(0);
            run(ctx, w -> {
                w.stopLoad(maxWait);
                return null;
            });
        });
        app.get(WorkerProtocol.DELIVERY_REPORT, ctx -> reply(ctx, DeliveryReportWire.of(run(ctx, w -> w.getDeliveryReport()))));
        app.get(WorkerProtocol.SEND_ERRORS, ctx -> reply(ctx, run(ctx, w -> w.getSendErrors())));
        app.get(WorkerProtocol.DRIVER_METADATA, ctx -> reply(ctx, run(ctx, w -> w.getDriverMetadata())));
    }

    private void initializeDriver(Context ctx) throws Exception {
        String session = service.initializeDriver(caller(ctx), ctx.bodyAsBytes(), ctx.header(WorkerProtocol.DRIVER_FILE));
        if (mqbenchExtras) {
            ctx.header(WorkerProtocol.SESSION, session);
        }
    }

    private <T> T run(Context ctx, WorkerService.Command<T> command) throws Exception {
        String session = mqbenchExtras ? ctx.header(WorkerProtocol.SESSION) : null;
        return service.command(caller(ctx), session, command);
    }

    private static CoordinatorLease.Caller caller(Context ctx) {
        return CoordinatorLease.Caller.of(ctx.header(WorkerProtocol.COORDINATOR), ctx.ip());
    }

    private static <T> T read(Context ctx, Class<T> type) throws IOException {
        return read(ctx, JSON.getTypeFactory().constructType(type), type.getSimpleName());
    }

    private static <T> T read(Context ctx, TypeReference<T> type) throws IOException {
        return read(ctx, JSON.getTypeFactory().constructType(type), "list of topic names");
    }

    private static <T> T read(Context ctx, com.fasterxml.jackson.databind.JavaType type, String what) throws IOException {
        try {
            return JSON.readValue(ctx.bodyAsBytes(), type);
        } catch (JsonProcessingException e) {
            throw new WorkerRefusal(400, WorkerProtocol.KIND_FAILED,
                    "the body of " + ctx.path() + " is not a " + what + ": " + e.getOriginalMessage());
        }
    }

    private void reply(Context ctx, Object body) throws IOException {
        ctx.contentType("application/json").result(writer.writeValueAsBytes(body));
    }
}
