package io.mqbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.SchemaDrift;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * schemas/result.schema.json agrees with {@link TestResult} as {@link ResultFiles} writes it, takes
 * the results the repository keeps (upstream OMB's and mqbench's, in the tests' data), and is
 * closed, so a field added to the result without the schema fails here. Results of real runs are
 * validated where the run tests read them ({@code ResultShapeTest}, {@code MaxRateRunTest}, ...).
 */
class ResultSchemaTest {
    static final Path SCHEMA = JsonSchemas.file("result.schema.json");
    private static final int CURRENT_VERSION = new TestResult().mqbenchResultVersion;

    @Test
    void theSchemaHasTheFieldsAndTypesOfTheResult() {
        assertEquals(List.of(), SchemaDrift.differences(JsonSchemas.tree(SCHEMA), TestResult.class, ResultFiles.mapper(),
                SchemaDrift.Direction.WRITE), "schemas/result.schema.json against TestResult (update the schema with the class)");
    }

    @Test
    void everyResultTheRepositoryKeepsIsValid() throws IOException {
        Path root = TempFiles.repositoryRoot();
        List<Path> results = jsonFilesUnder(root.resolve("benchmark-framework/src/test/resources/omb-results"), root.resolve("charts/tests/data"));
        int validated = 0;
        for (Path file : results) {
            JsonNode result = ResultFiles.mapper().readTree(file.toFile());
            // Older formats stay in the charts' data because the charts still read them; the schema is the current one's.
            if (result.path("mqbenchResultVersion").asInt(CURRENT_VERSION) == CURRENT_VERSION) {
                JsonSchemas.assertValid(SCHEMA, result, root.relativize(file).toString());
                validated++;
            }
        }
        assertTrue(validated >= 10, "results of the current format (or OMB's) found: " + validated + " of " + results);
    }

    @Test
    void theSchemaIsForTheCurrentResultFormat() {
        assertEquals(CURRENT_VERSION, JsonSchemas.tree(SCHEMA).at("/properties/mqbenchResultVersion/const").asInt(),
                "TestResult.mqbenchResultVersion was raised: update schemas/result.schema.json with the format");
    }

    @Test
    void aFieldTheSchemaDoesNotListIsRejectedAtTheTopAndInside() throws IOException {
        Path kept = TempFiles.repositoryRoot().resolve("charts/tests/data/mqbench-max-rate-search");
        JsonNode result = ResultFiles.mapper().readTree(jsonFilesUnder(kept).get(0).toFile());

        ObjectNode top = result.deepCopy();
        top.put("newField", 1);
        assertFalse(JsonSchemas.problems(SCHEMA, top).isEmpty(), "a new top-level field");

        ObjectNode inside = result.deepCopy();
        ((ObjectNode) inside.at("/rateDiscovery/trials/0")).put("newField", 1);
        assertFalse(JsonSchemas.problems(SCHEMA, inside).isEmpty(), "a new field of a rate trial");

        ObjectNode wrongType = result.deepCopy();
        wrongType.put("messageSize", "100 bytes");
        assertFalse(JsonSchemas.problems(SCHEMA, wrongType).isEmpty(), "a value of the wrong type");

        ObjectNode missing = result.deepCopy();
        missing.remove("publishRate");
        assertFalse(JsonSchemas.problems(SCHEMA, missing).isEmpty(), "an OMB field missing");
    }

    private static List<Path> jsonFilesUnder(Path... folders) throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        for (Path folder : folders) {
            try (Stream<Path> found = Files.walk(folder)) {
                found.filter(f -> f.toString().endsWith(".json")).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
