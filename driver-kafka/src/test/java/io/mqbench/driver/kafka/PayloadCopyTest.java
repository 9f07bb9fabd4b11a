package io.mqbench.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.CopiesPayload;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The producer tells the harness it is done with the payload array when {@code send} returns only
 * while no interceptor can keep the record; no broker needed (a client connects on its first send).
 */
class PayloadCopyTest {
    @TempDir
    Path dir;

    @Test
    void aPlainProducerCopiesThePayload() throws IOException {
        assertTrue(producerFor("") instanceof CopiesPayload);
    }

    @Test
    void aProducerWithInterceptorsDoesNotClaimTo() throws IOException {
        String interceptors = "  interceptor.classes=" + KeepsRecords.class.getName() + "\n";
        assertFalse(producerFor(interceptors) instanceof CopiesPayload, "an interceptor's onSend may keep the array");
    }

    /** The producer the driver makes for a driver file with these lines in its producerConfig. */
    private KafkaBenchmarkProducer producerFor(String producerConfigLines) throws IOException {
        Path file = dir.resolve("driver-" + System.nanoTime() + ".yaml");
        Files.writeString(file, """
                name: Kafka
                driverClass: io.mqbench.driver.kafka.KafkaBenchmarkDriver
                commonConfig: |
                  bootstrap.servers=127.0.0.1:1
                producerConfig: |
                  acks=all
                """ + producerConfigLines);
        Properties properties = ClientProperties.from(KafkaSettings.read(new File(file.toString()))).producerProperties();
        KafkaProducer<String, byte[]> client = new KafkaProducer<>(properties);
        try {
            return KafkaBenchmarkProducer.of(client, "topic", properties);
        } finally {
            client.close(Duration.ZERO);
        }
    }

    /** What an interceptor may do: keep the records it is handed. */
    public static final class KeepsRecords implements ProducerInterceptor<String, byte[]> {
        @Override
        public ProducerRecord<String, byte[]> onSend(ProducerRecord<String, byte[]> record) {
            return record;
        }

        @Override
        public void onAcknowledgement(RecordMetadata metadata, Exception exception) {}

        @Override
        public void close() {}

        @Override
        public void configure(Map<String, ?> configs) {}
    }
}
