package io.mqbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentReferencesTest {
    private static final Map<String, String> ENV = Map.of("KAFKA", "10.0.0.5:9092", "PORT", "5672", "PASSWORD", "a#b: c",
            "FLAG", "true");

    @TempDir
    Path dir;

    private ObjectNode resolved(String yaml) {
        File file = TempFiles.write(dir, "d.yaml", yaml).toFile();
        ObjectNode tree = (ObjectNode) YamlFiles.readTree(file);
        EnvironmentReferences.resolve(file, tree, ENV::get);
        return tree;
    }

    @Test
    void referencesInsideTextBlocksListsAndMappingsAreReplaced() {
        ObjectNode tree = resolved("""
                commonConfig: |
                  bootstrap.servers=${KAFKA}
                  acks=all
                uris: [ "amqp://guest:${PASSWORD}@host" ]
                nested:
                  user: ${USER_NAME:-bench}
                """);
        assertEquals("bootstrap.servers=10.0.0.5:9092\nacks=all\n", tree.get("commonConfig").asText());
        // The value's '#' and ': ' stay text: references are replaced in parsed values, not in YAML source.
        assertEquals("amqp://guest:a#b: c@host", tree.get("uris").get(0).asText());
        assertEquals("bench", tree.get("nested").get("user").asText(), "the default when the variable is not set");
    }

    @Test
    void aValueThatIsOnlyAReferenceTakesTheTypeYamlGivesIt() {
        ObjectNode tree = resolved("port: ${PORT}\nconfirms: ${FLAG}\nhost: h${PORT}\nempty: ${NOPE:-}\n");
        assertTrue(tree.get("port").isInt(), tree.toString());
        assertEquals(5672, tree.get("port").asInt());
        assertTrue(tree.get("confirms").isBoolean(), tree.toString());
        assertEquals("h5672", tree.get("host").asText(), "part of a longer text stays text");
        assertEquals("", tree.get("empty").asText());
    }

    @Test
    void anUnsetVariableWithoutDefaultNamesTheFieldAndTheFix() {
        File file = TempFiles.write(dir, "d.yaml", "nested:\n  servers: [ \"${BROKERS}\" ]\n").toFile();
        ObjectNode tree = (ObjectNode) YamlFiles.readTree(file);
        UserError e = assertThrows(UserError.class, () -> EnvironmentReferences.resolve(file, tree, ENV::get));
        assertEquals(file + ": field 'nested.servers[0]': environment variable BROKERS is not set; export it, or give a"
                + " default: ${BROKERS:-value}", e.getMessage());
    }

    @Test
    void anEscapedReferenceStaysLiteralAndABrokenOneIsAnError() {
        assertEquals("${NOT_ME} and 5672", resolved("v: $${NOT_ME} and ${PORT}\n").get("v").asText());
        File file = TempFiles.write(dir, "bad.yaml", "v: ${lower-case}\n").toFile();
        ObjectNode tree = (ObjectNode) YamlFiles.readTree(file);
        UserError e = assertThrows(UserError.class, () -> EnvironmentReferences.resolve(file, tree, ENV::get));
        assertTrue(e.getMessage().startsWith(file + ": field 'v': '${lower-case}' has a ${ that is not a reference"), e.getMessage());
    }

    @Test
    void presentFindsReferencesAtAnyDepth() {
        assertTrue(EnvironmentReferences.present(YamlFiles.readTree(TempFiles.write(dir, "a.yaml", "a: {b: [x, \"${Y}\"]}\n").toFile())));
        assertFalse(EnvironmentReferences.present(YamlFiles.readTree(TempFiles.write(dir, "b.yaml", "a: {b: [x, $y]}\n").toFile())));
    }
}
