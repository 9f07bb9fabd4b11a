package io.mqbench.driver.sqs;

import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The SQS driver's YAML file. Unknown fields are rejected and every check names the field and what
 * it accepts. See driver-sqs/README.md for what each setting costs.
 *
 * <p>The credential fields' names contain "AccessKey", "Secret" and "Token" on purpose: the harness
 * masks fields so named before the settings reach a log or a result file.
 */
public final class SqsSettings {
    /** SQS limits: at most 10 entries per batch call, long polls of at most 20 s, 12 h of visibility. */
    static final int MAX_BATCH_ENTRIES = 10;
    static final int MAX_WAIT_SECONDS = 20;
    static final int MAX_VISIBILITY_SECONDS = 43_200;
    /** The payload limit of SendMessage(Batch) on AWS since August 2025, and of ElasticMQ 1.6. */
    static final int DEFAULT_MAX_BATCH_BYTES = 1_048_576;
    static final int DEFAULT_SENDS_IN_FLIGHT = 4;

    public String name;
    public String driverClass;

    /** AWS region, e.g. eu-west-1; with an endpoint it only names the signing region. */
    public String region;

    /** Endpoint override (ElasticMQ, LocalStack); absent: the region's AWS endpoint. */
    public String endpoint;

    /** Static credentials; both absent: the SDK's default credentials provider chain. */
    public String accessKeyId;
    public String secretAccessKey;
    /** Only with temporary (STS) credentials. */
    public String sessionToken;

    /** standard or fifo. */
    public String queueType = "standard";

    /** FIFO only: let SQS derive deduplication ids from the body instead of sending the driver's own. */
    public boolean contentBasedDeduplication = false;

    /** Extra attributes for every queue the driver creates, e.g. MessageRetentionPeriod: "3600". */
    public Map<String, String> queueAttributes = new LinkedHashMap<>();

    /** Most messages per SendMessageBatch call; 1 sends each message with SendMessage. */
    public int sendBatchSize = MAX_BATCH_ENTRIES;

    /** How long a batch that is not full waits for more messages before it is sent. */
    public int sendBatchWindowMs = 1;

    /**
     * Most SendMessage(Batch) calls of one producer to one queue that wait for SQS's answer at once;
     * absent: 4, and 1 for FIFO queues (the only value that keeps a message group's order).
     */
    public Integer maxSendsInFlight;

    /** Most bytes (bodies and attributes) per SendMessageBatch call; a message above it goes alone. */
    public int maxBatchBytes = DEFAULT_MAX_BATCH_BYTES;

    /** MaxNumberOfMessages of each ReceiveMessage call. */
    public int receiveBatchSize = MAX_BATCH_ENTRIES;

    /** WaitTimeSeconds of each ReceiveMessage call (long polling); 0: short polling. */
    public int waitTimeSeconds = MAX_WAIT_SECONDS;

    /** Queue attribute VisibilityTimeout: seconds before a received, undeleted message reappears. */
    public int visibilityTimeout = 30;

    /** Most receipt handles per DeleteMessageBatch call; 1 deletes each message with DeleteMessage. */
    public int deleteBatchSize = MAX_BATCH_ENTRIES;

    /** Most concurrent HTTP connections (requests) of the driver's one SQS client. */
    public int maxConnections = 50;

    /** crt (AwsCrtAsyncHttpClient, what the SDK recommends) or netty (NettyNioAsyncHttpClient, its default). */
    public String httpClient = "crt";

    /** The SDK's MD5 checks of sent and received bodies and attributes. */
    public boolean checksumValidation = true;

    /** Delete the queues this driver created when it closes. */
    public boolean deleteQueuesAtEnd = true;

    public enum QueueType { STANDARD, FIFO }

    public enum HttpClientKind { CRT, NETTY }

    private QueueType parsedQueueType;
    private HttpClientKind parsedHttpClient;

    /** Reads the file strictly and {@link #validate()}s it; every problem is an IOException naming the field. */
    static SqsSettings read(File file) throws IOException {
        return DriverSettings.read(file, SqsSettings.class, SqsSettings::validate);
    }

