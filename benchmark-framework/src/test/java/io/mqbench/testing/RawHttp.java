package io.mqbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Plain HTTP requests with exactly the body and headers given, as another program (an upstream
 * OMB coordinator, curl, a Prometheus scraper) would send them.
 */
public final class RawHttp {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private RawHttp() {}

    public static HttpResponse<String> get(String url, String... headers) {
        return send("GET", url, null, headers);
    }

    public static HttpResponse<String> post(String url, String body, String... headers) {
        return send("POST", url, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    public static HttpResponse<String> post(String url, byte[] body, String... headers) {
        return send("POST", url, body, headers);
    }

    /** @param headers name, value, name, value ... */
    public static HttpResponse<String> send(String method, String url, byte[] body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
