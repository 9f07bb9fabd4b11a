package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.driver.artemis.classic.ClassicSettings;
import io.mqbench.driver.jms.JmsSettings;
import java.io.File;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every driver file of the module loads with the settings class of the driver it names, as documented. */
class DriverFilesTest {
    private static final Map<String, Class<? extends JmsSettings>> SETTINGS = Map.of(
            "io.mqbench.driver.artemis.ArtemisBenchmarkDriver", ArtemisSettings.class,
            "io.mqbench.driver.artemis.classic.ActiveMqClassicBenchmarkDriver", ClassicSettings.class);

    private static JmsSettings load(String file) throws IOException {
        JsonNode tree = new ObjectMapper(new YAMLFactory()).readTree(new File(file));
        Class<? extends JmsSettings> type = SETTINGS.get(tree.get("driverClass").asText());
        assertTrue(type != null, file + " names an unknown driver class");
        return JmsSettings.read(new File(file), type);
    }

    @Test
    void variantsSayWhatTheirNamesSay() throws IOException {
        JmsSettings local = load("artemis-local.yaml");
        assertEquals(JmsSettings.DeliveryMode.NON_PERSISTENT, local.deliveryModeKind());
        assertEquals(JmsSettings.SendMode.ASYNC, local.sendModeKind());

        JmsSettings sync = load("artemis-persistent-sync.yaml");
        assertEquals(JmsSettings.DeliveryMode.PERSISTENT, sync.deliveryModeKind());
        assertEquals(JmsSettings.SendMode.SYNC, sync.sendModeKind());
        assertEquals(JmsSettings.AckMode.CLIENT, sync.ackModeKind());

        JmsSettings async = load("artemis-async.yaml");
        assertEquals(JmsSettings.DeliveryMode.PERSISTENT, async.deliveryModeKind());
        assertEquals(JmsSettings.SendMode.ASYNC, async.sendModeKind());
        assertEquals(1048576, ((ArtemisSettings) async).confirmationWindowSize);

        ArtemisSettings core = (ArtemisSettings) load("artemis-core.yaml");
        assertEquals(ArtemisSettings.ClientApi.CORE, core.clientApiKind());
        assertEquals(JmsSettings.AckMode.DUPS_OK, core.ackModeKind(), "acknowledgements batched, as upstream's driver");
        assertEquals(ArtemisSettings.ClientApi.JMS, ((ArtemisSettings) async).clientApiKind(), "jms unless asked");

        JmsSettings transacted = load("artemis-transacted.yaml");
        assertEquals(JmsSettings.AckMode.TRANSACTED, transacted.ackModeKind());
        assertEquals(100, transacted.transactionBatchSize);

        ClassicSettings classic = (ClassicSettings) load("activemq-classic.yaml");
        assertEquals("tcp://127.0.0.1:61626", classic.brokerUrl, "not 61616, which is Artemis'");
    }
}