    /** Checks every field and parses the named choices; throws naming the field and what it allows. */
    void validate() {
        parsedQueueType = choice("queueType", queueType, QueueType.class);
        parsedHttpClient = choice("httpClient", httpClient, HttpClientKind.class);
        if (region == null || !region.matches("[a-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("region: " + (region == null ? "missing" : "'" + region + "' is not a region")
                    + "; give the AWS region, e.g. eu-west-1 (with an endpoint override any name, e.g. elasticmq)");
        }
        checkEndpoint();
        checkCredentials();
        within("sendBatchSize", sendBatchSize, 1, MAX_BATCH_ENTRIES);
        within("receiveBatchSize", receiveBatchSize, 1, MAX_BATCH_ENTRIES);
        within("deleteBatchSize", deleteBatchSize, 1, MAX_BATCH_ENTRIES);
        within("sendBatchWindowMs", sendBatchWindowMs, 0, 1000);
        within("maxBatchBytes", maxBatchBytes, 1024, 16 * DEFAULT_MAX_BATCH_BYTES);
        within("waitTimeSeconds", waitTimeSeconds, 0, MAX_WAIT_SECONDS);
        within("visibilityTimeout", visibilityTimeout, 0, MAX_VISIBILITY_SECONDS);
        within("maxConnections", maxConnections, 1, 10_000);
        if (maxSendsInFlight != null) {
            within("maxSendsInFlight", maxSendsInFlight, 1, 1000);
            if (parsedQueueType == QueueType.FIFO && maxSendsInFlight != 1) {
                throw new IllegalArgumentException("maxSendsInFlight: " + maxSendsInFlight + " with queueType fifo; allowed"
                        + " only 1: overlapping sends may reach SQS out of order, and a FIFO queue keeps the order it gets");
            }
        }
        if (contentBasedDeduplication && parsedQueueType != QueueType.FIFO) {
            throw new IllegalArgumentException("contentBasedDeduplication: only for queueType fifo");
        }
        checkQueueAttributes();
    }

    private void checkEndpoint() {
        if (endpoint == null) {
            return;
        }
        try {
            URI uri = new URI(endpoint.trim());
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new URISyntaxException(endpoint, "not http(s)://host[:port]");
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("endpoint: '" + endpoint + "' is not a URL like http://127.0.0.1:9324;"
                    + " leave it out to use the region's AWS endpoint");
        }
    }

    private void checkCredentials() {
        boolean key = accessKeyId != null && !accessKeyId.isBlank();
        boolean secret = secretAccessKey != null && !secretAccessKey.isBlank();
        if (key != secret) {
            throw new IllegalArgumentException("accessKeyId and secretAccessKey: give both, or neither to use the"
                    + " SDK's default credentials chain (environment, ~/.aws, instance role)");
        }
        if (sessionToken != null && !key) {
            throw new IllegalArgumentException("sessionToken: only together with accessKeyId and secretAccessKey");
        }
    }

    private void checkQueueAttributes() {
        if (queueAttributes == null) {
            queueAttributes = new LinkedHashMap<>();
        }
        for (Map.Entry<String, String> attribute : queueAttributes.entrySet()) {
            String key = attribute.getKey();
            QueueAttributeName name = QueueAttributeName.fromValue(key);
            if (name == QueueAttributeName.UNKNOWN_TO_SDK_VERSION || name == QueueAttributeName.ALL) {
                throw new IllegalArgumentException("queueAttributes: unknown attribute '" + key + "'; known: "
                        + Arrays.stream(QueueAttributeName.values())
                                .filter(n -> n != QueueAttributeName.UNKNOWN_TO_SDK_VERSION && n != QueueAttributeName.ALL)
                                .map(QueueAttributeName::toString).sorted().collect(Collectors.joining(", ")));
            }
            if (name == QueueAttributeName.FIFO_QUEUE || name == QueueAttributeName.VISIBILITY_TIMEOUT
                    || name == QueueAttributeName.CONTENT_BASED_DEDUPLICATION) {
                throw new IllegalArgumentException("queueAttributes: " + key + " comes from the setting "
                        + (name == QueueAttributeName.FIFO_QUEUE ? "queueType"
                                : name == QueueAttributeName.VISIBILITY_TIMEOUT ? "visibilityTimeout"
                                        : "contentBasedDeduplication") + "; set it there");
            }
            if (attribute.getValue() == null) {
                throw new IllegalArgumentException("queueAttributes." + key + ": give a value");
            }
        }
    }

    private static void within(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + ": " + value + " is out of range; allowed " + min + " to " + max);
        }
    }

    private static <E extends Enum<E>> E choice(String field, String value, Class<E> type) {
        String allowed = Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        if (value == null) {
            throw new IllegalArgumentException(field + ": missing; allowed: " + allowed);
        }
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": '" + value + "' is not allowed; allowed: " + allowed);
        }
    }

    boolean hasStaticCredentials() {
        return accessKeyId != null && !accessKeyId.isBlank();
    }

    QueueType queueKind() {
        return parsedQueueType;
    }

    HttpClientKind httpClientKind() {
        return parsedHttpClient;
    }

    /** The effective {@link #maxSendsInFlight}. */
    int sendsInFlight() {
        if (maxSendsInFlight != null) {
            return maxSendsInFlight;
        }
        return fifo() ? 1 : DEFAULT_SENDS_IN_FLIGHT;
    }

    boolean fifo() {
        return parsedQueueType == QueueType.FIFO;
    }
}
