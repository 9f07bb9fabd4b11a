package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.config.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqsSettingsTest {
    @TempDir
    Path dir;

    private SqsSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, yaml);
        return SqsSettings.read(file.toFile());
    }

    private String error(String yaml) {
        return assertThrows(IOException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void defaultsAreStandardQueuesFullBatchesAndLongPolling() throws IOException {
        SqsSettings s = read("name: x\ndriverClass: y\nregion: eu-west-1\n");
        assertEquals(SqsSettings.QueueType.STANDARD, s.queueKind());
        assertEquals(10, s.sendBatchSize);
        assertEquals(1, s.sendBatchWindowMs);
        assertEquals(1_048_576, s.maxBatchBytes);
        assertEquals(10, s.receiveBatchSize);
        assertEquals(20, s.waitTimeSeconds);
        assertEquals(30, s.visibilityTimeout);
        assertEquals(10, s.deleteBatchSize);
        assertEquals(50, s.maxConnections);
        assertEquals(SqsSettings.HttpClientKind.CRT, s.httpClientKind());
        assertTrue(s.checksumValidation);
        assertTrue(s.deleteQueuesAtEnd);
        assertNull(s.endpoint);
        assertFalse(s.hasStaticCredentials(), "no credentials: the SDK's default chain");
    }

    @Test
    void theModuleDriverFilesLoad() throws IOException {
        SqsSettings local = SqsSettings.read(Path.of("sqs-local.yaml").toFile());
        assertEquals("http://127.0.0.1:9324", local.endpoint);
        assertTrue(local.hasStaticCredentials());
        SqsSettings fifo = SqsSettings.read(Path.of("sqs-fifo.yaml").toFile());
        assertTrue(fifo.fifo());
        SqsSettings aws = SqsSettings.read(Path.of("sqs-aws.yaml").toFile());
        assertNull(aws.endpoint, "real AWS: the region's endpoint");
        assertFalse(aws.hasStaticCredentials(), "real AWS: the default credentials chain");
        assertEquals("eu-west-1", aws.region);
        assertEquals("3600", aws.queueAttributes.get("MessageRetentionPeriod"));
    }

    @Test
    void choicesAreCheckedAndNamed() {
        String queueType = error("region: r\nqueueType: priority\n");
        assertTrue(queueType.contains("queueType") && queueType.contains("standard, fifo"), queueType);
        String http = error("region: r\nhttpClient: apache\n");
        assertTrue(http.contains("httpClient") && http.contains("crt, netty"), http);
        assertEquals(SqsSettings.QueueType.FIFO, assertDoesNotThrow("region: r\nqueueType: FIFO\n").queueKind());
    }

    private SqsSettings assertDoesNotThrow(String yaml) {
        try {
            return read(yaml);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void limitsOfSqsAreEnforcedWithTheFieldName() {
        assertTrue(error("region: r\nsendBatchSize: 11\n").contains("sendBatchSize: 11 is out of range; allowed 1 to 10"));
        assertTrue(error("region: r\nreceiveBatchSize: 0\n").contains("receiveBatchSize"));
        assertTrue(error("region: r\ndeleteBatchSize: 20\n").contains("deleteBatchSize"));
        assertTrue(error("region: r\nwaitTimeSeconds: 21\n").contains("waitTimeSeconds: 21 is out of range; allowed 0 to 20"));
        assertTrue(error("region: r\nvisibilityTimeout: 43201\n").contains("visibilityTimeout"));
        assertTrue(error("region: r\nmaxConnections: 0\n").contains("maxConnections"));
        assertTrue(error("region: r\nsendBatchWindowMs: -1\n").contains("sendBatchWindowMs"));
    }

    @Test
    void sendsInFlightDefaultToFourAndFifoAllowsOnlyOne() throws IOException {
        assertEquals(4, read("region: r\n").sendsInFlight());
        assertEquals(1, read("region: r\nqueueType: fifo\n").sendsInFlight());
        assertEquals(16, read("region: r\nmaxSendsInFlight: 16\n").sendsInFlight());
        String fifo = error("region: r\nqueueType: fifo\nmaxSendsInFlight: 2\n");
        assertTrue(fifo.contains("maxSendsInFlight: 2 with queueType fifo; allowed only 1"), fifo);
        assertTrue(error("region: r\nmaxSendsInFlight: 0\n").contains("maxSendsInFlight: 0 is out of range"));
    }

    @Test
    void unknownAndMistypedFieldsAreRejected() {
        String unknown = error("region: r\nsendBatchSzie: 5\n");
        assertTrue(unknown.startsWith("unknown field 'sendBatchSzie' (did you mean 'sendBatchSize'?); allowed fields: ")
                && unknown.contains("sendBatchSize"), unknown);
        assertEquals("field 'sendBatchSize' has value 'ten'; allowed: a whole number", error("region: r\nsendBatchSize: ten\n"));
    }

    @Test
    void regionEndpointAndCredentialsAreChecked() {
        assertTrue(error("name: x\n").contains("region: missing"));
        assertTrue(error("region: Europe West\n").contains("region"));
        assertTrue(error("region: r\nendpoint: 127.0.0.1:9324\n").contains("endpoint"));
        assertTrue(error("region: r\naccessKeyId: a\n").contains("accessKeyId and secretAccessKey: give both"));
        assertTrue(error("region: r\nsessionToken: t\n").contains("sessionToken"));
        assertTrue(error("region: r\ncontentBasedDeduplication: true\n").contains("only for queueType fifo"));
    }

    @Test
    void queueAttributesMustBeSqsAttributesNotOnesTheSettingsOwn() throws IOException {
        String unknown = error("region: r\nqueueAttributes:\n  RetentionPeriod: \"60\"\n");
        assertTrue(unknown.contains("unknown attribute 'RetentionPeriod'") && unknown.contains("MessageRetentionPeriod"), unknown);
        assertTrue(error("region: r\nqueueAttributes:\n  VisibilityTimeout: \"5\"\n").contains("visibilityTimeout"));
        assertTrue(error("region: r\nqueueAttributes:\n  FifoQueue: \"true\"\n").contains("queueType"));
        SqsSettings s = read("region: r\nqueueType: fifo\nqueueAttributes:\n  FifoThroughputLimit: perMessageGroupId\n"
                + "  DeduplicationScope: messageGroup\n");
        assertEquals("{FifoQueue=true, ContentBasedDeduplication=false, VisibilityTimeout=30, "
                + "FifoThroughputLimit=perMessageGroupId, DeduplicationScope=messageGroup}", Queues.attributes(s).toString());
    }

    @Test
    void theHarnessMasksEveryCredentialField() throws IOException {
        for (String field : new String[] {"accessKeyId", "secretAccessKey", "sessionToken"}) {
            assertTrue(SecretRedactor.isSecretName(field), field);
        }
        JsonNode file = new ObjectMapper(new YAMLFactory()).readTree(
                "region: r\naccessKeyId: AKIAEXAMPLE\nsecretAccessKey: s3cr3t\nsessionToken: tok\n");
        JsonNode redacted = SecretRedactor.redact(file);
        assertEquals("r", redacted.get("region").asText());
        for (String field : new String[] {"accessKeyId", "secretAccessKey", "sessionToken"}) {
            assertEquals(SecretRedactor.MASK, redacted.get(field).asText(), field);
        }
    }

    @Test
    void theDriverMetadataNamesTheCredentialSourceButNeverTheCredentials() throws IOException {
        SqsSettings s = read("region: eu-west-1\nendpoint: http://user:hidden-pass@127.0.0.1:9324\naccessKeyId: AKIAEXAMPLE\n"
                + "secretAccessKey: s3cr3t-value\nsessionToken: token-value\n");
        Map<String, String> facts = DriverFacts.of(s);
        assertEquals("static session credentials from the driver file", facts.get("credentials"));
        assertEquals("SQS-compatible server at http://127.0.0.1:9324", facts.get("service"));
        for (String value : facts.values()) {
            assertFalse(value.contains("AKIAEXAMPLE") || value.contains("s3cr3t") || value.contains("token-value")
                    || value.contains("hidden-pass"), value);
        }
        SqsSettings aws = read("region: eu-west-1\n");
        assertEquals("SDK default credentials provider chain", DriverFacts.of(aws).get("credentials"));
        assertEquals("Amazon SQS, AWS endpoint of eu-west-1", DriverFacts.of(aws).get("service"));
    }
}
