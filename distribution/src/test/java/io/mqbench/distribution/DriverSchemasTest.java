package io.mqbench.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.config.DriverFile;
import io.mqbench.config.DriverRegistry;
import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.SchemaDrift;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One schema per driver settings class, in the driver's module, so an editor knows each driver's own
 * keys. Each must agree with the class the driver reads its file into (names, aliases, types,
 * nested objects), every registered driver must have one, and a wrong file must fail both the
 * schema and the driver's own check ({@link DriverFile#load}, which calls it).
 */
class DriverSchemasTest {
    /** Schema file name (without .schema.json) and the settings class its driver binds the file to. */
    private static final Map<String, String> SETTINGS_CLASSES = Map.ofEntries(
            Map.entry("loopback", "io.mqbench.driver.loopback.LoopbackSettings"),
            Map.entry("kafka", "io.mqbench.driver.kafka.KafkaSettings"),
            Map.entry("rabbitmq", "io.mqbench.driver.rabbitmq.RabbitMqSettings"),
            Map.entry("redis", "io.mqbench.driver.redis.RedisSettings"),
            Map.entry("nats", "io.mqbench.driver.nats.NatsSettings"),
            Map.entry("mqtt", "io.mqbench.driver.mqtt.MqttSettings"),
            Map.entry("pulsar", "io.mqbench.driver.pulsar.PulsarSettings"),
            Map.entry("rocketmq", "io.mqbench.driver.rocketmq.RocketMqSettings"),
            Map.entry("amqp", "io.mqbench.driver.amqp.AmqpSettings"),
            Map.entry("artemis", "io.mqbench.driver.artemis.ArtemisSettings"),
            Map.entry("activemq-classic", "io.mqbench.driver.artemis.classic.ClassicSettings"),
            Map.entry("sqs", "io.mqbench.driver.sqs.SqsSettings"),
            Map.entry("mongo", "io.mqbench.driver.mongo.MongoSettings"));

    @TempDir
    Path dir;

    @Test
    void everyDriverSchemaHasTheFieldsAndTypesOfItsSettingsClass() throws Exception {
        Map<String, Path> schemas = schemaFiles();
        assertEquals(new TreeMap<>(SETTINGS_CLASSES).keySet(), schemas.keySet(),
                "the driver-*/*.schema.json files and SETTINGS_CLASSES here (a new driver's schema is added to both)");
        for (Map.Entry<String, Path> schema : schemas.entrySet()) {
            Class<?> settings = Class.forName(SETTINGS_CLASSES.get(schema.getKey()));
            assertEquals(List.of(), SchemaDrift.differences(JsonSchemas.tree(schema.getValue()), settings,
                    DriverSettings.strictMapper(), SchemaDrift.Direction.READ),
                    schema.getValue() + " against " + settings.getName() + " (update the schema with the class)");
        }
    }

    @Test
    void everyRegisteredDriverHasASchema() throws IOException {
        List<String> drivers = DriverRegistry.available();
        assertTrue(drivers.size() >= 12, "drivers: " + drivers);
        for (String driver : drivers) {
            assertTrue(Files.isRegularFile(schemaOf(driver)), driver);
        }
    }

    /** The same mistakes in a copy of a shipped file of each driver: the schema and the driver both refuse it. */
    @Test
    void aWrongDriverFileFailsTheSchemaAndTheDriver() throws IOException {
        for (Path schema : schemaFiles().values()) {
            Path shipped = shippedFileFor(schema);
            ObjectNode valid = (ObjectNode) YamlFiles.readTree(shipped.toFile());
            assertEquals(List.of(), JsonSchemas.problems(schema, valid), shipped.toString());

            ObjectNode unknownKey = valid.deepCopy();
            unknownKey.put("connectionTimeoutMillisecondz", 5);
            expectBothRefuse(schema, unknownKey, "an unknown key in a copy of " + shipped);

            String scalar = firstScalarSetting(schema);
            ObjectNode wrongType = valid.deepCopy();
            JsonPointer at = JsonPointer.compile(scalar);
            wrongType.withObject(at.head()).putObject(at.last().getMatchingProperty()).put("x", 1);
            expectBothRefuse(schema, wrongType, "a map for " + scalar + " in a copy of " + shipped);

            ObjectNode noClass = valid.deepCopy();
            noClass.remove("driverClass");
            expectBothRefuse(schema, noClass, "no driverClass in a copy of " + shipped);
        }
    }

    /** The driver schema whose driverClass is {@code driverClass}. */
    static Path schemaOf(String driverClass) throws IOException {
        for (Path schema : schemaFiles().values()) {
            if (JsonSchemas.tree(schema).at("/properties/driverClass/const").asText().equals(driverClass)) {
                return schema;
            }
        }
        throw new AssertionError("no driver-*/*.schema.json has driverClass " + driverClass);
    }

    private void expectBothRefuse(Path schema, ObjectNode tree, String what) throws IOException {
        assertFalse(JsonSchemas.problems(schema, tree).isEmpty(), what + ": the schema accepts it");
        Path file = dir.resolve("wrong.yaml");
        Files.writeString(file, YamlFiles.strictMapper().writeValueAsString(tree));
        assertThrows(UserError.class, () -> DriverFile.load(file.toFile()), what + ": the driver accepts it");
    }

    /**
     * The JSON pointer of the first setting that takes a number, a boolean or text, at the top or
     * in a nested object (not name or driverClass, which the harness reads itself).
     */
    private static String firstScalarSetting(Path schemaFile) {
        JsonNode schema = JsonSchemas.tree(schemaFile);
        String found = firstScalarIn(schema, schema, "");
        if (found == null) {
            throw new AssertionError(schemaFile + " has no scalar setting");
        }
        return found;
    }

    private static String firstScalarIn(JsonNode schema, JsonNode object, String pointer) {
        var fields = object.path("properties").fields();
        while (fields.hasNext()) {
            var field = fields.next();
            JsonNode property = field.getValue().has("$ref") ? schema.at(field.getValue().get("$ref").asText().substring(1)) : field.getValue();
            String type = property.path("type").asText();
            if (List.of("name", "driverClass").contains(field.getKey())) {
                continue;
            }
            if (List.of("integer", "number", "boolean", "string").contains(type)) {
                return pointer + "/" + field.getKey();
            }
            String inside = "object".equals(type) ? firstScalarIn(schema, property, pointer + "/" + field.getKey()) : null;
            if (inside != null) {
                return inside;
            }
        }
        return null;
    }

    private static Path shippedFileFor(Path schema) throws IOException {
        String driverClass = JsonSchemas.tree(schema).at("/properties/driverClass/const").asText();
        for (Path file : ShippedFilesTest.driverFiles()) {
            if (YamlFiles.readTree(file.toFile()).path("driverClass").asText().equals(driverClass)) {
                return file;
            }
        }
        throw new AssertionError("no shipped driver file uses " + driverClass);
    }

    /**
     * The driver schemas, each in its driver's module beside the files it describes
     * ({@code driver-kafka/kafka.schema.json}), so a new driver brings its schema with its module.
     */
    private static Map<String, Path> schemaFiles() throws IOException {
        Map<String, Path> schemas = new TreeMap<>();
        try (Stream<Path> modules = Files.list(TempFiles.repositoryRoot())) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("driver-")).toList()) {
                try (Stream<Path> files = Files.list(module)) {
                    files.filter(f -> f.toString().endsWith(".schema.json"))
                            .forEach(f -> schemas.put(f.getFileName().toString().replace(".schema.json", ""), f));
                }
            }
        }
        return schemas;
    }
}
