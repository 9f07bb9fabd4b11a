package io.mqbench.worker.remote;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.UserError;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerProtocol;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Turns a worker's error answer into what the coordinator does about it: the user's mistakes
 * (a token, a driver file, a busy worker) become {@link UserError}s, one line naming the worker; a
 * worker that no longer knows the run is lost; anything else is a failed call.
 */
final class WorkerErrors {
    private WorkerErrors() {}

    static IOException fromResponse(HttpWorker worker, String method, String path, HttpResponse<byte[]> response, boolean sentToken) {
        String message = message(response.body());
        String kind = kind(response.body());
        String id = worker.id();
        switch (response.statusCode()) {
            case 401:
                throw new UserError(id + ": " + (sentToken
                        ? "the worker rejected the token of --token-file: it is not the one the worker was started with"
                        : "the worker needs a token: give --token-file with the file the worker was started with"));
            case 409:
                if (WorkerProtocol.KIND_SESSION.equals(kind)) {
                    worker.markLost("no longer knows this run: " + message);
                    return worker.lostException();
                }
                throw new UserError(id + ": " + message);
            case 400:
                if (WorkerProtocol.KIND_USER.equals(kind)) {
                    throw new UserError(id + ": " + message);
                }
                return new IOException(id + ": " + method + " " + path + " was refused: " + message);
            case 404:
                return new IOException(id + " has no endpoint " + method + " " + path + " (HTTP 404): is it a benchmark worker?");
            default:
                return new IOException(id + ": " + method + " " + path + " failed (HTTP " + response.statusCode() + "): " + message);
        }
    }

    /** The {@code error} of an mqbench error body, or the first line of whatever else came. */
    static String message(byte[] body) {
        String text = body == null ? "" : new String(body, StandardCharsets.UTF_8).strip();
        JsonNode json = json(body);
        if (json != null && json.hasNonNull("error")) {
            return json.get("error").asText();
        }
        String line = text.lines().findFirst().orElse("(no message)");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static String kind(byte[] body) {
        JsonNode json = json(body);
        return json == null ? null : json.path("kind").asText(null);
    }

    private static JsonNode json(byte[] body) {
        if (body == null || body.length == 0 || body[0] != '{') {
            return null;
        }
        try {
            return WireJson.mapper().readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
