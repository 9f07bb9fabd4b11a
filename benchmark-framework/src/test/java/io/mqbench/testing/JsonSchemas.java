package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON Schemas of the repository's {@code schemas/} folder, and documents checked against them.
 * Documents are this project's Jackson 2 trees (YAML files as {@code YamlFiles} reads them, results
 * as {@code ResultFiles} writes them); the validator reads them as JSON text, so it sees exactly
 * what an editor or another tool would. Shared with the distribution module through the test-jar.
 */
public final class JsonSchemas {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Path, Schema> LOADED = new ConcurrentHashMap<>();

    private JsonSchemas() {}

    /** A schema file of schemas/, e.g. {@code workload.schema.json} (drivers keep theirs in their modules). */
    public static Path file(String name) {
        return TempFiles.repositoryRoot().resolve("schemas").resolve(name);
    }

    /** The schema as a Jackson 2 tree, for tests that compare it with the code. */
    public static JsonNode tree(Path schemaFile) {
        try {
            return JSON.readTree(schemaFile.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What is wrong with {@code document} by the schema, one line each; empty when it is valid. */
    public static List<String> problems(Path schemaFile, JsonNode document) {
        try {
            return load(schemaFile).validate(JSON.writeValueAsString(document), InputFormat.JSON).stream()
                    .map(error -> error.getInstanceLocation() + ": " + error.getMessage())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void assertValid(Path schemaFile, JsonNode document, String what) {
        assertEquals(List.of(), problems(schemaFile, document), what + " against " + schemaFile.getFileName());
    }

    private static Schema load(Path schemaFile) {
        Path file = schemaFile.toAbsolutePath().normalize();
        return LOADED.computeIfAbsent(file, path -> {
            try {
                // The file's own location, so that a relative $ref would resolve beside it.
                return REGISTRY.getSchema(SchemaLocation.of(path.toUri().toString()), Files.readString(path), InputFormat.JSON);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
