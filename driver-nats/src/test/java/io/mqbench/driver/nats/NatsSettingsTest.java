package io.mqbench.driver.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

class NatsSettingsTest {
    @TempDir
    Path dir;

    private NatsSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, "name: NATS\ndriverClass: io.mqbench.driver.nats.NatsBenchmarkDriver\n" + yaml);
        return NatsSettings.read(file.toFile());
    }

    private String error(String yaml) {
        return assertThrows(IOException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        assertEquals(List.of("nats-core.yaml", "nats-local.yaml", "nats-memory.yaml"), TempFiles.moduleDriverFileNames("nats"));
        assertEquals(NatsSettings.Mode.CORE, NatsSettings.read(new File("nats-core.yaml")).mode());
        assertEquals(NatsSettings.Storage.FILE, NatsSettings.read(new File("nats-local.yaml")).storage());
        assertEquals(NatsSettings.Storage.MEMORY, NatsSettings.read(new File("nats-memory.yaml")).storage());
    }

    @Test
    void defaultsAreJetStreamInFilesOnTheLocalServer() throws IOException {
        NatsSettings settings = read("");
        assertEquals(NatsSettings.Mode.JETSTREAM, settings.mode());
        assertEquals(NatsSettings.Storage.FILE, settings.storage());
        assertEquals(NatsSettings.Retention.LIMITS, settings.retentionPolicy());
        assertEquals(1, settings.replicationFactor);
        assertEquals(List.of("nats://127.0.0.1:4222"), settings.servers());
    }

    /** Upstream OMB's nats.yaml has these keys, with these spellings; only driverClass differs. */
    @Test
    void anUpstreamDriverFileLoadsWithOnlyTheDriverClassChanged() throws IOException {
        NatsSettings settings = read("""
                natsHostUrl: localhost:4222
                replicationFactor: 3
                storageType: File
                maxBytes: -1
                """);
        assertEquals(List.of("nats://localhost:4222"), settings.servers());
        assertEquals(3, settings.replicationFactor);
        assertEquals(NatsSettings.Storage.FILE, settings.storage());
        assertEquals(NatsSettings.Storage.MEMORY, read("storageType: Memory\n").storage());
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        assertTrue(error("natsHostURL: x\n").contains("natsHostURL"), error("natsHostURL: x\n"));
        assertEquals("mode is 'jetsream'; allowed: jetstream, core", error("mode: jetsream\n"));
        assertEquals("storageType is 'disk'; allowed: file, memory", error("storageType: disk\n"));
        assertEquals("retention is 'workqueue'; allowed: limits, interest", error("retention: workqueue\n"));
        assertEquals("replicationFactor is 0; allowed: 1 to 5", error("replicationFactor: 0\n"));
        assertEquals("maxBytes is 0; allowed: 1 or more", error("maxBytes: 0\n"));
        assertEquals("publishWindow is 0; allowed: 1 to 1000000", error("publishWindow: 0\n"));
        assertEquals("natsHostUrl has 'http://x:4222', which is not a server address; give host:port or nats://host:port"
                + " (tls://, ws://, wss:// also work)", error("natsHostUrl: http://x:4222\n"));
        assertEquals("natsHostUrl is empty; give the server, e.g. nats://127.0.0.1:4222", error("natsHostUrl: ' '\n"));
        for (String message : List.of(error("mode: jetsream\n"), error("natsHostURL: x\n"))) {
            assertTrue(!message.contains("\n"), message);
        }
    }

    @Test
    void severalServersAndCredentialsInTheUrlAreShownWithoutTheSecret() throws IOException {
        NatsSettings settings = read("natsHostUrl: 'nats://bench:s3cret@a.example:4222, b.example:4223'\n");
        assertEquals(List.of("nats://bench:s3cret@a.example:4222", "nats://b.example:4223"), settings.servers());
        assertEquals("nats://a.example:4222,nats://b.example:4223", settings.describeServers());
    }
}
