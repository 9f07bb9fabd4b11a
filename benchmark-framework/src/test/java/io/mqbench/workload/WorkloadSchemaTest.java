package io.mqbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.SchemaDrift;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * schemas/workload.schema.json agrees with the code that reads workloads: the same fields and
 * types as {@link Workload} as Jackson binds it, and the same verdict as {@link WorkloadLoader} on
 * files with a mistake. (That every shipped workload carries the schema header and validates is
 * checked with the other shipped files, in the distribution module.)
 */
class WorkloadSchemaTest {
    private static final Path SCHEMA = JsonSchemas.file("workload.schema.json");

    /** Valid for both; each wrong case below changes one thing. */
    private static final String VALID = """
            name: schema
            topics: 1
            partitionsPerTopic: 2
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            testDurationSeconds: 30
            faults:
              - {at: 10s, action: freeze, target: kafka, for: 5s}
              - {at: 20s, action: command, run: "true"}
            """;

    @TempDir
    Path dir;

    @Test
    void theSchemaHasTheFieldsAndTypesTheLoaderBinds() {
        assertEquals(List.of(), SchemaDrift.differences(JsonSchemas.tree(SCHEMA), Workload.class, YamlFiles.strictMapper(),
                SchemaDrift.Direction.READ), "schemas/workload.schema.json against Workload (update the schema with the class)");
    }

    /** The loader sets a sweep's fields into the workload and binds it: every field but these two can be swept. */
    @Test
    void aSweepTakesEveryWorkloadFieldButNameAndSweep() {
        JsonNode schema = JsonSchemas.tree(SCHEMA);
        List<String> expected = new ArrayList<>(YamlFiles.fieldNames(schema.get("properties")));
        expected.removeAll(List.of("name", "sweep"));
        assertEquals(expected, YamlFiles.fieldNames(schema.at("/properties/sweep/properties")));
    }

    @Test
    void aValidWorkloadPassesBoth() {
        Path file = TempFiles.write(dir, "valid.yaml", VALID);
        assertEquals(List.of(), JsonSchemas.problems(SCHEMA, YamlFiles.readTree(file.toFile())));
        assertEquals(1, WorkloadLoader.loadAll(file.toFile(), null, null).size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown field           | 'producerRate: 1000'        | 'producerRate: 1000\\nproducerRates: 5'
            wrong type              | 'topics: 1'                 | 'topics: two'
            fraction for an integer | 'partitionsPerTopic: 2'     | 'partitionsPerTopic: 1.5'
            missing messageSize     | 'messageSize: 100'          | ''
            out of range            | 'messageSize: 100'          | 'messageSize: 0'
            unknown key distributor | 'topics: 1'                 | 'topics: 1\\nkeyDistributor: ROUND_ROBIN'
            bad batch size          | 'topics: 1'                 | 'topics: 1\\nproducerBatchSize: 10-1x'
            bad byte rate           | 'producerRate: 1000'        | 'producerRateBytes: 15 MB'
            unknown fault action    | 'action: freeze'            | 'action: pause'
            fault without target    | 'target: kafka, '           | ''
            for on a kill           | 'action: freeze'            | 'action: kill'
            command with a target   | 'run: "true"'               | 'run: "true", target: kafka'
            unknown fault field     | 'for: 5s'                   | 'for: 5s, note: x'
            bad duration            | 'at: 10s'                   | 'at: 10 seconds'
            sweep of an unknown     | 'topics: 1'                 | 'topics: 1\\nsweep: {messageSizes: [1, 2]}'
            sweep of the name       | 'topics: 1'                 | 'topics: 1\\nsweep: {name: [a, b]}'
            sweep of a wrong value  | 'topics: 1'                 | 'topics: 1\\nsweep: {messageSize: [100, big]}'
            two latency limits      | 'producerRate: 1000'        | 'producerRate: 0\\nmaxRateLatencyLimit: {endToEndMs: 5, publishMs: 2}'
            """)
    void aWrongWorkloadFailsBoth(String mistake, String replace, String with) {
        String text = VALID.replace(replace, with.replace("\\n", "\n"));
        assertFalse(text.equals(VALID), "the case changes the file");
        File file = TempFiles.write(dir, "wrong.yaml", text).toFile();

        List<String> problems = JsonSchemas.problems(SCHEMA, YamlFiles.readTree(file));
        assertFalse(problems.isEmpty(), mistake + ": the schema accepts\n" + text);
        assertThrows(UserError.class, () -> WorkloadLoader.loadAll(file, null, null), mistake + ": the loader accepts\n" + text);
    }
}
