package io.mqbench.driver.nats;

import io.mqbench.driver.support.Choices;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * The NATS driver's YAML file, read strictly. Upstream OMB's {@code nats.yaml} keys ({@code
 * natsHostUrl}, {@code replicationFactor}, {@code storageType}, {@code maxBytes}) keep their names
 * and meaning, so an upstream file works with only {@code driverClass} changed; the other keys are
 * mqbench's.
 */
public final class NatsSettings {
    public String name;
    public String driverClass;

    /** How a topic maps to NATS: a JetStream stream (stored, acknowledged), or plain core NATS subjects. */
    public String mode = "jetstream";

    /** One server, or several separated by commas (a cluster's seeds); {@code nats://user:pass@host:port} carries credentials. */
    public String natsHostUrl = "nats://127.0.0.1:4222";

    /** Copies of each stream in a JetStream cluster; a single server keeps 1. */
    public int replicationFactor = 1;

    /** Where a stream keeps its messages: {@code file} (written to disk) or {@code memory}. Upstream writes {@code File}/{@code Memory}. */
    public String storageType = "file";

    /** Most bytes a stream keeps before it drops its oldest messages; -1 for no limit (the server's own limit still applies). */
    public long maxBytes = -1;

    /** {@code limits}: a stream keeps messages after they are acknowledged (until maxBytes); {@code interest}: it drops each one once every subscription acknowledged it. */
    public String retention = "limits";

    /** JetStream: publishes a producer keeps waiting for their acknowledgement before the next one waits for room. */
    public int publishWindow = 1_000;

    /** JetStream: how long a publish may wait for its acknowledgement before it counts as failed. */
    public long publishTimeoutMs = 10_000;

    /**
     * JetStream: give every publish a message id ({@code Nats-Msg-Id}), so the server drops a copy
     * the client sends again after a reconnect (within the stream's 2-minute duplicate window). Off
     * by default: it costs a header per message and the server's memory for the window's ids.
     */
    public boolean deduplicate;

    /** JetStream: messages a consumer asks the server for in one pull request. */
    public int pullBatchSize = 2_000;

    /** JetStream: messages of one subscription delivered but not yet acknowledged before the server stops delivering. */
    public int maxAckPending = 20_000;

    /** JetStream: how long the server waits for an acknowledgement before it delivers a message again. */
    public long ackWaitMs = 30_000;

    /** Delete the streams this driver created when it closes (file storage would otherwise keep them on disk). */
    public boolean deleteStreamsOnClose = true;

    enum Mode {
        JETSTREAM,
        CORE
    }

    enum Storage {
        FILE,
        MEMORY
    }

    enum Retention {
        LIMITS,
        INTEREST
    }

    Mode mode() {
        return Choices.choice("mode", mode, Mode.class);
    }

    Storage storage() {
        return Choices.choice("storageType", storageType, Storage.class);
    }

    Retention retentionPolicy() {
        return Choices.choice("retention", retention, Retention.class);
    }

    /** Strictly, then {@link #validate()}; every problem is a one-line IOException naming the field. */
    static NatsSettings read(File file) throws IOException {
        return DriverSettings.read(file, NatsSettings.class, NatsSettings::validate);
    }

    void validate() {
        mode();
        storage();
        retentionPolicy();
        servers();
        range("replicationFactor", replicationFactor, 1, 5);
        if (maxBytes != -1) {
            range("maxBytes", maxBytes, 1, Long.MAX_VALUE);
        }
        range("publishWindow", publishWindow, 1, 1_000_000);
        range("publishTimeoutMs", publishTimeoutMs, 1, 3_600_000);
        range("pullBatchSize", pullBatchSize, 1, 100_000);
        range("maxAckPending", maxAckPending, 1, 10_000_000);
        range("ackWaitMs", ackWaitMs, 1, 3_600_000);
    }

    /** The server URLs as the client takes them ({@code nats://} added where the file left it out, as upstream's {@code localhost:4222}). */
    List<String> servers() {
        if (natsHostUrl == null || natsHostUrl.isBlank()) {
            throw new IllegalArgumentException("natsHostUrl is empty; give the server, e.g. nats://127.0.0.1:4222");
        }
        List<String> urls = new ArrayList<>();
        for (String part : natsHostUrl.split(",")) {
            String url = part.trim();
            if (!url.contains("://")) {
                url = "nats://" + url;
            }
            try {
                URI uri = new URI(url);
                if (uri.getHost() == null) {
                    throw new URISyntaxException(url, "no host");
                }
                if (!List.of("nats", "tls", "ws", "wss").contains(uri.getScheme())) {
                    throw new URISyntaxException(url, "scheme " + uri.getScheme());
                }
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("natsHostUrl has '" + part.trim()
                        + "', which is not a server address; give host:port or nats://host:port (tls://, ws://, wss:// also work)");
            }
            urls.add(url);
        }
        return urls;
    }

    /** The servers as a user would recognise them, without credentials (results must not carry secrets). */
    String describeServers() {
        List<String> shown = new ArrayList<>();
        for (String url : servers()) {
            URI uri = URI.create(url);
            shown.add(uri.getScheme() + "://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : ""));
        }
        return String.join(",", shown);
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            String allowed = max == Long.MAX_VALUE ? min + " or more" : min + " to " + max;
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + allowed);
        }
    }
}
