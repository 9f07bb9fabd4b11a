package io.mqbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path dir;

    @Test
    void namesFollowWorkloadDriverTimeAndNeverOverwrite() throws Exception {
        TestResult result = new TestResult();
        result.workload = "1 producer / 1 consumers on 1 topic";
        result.driver = "Kafka";
        LocalDateTime at = LocalDateTime.of(2026, 11, 23, 10, 5, 9);
        Path first = ResultFiles.write(dir, result, at);
        Path second = ResultFiles.write(dir, result, at);
        assertEquals("1-producer-1-consumers-on-1-topic-Kafka-2026-11-23-10-05-09.json", first.getFileName().toString());
        assertEquals("1-producer-1-consumers-on-1-topic-Kafka-2026-11-23-10-05-09-2.json", second.getFileName().toString());
        assertNotEquals(Files.readString(first), "");
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(2, names.size(), "no temporary file is left behind: " + names);
        }
        assertTrue(Files.getPosixFilePermissions(first).contains(PosixFilePermission.OTHERS_READ), "readable like any other file");
    }

    @Test
    void ombFieldsAreWrittenWithOmbNamesFirst() throws Exception {
        TestResult result = new TestResult();
        result.workload = "w";
        result.driver = "d";
        result.status = "complete";
        Path file = ResultFiles.write(dir, result, LocalDateTime.now());
        JsonNode json = ResultFiles.mapper().readTree(file.toFile());
        List<String> names = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        JsonNode omb = ResultFiles.mapper().readTree(getClass().getResource("/omb-results/kafka-fixed5k.json"));
        List<String> ombNames = new java.util.ArrayList<>();
        omb.fieldNames().forEachRemaining(ombNames::add);
        assertEquals(ombNames, names.subList(0, ombNames.size()), "every OMB field, in OMB's order, before mqbench's");
        assertEquals("complete", json.get("status").asText());
    }
}
