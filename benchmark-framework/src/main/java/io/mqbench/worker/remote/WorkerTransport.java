package io.mqbench.worker.remote;

import io.mqbench.worker.protocol.WorkerProtocol;
import io.mqbench.worker.protocol.WorkerToken;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Requests to one worker, with what every request carries (the coordinator's name, the token, the
 * run's session) and one rule for failures: a request that gets no HTTP answer (refused, reset,
 * timed out) means the worker is lost. Once lost, every waiting and later request fails at once
 * with {@link WorkerLostException}, so a dead worker never hangs the run.
 */
final class WorkerTransport {
    private final URI base;
    private final HttpClient client;
    private final String authorization;
    private final String coordinator;
    /** How long the last {@code /stop-all} to a lost worker may wait for the worker to resume. */
    private static final Duration LAST_WORD_TIMEOUT = Duration.ofMinutes(10);

    private final Set<CompletableFuture<?>> waiting = ConcurrentHashMap.newKeySet();
    private volatile String session;
    private volatile String lostReason;

    WorkerTransport(URI base, HttpClient client, WorkerToken token, String coordinator) {
        this.base = base;
        this.client = client;
        this.authorization = token == null ? null : token.authorizationHeader();
        this.coordinator = coordinator;
    }

    URI base() {
        return base;
    }

    void session(String value) {
        session = value;
    }

    String lostReason() {
        return lostReason;
    }

    /** Marks the worker lost (the first reason sticks) and fails every request waiting on it. */
    void markLost(String reason) {
        synchronized (this) {
            if (lostReason != null) {
                return;
            }
            lostReason = reason;
        }
        WorkerLostException lost = lostException();
        waiting.forEach(request -> request.completeExceptionally(lost));
        tellItsRunIsOver();
    }

    /**
     * A last {@code /stop-all} for this run, sent without waiting. A worker that was only paused
     * (SIGSTOP, a VM stall) finds it queued when it resumes and stops its load at once, instead of
     * taking the queued heartbeats for a live coordinator and producing for another 30 s. A dead or
     * restarted worker refuses it, which changes nothing.
     */
    private void tellItsRunIsOver() {
        if (session != null) {
            sendAsync("POST", WorkerProtocol.STOP_ALL, null, LAST_WORD_TIMEOUT)
                    .exceptionally(ignored -> null);
        }
    }

    boolean sendsToken() {
        return authorization != null;
    }

    /** Sends and waits; an answer of any status is returned, no answer marks the worker lost. */
    HttpResponse<byte[]> send(String method, String path, byte[] body, Duration timeout) throws IOException {
        return await(sendAsync(method, path, body, timeout, null), path, timeout);
    }

    /** {@code /initialize-driver}: the body is the driver file, whose name goes along in a header. */
    HttpResponse<byte[]> sendDriverFile(String path, byte[] body, Duration timeout, String fileName) throws IOException {
        return await(sendAsync("POST", path, body, timeout, fileName), path, timeout);
    }

    private HttpResponse<byte[]> await(CompletableFuture<HttpResponse<byte[]>> response, String path, Duration timeout) throws IOException {
        if (lostReason != null) {
            response.cancel(true);
            throw lostException();
        }
        waiting.add(response);
        try {
            if (lostReason != null) {
                throw lostException();
            }
            return response.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof WorkerLostException lost) {
                throw lost;
            }
            markLost(describe(cause, timeout));
            throw lostException();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            response.cancel(true);
            throw new IOException("interrupted while waiting for " + base + path, e);
        } finally {
            waiting.remove(response);
        }
    }

    /** The request without the waiting: for the heartbeat, which judges failures itself. */
    CompletableFuture<HttpResponse<byte[]>> sendAsync(String method, String path, byte[] body, Duration timeout) {
        return sendAsync(method, path, body, timeout, null);
    }

    private CompletableFuture<HttpResponse<byte[]>> sendAsync(String method, String path, byte[] body, Duration timeout, String driverFileName) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (driverFileName != null) {
            request.header(WorkerProtocol.DRIVER_FILE, driverFileName);
        } else if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.header(WorkerProtocol.COORDINATOR, coordinator);
        if (authorization != null) {
            request.header(WorkerProtocol.AUTHORIZATION, authorization);
        }
        String current = session;
        if (current != null) {
            request.header(WorkerProtocol.SESSION, current);
        }
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /**
     * A GET on a plain blocking connection, for clock reads: java.net.http's asynchronous machinery
     * adds about a millisecond of thread hand-offs to each round trip, and the clock estimate is
     * only as tight as the round trip. The JDK keeps the connection alive between calls.
     */
    byte[] getBlocking(String path, Duration timeout) throws IOException {
        if (lostReason != null) {
            throw lostException();
        }
        HttpURLConnection connection = (HttpURLConnection) base.resolve(path).toURL().openConnection();
        connection.setConnectTimeout((int) timeout.toMillis());
        connection.setReadTimeout((int) timeout.toMillis());
        connection.setRequestProperty(WorkerProtocol.COORDINATOR, coordinator);
        if (authorization != null) {
            connection.setRequestProperty(WorkerProtocol.AUTHORIZATION, authorization);
        }
        int status = connection.getResponseCode();
        try (InputStream body = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            byte[] bytes = body == null ? new byte[0] : body.readAllBytes();
            if (status != 200) {
                throw new IOException(base + path + " answered HTTP " + status + ": " + WorkerErrors.message(bytes));
            }
            return bytes;
        }
    }

    WorkerLostException lostException() {
        return new WorkerLostException("worker " + base + " " + lostReason);
    }

    static String describe(Throwable error, Duration timeout) {
        if (error instanceof HttpTimeoutException) {
            return "stopped answering (no reply within " + timeout.toSeconds() + " s)";
        }
        if (error instanceof ConnectException) {
            return "cannot be reached (" + (error.getMessage() == null ? "connection refused" : error.getMessage()) + ")";
        }
        return "stopped answering (" + error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage()) + ")";
    }
}
