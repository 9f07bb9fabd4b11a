package io.mqbench.worker.server;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.mqbench.config.UserError;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerProtocol;
import io.mqbench.worker.protocol.WorkerToken;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Javalin setup both worker ports share: the token check on every request, and errors as
 * {@code {"error": ..., "kind": ...}} bodies with secrets redacted, 400 for the user's mistakes,
 * 401 for a missing or wrong token, 409 for the lease, 500 for failures.
 */
final class HttpServers {
    private static final Logger log = LoggerFactory.getLogger(HttpServers.class);
    /** Large payload pools travel in {@code /start-load}; Javalin's 1 MB default is too small. */
    private static final long MAX_REQUEST_BYTES = 1L << 30;

    private HttpServers() {}

    static Javalin create(WorkerToken token) {
        Javalin app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.startupWatcherEnabled = false;
            config.http.maxRequestSize = MAX_REQUEST_BYTES;
        });
        if (token != null) {
            app.before(ctx -> {
                if (!token.accepts(ctx.header(WorkerProtocol.AUTHORIZATION))) {
                    String why = ctx.header(WorkerProtocol.AUTHORIZATION) == null ? "no token" : "a wrong token";
                    log.warn("rejected {} {} from {}: {}", ctx.method(), ctx.path(), ctx.ip(), why);
                    ctx.header("WWW-Authenticate", "Bearer");
                    throw new WorkerRefusal(401, WorkerProtocol.KIND_TOKEN,
                            "this worker needs a token (it was started with --token-file) and the request carried " + why);
                }
            });
        }
        app.exception(WorkerRefusal.class, (e, ctx) -> error(ctx, e.status, e.kind, e.getMessage()));
        app.exception(UserError.class, (e, ctx) -> {
            log.warn("{} {}: {}", ctx.method(), ctx.path(), WorkerService.redacted(e.getMessage()));
            error(ctx, 400, WorkerProtocol.KIND_USER, e.getMessage());
        });
        app.exception(Exception.class, (e, ctx) -> {
            log.warn("{} {} failed: {}", ctx.method(), ctx.path(), WorkerService.redacted(String.valueOf(e)));
            log.debug("{} {} failed", ctx.method(), ctx.path(), e);
            error(ctx, 500, WorkerProtocol.KIND_FAILED, e.getMessage() == null ? e.toString() : e.getMessage());
        });
        return app;
    }

    /** Starts listening; an address that cannot be bound is the user's to fix. */
    static void start(Javalin app, String bind, int port, String what) {
        try {
            app.start(bind, port);
        } catch (RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            throw new UserError("cannot listen for the " + what + " on " + bind + ":" + port + ": " + cause.getMessage()
                    + " (is another process using the port, or is the address not one of this machine's?)", e);
        }
    }

    private static void error(Context ctx, int status, String kind, String message) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", WorkerService.redacted(message));
        body.put("kind", kind);
        try {
            ctx.status(status).contentType("application/json").result(WireJson.mapper().writeValueAsBytes(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            ctx.status(status).result(String.valueOf(message));
        }
    }
}
