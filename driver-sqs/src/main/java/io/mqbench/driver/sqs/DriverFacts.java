package io.mqbench.driver.sqs;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import software.amazon.awssdk.core.util.VersionInfo;

/**
 * What the result file records about the driver: library versions, where it talks to and the
 * effective settings. Built from the settings' non-secret fields only: credentials are described by
 * their source, never by value, and the endpoint loses any user-info part.
 */
final class DriverFacts {
    private DriverFacts() {}

    static Map<String, String> of(SqsSettings settings) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "software.amazon.awssdk:sqs " + VersionInfo.SDK_VERSION);
        facts.put("httpClient", httpClient(settings));
        facts.put("service", settings.endpoint == null ? "Amazon SQS, AWS endpoint of " + settings.region
                : "SQS-compatible server at " + endpointWithoutUserInfo(settings.endpoint));
        facts.put("region", settings.region);
        facts.put("credentials", SqsClients.credentialsSource(settings));
        facts.put("queueType", settings.fifo()
                ? "fifo: MessageGroupId = message key (the producer's own group without a key), deduplication "
                        + (settings.contentBasedDeduplication ? "content-based" : "by the driver's unique ids")
                : "standard");
        facts.put("queueAttributes", Queues.attributes(settings).toString());
        facts.put("send", (settings.sendBatchSize == 1 ? "SendMessage per message"
                : "SendMessageBatch of up to " + settings.sendBatchSize + " messages and " + settings.maxBatchBytes
                        + " bytes, window " + settings.sendBatchWindowMs + " ms")
                + ", at most " + settings.sendsInFlight() + " call(s) in flight per producer and queue");
        facts.put("receive", "ReceiveMessage of up to " + settings.receiveBatchSize + " messages, "
                + (settings.waitTimeSeconds == 0 ? "short polling" : "long polling " + settings.waitTimeSeconds + " s"));
        facts.put("acknowledge", (settings.deleteBatchSize == 1 ? "DeleteMessage per message"
                : "DeleteMessageBatch of up to " + settings.deleteBatchSize + " messages") + " after the callback");
        facts.put("visibilityTimeoutSeconds", Integer.toString(settings.visibilityTimeout));
        facts.put("maxConnections", Integer.toString(settings.maxConnections));
        facts.put("checksumValidation", Boolean.toString(settings.checksumValidation));
        facts.put("fanOut", "one queue per subscription; producers send each message to every queue of the topic");
        facts.put("payloadEncoding", "base64 in the message body");
        facts.put("endToEndTimestamp", "message attribute " + MessageCodec.PUBLISH_MILLIS_ATTRIBUTE + " (epoch ms)");
        return facts;
    }

    private static String httpClient(SqsSettings settings) {
        return switch (settings.httpClientKind()) {
            case NETTY -> "software.amazon.awssdk:netty-nio-client " + version("software.amazon.awssdk", "netty-nio-client")
                    + " on Netty " + version("io.netty", "netty-common");
            case CRT -> "software.amazon.awssdk:aws-crt-client " + version("software.amazon.awssdk", "aws-crt-client")
                    + " on aws-crt " + version("software.amazon.awssdk.crt", "aws-crt");
        };
    }

    /** The version Maven wrote into the artifact's jar, or "?" when it is not there. */
    static String version(String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = DriverFacts.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "?";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static String endpointWithoutUserInfo(String endpoint) {
        URI uri = URI.create(endpoint.trim());
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                + (uri.getPath() == null ? "" : uri.getPath());
    }
}
