package io.mqbench.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.YamlFiles;
import io.mqbench.testing.JsonSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every shipped workload, suite and driver file starts with the line editors read to find its
 * schema ({@code # yaml-language-server: $schema=<path>}), the path leads from the file to the
 * right schema of schemas/, and the file validates against it. A new file without the line, or
 * with a path that is wrong from its folder, fails here.
 */
class ShippedFileSchemasTest {
    private static final String HEADER = "# yaml-language-server: $schema=";

    @Test
    void everyWorkloadNamesTheWorkloadSchemaAndValidates() throws IOException {
        List<Path> workloads = ShippedFilesTest.yamlFilesUnder(ShippedFilesTest.ROOT.resolve("workloads"));
        assertTrue(workloads.size() > 40, "workloads: " + workloads.size());
        for (Path file : workloads) {
            checkHeaderAndValidate(file, JsonSchemas.file("workload.schema.json"));
        }
    }

    @Test
    void everySuiteNamesTheSuiteSchemaAndValidates() throws IOException {
        List<Path> suites = ShippedFilesTest.yamlFilesUnder(ShippedFilesTest.ROOT.resolve("suites"));
        assertTrue(suites.size() > 5, "suites: " + suites.size());
        for (Path file : suites) {
            checkHeaderAndValidate(file, JsonSchemas.file("suite.schema.json"));
        }
    }

    /** Driver files name the schema of their driverClass (one per settings class, see DriverSchemasTest). */
    @Test
    void everyDriverFileNamesItsDriversSchemaAndValidates() throws IOException {
        List<Path> files = new ArrayList<>(ShippedFilesTest.driverFiles());
        // mqbench's side of the side-by-side comparisons; upstream-*.yaml are upstream OMB's files.
        try (Stream<Path> docs = Files.list(ShippedFilesTest.ROOT.resolve("docs/bench/side-by-side"))) {
            docs.filter(f -> f.getFileName().toString().startsWith("mqbench-")).sorted().forEach(files::add);
        }
        // and the driver files the benchmark scripts of docs/bench run (loopback-broker-like.yaml).
        try (Stream<Path> docs = Files.list(ShippedFilesTest.ROOT.resolve("docs/bench"))) {
            docs.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 40, "driver files: " + files.size());
        for (Path file : files) {
            String driverClass = YamlFiles.readTree(file.toFile()).path("driverClass").asText();
            checkHeaderAndValidate(file, DriverSchemasTest.schemaOf(driverClass));
        }
    }

    private static void checkHeaderAndValidate(Path file, Path expectedSchema) throws IOException {
        String firstLine = Files.readAllLines(file).get(0);
        assertTrue(firstLine.startsWith(HEADER), file + ": the first line must be " + HEADER
                + file.getParent().relativize(expectedSchema));
        Path named = file.getParent().resolve(firstLine.substring(HEADER.length()).strip()).normalize();
        assertEquals(expectedSchema.normalize(), named, file + ": the header's path");
        JsonNode tree = YamlFiles.readTree(file.toFile());
        JsonSchemas.assertValid(expectedSchema, tree, ShippedFilesTest.ROOT.relativize(file).toString());
    }
}
