package io.mqbench.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MqttSettingsTest {
    @TempDir
    Path dir;

    private MqttSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, "name: MQTT\ndriverClass: io.mqbench.driver.mqtt.MqttBenchmarkDriver\n" + yaml);
        return MqttSettings.read(file.toFile());
    }

    private String error(String yaml) {
        return assertThrows(IOException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        assertEquals(List.of("mqtt-artemis.yaml", "mqtt-local.yaml", "mqtt-qos0.yaml", "mqtt-qos2.yaml"),
                TempFiles.moduleDriverFileNames("mqtt"));
        assertEquals(0, MqttSettings.read(new File("mqtt-qos0.yaml")).client.qos);
        assertEquals(1, MqttSettings.read(new File("mqtt-local.yaml")).client.qos);
        assertEquals(2, MqttSettings.read(new File("mqtt-qos2.yaml")).client.qos);
        assertEquals("tcp://127.0.0.1:61616", MqttSettings.read(new File("mqtt-artemis.yaml")).server().toString());
    }

    /** Upstream OMB's mqtt5.yaml has these sections and keys, with these spellings; only driverClass differs. */
    @Test
    void anUpstreamDriverFileLoadsWithOnlyTheDriverClassChanged() throws IOException {
        MqttSettings settings = read("""
                client:
                  serverUri: tcp://localhost:1883
                  username:
                  password:
                  topicPrefix: benchmark
                consumer:
                  cleanSession: true
                  sessionExpiryIntervalSeconds: 259200
                  receiveMaximum: 256
                """);
        assertEquals("tcp://localhost:1883", settings.server().toString());
        assertEquals("benchmark", settings.client.topicPrefix);
        assertEquals(259_200, settings.consumer.sessionExpiryInterval);
        assertEquals(256, settings.consumer.receiveMaximum);
        assertEquals(1, settings.client.qos);
        assertFalse(settings.hasCredentials());
    }

    @Test
    void addressesWithoutSchemeOrWithTlsAreUnderstood() throws IOException {
        assertEquals("tcp://broker.example:1884", read("client: {serverUri: 'broker.example:1884'}\n").server().toString());
        MqttSettings.Server tls = read("client: {serverUri: 'ssl://broker.example'}\n").server();
        assertTrue(tls.tls());
        assertEquals(8883, tls.port());
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        assertTrue(error("client: {qoss: 1}\n").contains("qoss"), error("client: {qoss: 1}\n"));
        assertEquals("client.qos is 3; allowed: 0 to 2", error("client: {qos: 3}\n"));
        assertEquals("consumer.receiveMaximum is 0; allowed: 1 to 65535", error("consumer: {receiveMaximum: 0}\n"));
        assertEquals("client.topicPrefix is 'a/#'; give a topic level without wildcards (+, #), e.g. mqbench",
                error("client: {topicPrefix: 'a/#'}\n"));
        assertEquals("client.serverUri is 'http://x:1883', which is not a broker address; give tcp://host:port"
                + " (ssl://host:port for TLS)", error("client: {serverUri: 'http://x:1883'}\n"));
        assertFalse(error("client: {qos: 3}\n").contains("\n"));
    }
}
