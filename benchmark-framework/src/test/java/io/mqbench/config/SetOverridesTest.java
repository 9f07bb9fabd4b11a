package io.mqbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SetOverridesTest {
    @TempDir
    Path dir;

    private static String error(String option) {
        return assertThrows(UserError.class, () -> SetOverrides.parse(List.of(option))).getMessage();
    }

    private ObjectNode tree(String yaml) {
        return (ObjectNode) YamlFiles.readTree(TempFiles.write(dir, "f.yaml", yaml).toFile());
    }

    @Test
    void malformedOptionsEndInOneLineThatShowsTheForm() {
        assertTrue(error("workload.messageSize").startsWith("--set workload.messageSize: expected workload.<field>=<value>"));
        assertTrue(error("worklod.messageSize=1").startsWith("--set worklod.messageSize=1: 'worklod' is neither workload nor driver"));
        assertTrue(error("workload=5").startsWith("--set workload=5: name the field after 'workload.'"));
        assertTrue(error("driver..x=5").startsWith("--set driver..x=5: name the field after 'driver.'"));
        assertTrue(error("driver.driverClass=x.Y").contains("give another file with -d"));
    }

    @Test
    void valuesAreReadAsYamlAndTextWithLineBreaksStaysText() {
        ObjectNode tree = tree("name: x\n");
        SetOverrides.parse(List.of("workload.messageSize=100", "workload.keyDistributor=NO_KEY", "workload.flag=true",
                "workload.list=[1, 2]", "workload.text=a\nb")).applyToWorkload(new File("w.yaml"), tree);
        assertTrue(tree.get("messageSize").isInt());
        assertEquals("NO_KEY", tree.get("keyDistributor").asText());
        assertTrue(tree.get("flag").isBoolean());
        assertEquals(2, tree.get("list").size());
        assertEquals("a\nb", tree.get("text").asText());
    }

    @Test
    void dottedKeysReachIntoMappingsAndIntoKeyValueTextFields() {
        ObjectNode tree = tree("""
                producerConfig: |
                  acks=all
                  linger.ms=1
                deliveryLatency:
                  distribution: none
                """);
        SetOverrides.parse(List.of("driver.producerConfig.linger.ms=5", "driver.producerConfig.batch.size=65536",
                "driver.deliveryLatency.distribution=fixed", "driver.reconnect.interval=2s")).applyToDriver(new File("d.yaml"), tree);
        assertEquals("acks=all\nlinger.ms=5\nbatch.size=65536\n", tree.get("producerConfig").asText());
        assertEquals("fixed", tree.get("deliveryLatency").get("distribution").asText());
        assertEquals("2s", tree.get("reconnect").get("interval").asText(), "missing mappings are created");
    }

    @Test
    void aFieldThatIsNeitherMappingNorTextCannotBeReachedInto() {
        ObjectNode tree = tree("prefetch: 100\n");
        UserError e = assertThrows(UserError.class, () -> SetOverrides.parse(List.of("driver.prefetch.x=1"))
                .applyToDriver(new File("d.yaml"), tree));
        assertEquals("--set driver.prefetch.x=1: field 'prefetch' of d.yaml is a number, not a mapping; set it whole:"
                + " --set driver.prefetch=<value>", e.getMessage());
    }

    @Test
    void aSweptFieldIsSetThroughTheSweep() {
        ObjectNode tree = tree("messageSize: 10\nsweep:\n  messageSize: [10, 100]\n");
        UserError e = assertThrows(UserError.class, () -> SetOverrides.parse(List.of("workload.messageSize=5"))
                .applyToWorkload(new File("w.yaml"), tree));
        assertTrue(e.getMessage().startsWith("--set workload.messageSize=5: w.yaml sweeps 'messageSize'"), e.getMessage());
        SetOverrides.parse(List.of("workload.sweep.messageSize=[1000]")).applyToWorkload(new File("w.yaml"), tree);
        assertEquals(1, tree.get("sweep").get("messageSize").size());
    }

    @Test
    void eachSideTakesOnlyItsOwnAssignments() {
        SetOverrides overrides = SetOverrides.parse(List.of("workload.producerRate=5", "driver.prefetch=7"));
        ObjectNode driver = tree("name: d\n");
        overrides.applyToDriver(new File("d.yaml"), driver);
        assertEquals("{\"name\":\"d\",\"prefetch\":7}", driver.toString());
        assertEquals("--set workload.producerRate=5", overrides.describe(SetOverrides.Target.WORKLOAD));
        assertEquals("--set workload.producerRate=5 --set driver.prefetch=7", overrides.describe());
    }
}
