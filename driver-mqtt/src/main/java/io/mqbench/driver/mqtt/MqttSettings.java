package io.mqbench.driver.mqtt;

import com.fasterxml.jackson.annotation.JsonAlias;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The MQTT driver's YAML file, read strictly. Upstream OMB's {@code mqtt5.yaml} sections and keys
 * ({@code client.serverUri}, {@code username}, {@code password}, {@code qos}, {@code topicPrefix};
 * {@code consumer.cleanSession}, {@code sessionExpiryInterval} (its file writes {@code
 * sessionExpiryIntervalSeconds}), {@code receiveMaximum}) keep their names and meaning; {@code
 * producer} and {@code consumer.sharedSubscription} are mqbench's.
 */
public final class MqttSettings {
    public String name;
    public String driverClass;
    public Client client = new Client();
    public Consumer consumer = new Consumer();
    public Producer producer = new Producer();

    public static final class Client {
        /** {@code tcp://host:port} (or {@code host:port}); {@code ssl://} for TLS with the JVM's default trust store. */
        public String serverUri = "tcp://127.0.0.1:1883";
        public String username = "";
        /** Never logged or reported; the harness redacts it from result files. */
        public String password = "";
        /** 0 at most once, 1 at least once, 2 exactly once: for publishes and subscriptions alike. */
        public int qos = 1;
        /** Every benchmark topic starts with it (upstream's default is {@code benchmark}). */
        public String topicPrefix = "mqbench";
    }

    public static final class Consumer {
        /** Start each consumer's session afresh and end it with the connection (MQTT 5's clean start, expiry 0). */
        public boolean cleanSession = true;
        /** How long the broker keeps a consumer's session (and its queued messages) after a disconnect, when cleanSession is false. */
        @JsonAlias("sessionExpiryIntervalSeconds")
        public long sessionExpiryInterval = 3L * 24 * 60 * 60;
        /**
         * QoS 1 and 2 messages the broker may send a consumer before it has acknowledged them; the
         * HiveMQ client also drops incoming QoS 0 messages beyond this many waiting for the
         * callback. 65535 is MQTT's own default (upstream OMB's file names 256): Mosquitto 2.0.11
         * overruns a small limit and the client then drops the connection (see the README).
         */
        public int receiveMaximum = 65_535;
        /**
         * Consumers of one subscription share it ({@code $share/<subscription>/<topic>}), so each
         * message reaches one of them; false subscribes each consumer to the topic itself, so each
         * gets every message (the delivery check then counts the extra copies as duplicates).
         */
        public boolean sharedSubscription = true;
    }

    public static final class Producer {
        /** QoS 1 and 2: publishes a producer keeps waiting for the broker's acknowledgement; the wait for room is publish delay. */
        public int publishWindow = 1_000;
        /** A QoS 1 or 2 publish without acknowledgement after this long counts as failed. */
        public long publishTimeoutMs = 30_000;
    }

    static MqttSettings read(File file) throws IOException {
        return DriverSettings.read(file, MqttSettings.class, MqttSettings::validate);
    }

    void validate() {
        server();
        range("client.qos", client.qos, 0, 2);
        if (client.topicPrefix == null || client.topicPrefix.isBlank() || client.topicPrefix.matches(".*[+#].*")) {
            throw new IllegalArgumentException("client.topicPrefix is '" + client.topicPrefix
                    + "'; give a topic level without wildcards (+, #), e.g. mqbench");
        }
        range("consumer.sessionExpiryInterval", consumer.sessionExpiryInterval, 0, 4_294_967_295L);
        range("consumer.receiveMaximum", consumer.receiveMaximum, 1, 65_535);
        range("producer.publishWindow", producer.publishWindow, 1, 1_000_000);
        range("producer.publishTimeoutMs", producer.publishTimeoutMs, 1, 3_600_000);
    }

    /** Where the broker is: host, port and whether to speak TLS, from {@code client.serverUri}. */
    Server server() {
        String text = client.serverUri == null ? "" : client.serverUri.trim();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("client.serverUri is empty; give the broker, e.g. tcp://127.0.0.1:1883");
        }
        String withScheme = text.contains("://") ? text : "tcp://" + text;
        try {
            URI uri = new URI(withScheme);
            boolean tls = switch (uri.getScheme()) {
                case "tcp", "mqtt" -> false;
                case "ssl", "mqtts" -> true;
                default -> throw new URISyntaxException(text, "scheme");
            };
            if (uri.getHost() == null) {
                throw new URISyntaxException(text, "host");
            }
            return new Server(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : tls ? 8883 : 1883, tls);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("client.serverUri is '" + text
                    + "', which is not a broker address; give tcp://host:port (ssl://host:port for TLS)");
        }
    }

    boolean hasCredentials() {
        return client.username != null && !client.username.isEmpty();
    }

    /** The broker's address and transport. */
    record Server(String host, int port, boolean tls) {
        @Override
        public String toString() {
            return (tls ? "ssl://" : "tcp://") + host + ':' + port;
        }
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + min + " to " + max);
        }
    }
}
