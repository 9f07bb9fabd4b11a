package io.mqbench.worker.remote;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.UserError;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.worker.protocol.WorkerProtocol;
import io.mqbench.worker.protocol.WorkerToken;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Checks every worker before any run starts, so that a wrong address, a missing token or a busy
 * worker is one clear line before anything is created: asks each for {@code /worker-info}
 * (mqbench) or, if that is unknown, {@code /counters-stats} (an upstream OMB worker).
 */
public final class WorkerConnector {
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final WorkerToken token;
    private final String coordinator;

    public WorkerConnector(HttpClient client, WorkerToken token, String coordinator) {
        this.client = client;
        this.token = token;
        this.coordinator = coordinator;
    }

    /** One HTTP client for all workers of a coordinator. */
    public static HttpClient newClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build();
    }

    /** Every worker's identity, in the order given; every problem is a {@link UserError}. */
    public List<WorkerIdentity> connect(List<URI> urls) {
        // All at once: unreachable workers cost one connect timeout, not one each.
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(urls.size(), 32)), runnable -> {
            Thread thread = new Thread(runnable, "mqbench-connect");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<WorkerIdentity>> answers = new ArrayList<>();
            for (URI url : urls) {
                answers.add(pool.submit(() -> identify(url)));
            }
            List<WorkerIdentity> identities = new ArrayList<>();
            for (Future<WorkerIdentity> answer : answers) {
                identities.add(answer.get());
            }
            checkDistinct(identities);
            return identities;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while connecting to the workers");
        } finally {
            pool.shutdownNow();
        }
    }

    private WorkerIdentity identify(URI url) {
        WorkerTransport transport = new WorkerTransport(url, client, token, coordinator);
        HttpResponse<byte[]> info = ask(transport, WorkerProtocol.WORKER_INFO);
        if (info.statusCode() == 404) {
            HttpResponse<byte[]> counters = ask(transport, WorkerProtocol.COUNTERS_STATS);
            if (counters.statusCode() == 200) {
                return WorkerIdentity.upstream(url);
            }
            refuse(url, counters, "it answers HTTP 404 on " + WorkerProtocol.WORKER_INFO + " and HTTP " + counters.statusCode()
                    + " on " + WorkerProtocol.COUNTERS_STATS + ": is it a benchmark worker?");
        }
        if (info.statusCode() != 200) {
            refuse(url, info, "HTTP " + info.statusCode() + " on " + WorkerProtocol.WORKER_INFO + ": " + WorkerErrors.message(info.body()));
        }
        JsonNode body;
        try {
            body = WireJson.mapper().readTree(info.body());
        } catch (IOException e) {
            throw new UserError(url + ": its " + WorkerProtocol.WORKER_INFO + " is not JSON: is it a benchmark worker?");
        }
        if (body == null || !body.hasNonNull("instance")) {
            throw new UserError(url + ": its " + WorkerProtocol.WORKER_INFO + " does not say which worker it is: is it a benchmark worker?");
        }
        if (body.path("busy").asBoolean()) {
            throw new UserError(url + " is busy: it serves " + body.path("servingCoordinator").asText("another coordinator")
                    + " since " + body.path("since").asText("?") + "; wait until that run ends (a worker frees itself "
                    + WorkerProtocol.COORDINATOR_IDLE_LIMIT.toSeconds() + " s after its coordinator falls silent) or use another worker");
        }
        return new WorkerIdentity(url, true, body.path("mqbenchVersion").asText("?"), body.get("instance").asText());
    }

    private static HttpResponse<byte[]> ask(WorkerTransport transport, String path) {
        URI url = transport.base();
        try {
            return transport.sendAsync("GET", path, null, ANSWER_TIMEOUT).get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpConnectTimeoutException) {
                throw new UserError(url + ": no connection within " + CONNECT_TIMEOUT.toSeconds() + " s: is the address right and reachable from here (firewall)?");
            }
            if (cause instanceof HttpTimeoutException) {
                throw new UserError(url + ": connected, but no answer within " + ANSWER_TIMEOUT.toSeconds() + " s: is it a benchmark worker?");
            }
            if (cause instanceof ConnectException) {
                throw new UserError(url + ": cannot connect (connection refused): is bin/benchmark-worker running there, on that port?");
            }
            throw new UserError(url + ": cannot talk to it: " + cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while connecting to " + url);
        }
    }

    private void refuse(URI url, HttpResponse<byte[]> response, String otherwise) {
        if (response.statusCode() == 401) {
            throw new UserError(url + ": " + (token != null
                    ? "the worker rejected the token of --token-file: it is not the one the worker was started with"
                    : "the worker needs a token: give --token-file with the file the worker was started with"));
        }
        if (response.statusCode() == 409) {
            throw new UserError(url + ": " + WorkerErrors.message(response.body()));
        }
        throw new UserError(url + ": " + otherwise);
    }

    private static void checkDistinct(List<WorkerIdentity> identities) {
        Map<String, WorkerIdentity> byInstance = new HashMap<>();
        for (WorkerIdentity identity : identities) {
            if (identity.instance() == null) {
                continue;
            }
            WorkerIdentity earlier = byInstance.putIfAbsent(identity.instance(), identity);
            if (earlier != null) {
                throw new UserError(earlier.url() + " and " + identity.url() + " are the same worker (process "
                        + identity.instance() + "): list each worker once");
            }
        }
    }
}
