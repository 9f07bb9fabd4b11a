package io.mqbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.SchemaDrift;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** schemas/suite.schema.json agrees with {@link SuiteFile}: the same fields and types, the same verdict on wrong files. */
class SuiteSchemaTest {
    private static final Path SCHEMA = JsonSchemas.file("suite.schema.json");

    @TempDir
    Path dir;

    @Test
    void theSchemaHasTheFieldsAndTypesTheLoaderBinds() {
        assertEquals(List.of(), SchemaDrift.differences(JsonSchemas.tree(SCHEMA), SuiteFile.Yaml.class, YamlFiles.strictMapper(),
                SchemaDrift.Direction.READ), "schemas/suite.schema.json against SuiteFile.Yaml (update the schema with the class)");
    }

    @Test
    void aValidSuitePassesBoth() {
        File file = suite("""
                name: s
                description: two files
                drivers: [d.yaml]
                workloads: [w.yaml]
                """);
        assertEquals(List.of(), JsonSchemas.problems(SCHEMA, YamlFiles.readTree(file)));
        assertEquals("s", SuiteFile.load(file).name());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown field     | 'drivers: [d.yaml]\\nworkloads: [w.yaml]\\nworkload: [w.yaml]'
            missing drivers   | 'workloads: [w.yaml]'
            empty workloads   | 'drivers: [d.yaml]\\nworkloads: []'
            wrong type        | 'drivers: [d.yaml]\\nworkloads: [w.yaml]\\nname: [a, b]'
            """)
    void aWrongSuiteFailsBoth(String mistake, String text) {
        File file = suite(text.replace("\\n", "\n"));
        assertFalse(JsonSchemas.problems(SCHEMA, YamlFiles.readTree(file)).isEmpty(), mistake + ": the schema accepts it");
        assertThrows(UserError.class, () -> SuiteFile.load(file), mistake + ": the loader accepts it");
    }

    /** The suite and the two files it names, so that only the mistake can fail the loader. */
    private File suite(String text) {
        TempFiles.write(dir, "d.yaml", "driverClass: x\n");
        TempFiles.write(dir, "w.yaml", "topics: 1\n");
        return TempFiles.write(dir, "suite.yaml", text).toFile();
    }
}
