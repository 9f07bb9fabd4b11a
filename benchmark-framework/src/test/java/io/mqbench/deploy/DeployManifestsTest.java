package io.mqbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.cli.Main;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.testing.TempFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * deploy/: the Kubernetes manifests and the systemd unit parse, and fit together: the headless
 * Service governs the StatefulSet, the Job's {@code -w} names exactly the StatefulSet's pods by
 * their DNS names, the token reaches both sides, and the commands are ones mqbench accepts. The
 * manifests are the Helm chart's output with its default values (deploy/helm/render.sh; {@link
 * HelmChartTest} checks they are and validates the chart at other worker counts).
 */
class DeployManifestsTest {
    private static final Path DEPLOY = TempFiles.repositoryRoot().resolve("deploy");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyDocumentIsAKubernetesObject() throws IOException {
        List<JsonNode> documents = manifests();
        assertTrue(documents.size() >= 4, "Service, StatefulSet, PVC, Job, reader pod: " + documents.size());
        for (JsonNode document : documents) {
            assertTrue(document.path("apiVersion").isTextual(), "apiVersion: " + document);
            assertTrue(document.path("kind").isTextual(), "kind: " + document);
            assertTrue(document.at("/metadata/name").isTextual(), "metadata.name: " + document);
        }
    }

    @Test
    void theWorkersAreAStatefulSetBehindAHeadlessService() throws IOException {
        JsonNode service = only("Service");
        JsonNode workers = only("StatefulSet");
        assertEquals("None", service.at("/spec/clusterIP").asText(), "headless: one DNS name per pod");
        assertEquals(service.at("/metadata/name").asText(), workers.at("/spec/serviceName").asText());
        JsonNode podLabels = workers.at("/spec/template/metadata/labels");
        service.at("/spec/selector").properties().forEach(e -> assertEquals(e.getValue(), podLabels.get(e.getKey()), "the Service selects the pods"));
        workers.at("/spec/selector/matchLabels").properties().forEach(e -> assertEquals(e.getValue(), podLabels.get(e.getKey())));
        assertEquals(4, workers.at("/spec/replicas").asInt(), "the README's four workers");

        JsonNode container = workers.at("/spec/template/spec/containers/0");
        List<String> command = strings(container.get("command"));
        assertEquals("bin/benchmark-worker", command.get(0));
        assertEquals("0.0.0.0", after(command, "--bind"), "reachable from the coordinator pod");
        assertEquals("8080", after(command, "--port"));
        assertEquals("8081", after(command, "--stats-port"));
        assertTokenMounted(workers.at("/spec/template/spec"), container, after(command, "--token-file"));
        List<Integer> ports = new ArrayList<>();
        container.get("ports").forEach(port -> ports.add(port.get("containerPort").asInt()));
        assertEquals(List.of(8080, 8081), ports);
        List<Integer> servicePorts = new ArrayList<>();
        service.at("/spec/ports").forEach(port -> servicePorts.add(port.get("port").asInt()));
        assertEquals(List.of(8080, 8081), servicePorts);
    }

    @Test
    void theCoordinatorJobRunsBinBenchmarkAgainstEveryWorkerPod() throws IOException {
        JsonNode workers = only("StatefulSet");
        JsonNode job = only("Job");
        JsonNode pod = job.at("/spec/template/spec");
        assertEquals("Never", pod.get("restartPolicy").asText());
        assertEquals(0, job.at("/spec/backoffLimit").asInt(), "a failed benchmark is not rerun silently");
        JsonNode container = pod.at("/containers/0");
        List<String> command = strings(container.get("command"));
        assertEquals("bin/benchmark", command.get(0));

        String name = workers.at("/metadata/name").asText();
        String service = workers.at("/spec/serviceName").asText();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < workers.at("/spec/replicas").asInt(); i++) {
            expected.add("http://" + name + "-" + i + "." + service + ":8080");
        }
        assertEquals(String.join(",", expected), after(command, "-w"), "the pods' stable DNS names");
        assertTokenMounted(pod, container, after(command, "--token-file"));
        assertEquals(container.at("/image").asText(), workers.at("/spec/template/spec/containers/0/image").asText(), "one image for both");

        Map<String, String> mounts = mounts(container);
        assertTrue(after(command, "-d").startsWith(mounts.get("config") + "/"), "the driver file comes from the config volume");
        assertEquals(mounts.get("results"), after(command, "-o"));
        String claim = volume(pod, "results").at("/persistentVolumeClaim/claimName").asText();
        assertTrue(manifests().stream().anyMatch(d -> d.path("kind").asText().equals("PersistentVolumeClaim")
                && d.at("/metadata/name").asText().equals(claim)), "the results claim is defined");
        assertEquals(claim, only("Pod").at("/spec/volumes/0/persistentVolumeClaim/claimName").asText(), "the reader mounts it");
    }

    @Test
    void theCommandsAreOnesMqbenchAccepts() throws IOException {
        List<String> command = strings(only("Job").at("/spec/template/spec/containers/0/command"));
        Path folder = Files.createTempDirectory("deploy");
        Path token = TempFiles.write(folder, "token", "0123456789abcdef0123456789abcdef\n");
        Path workload = TempFiles.write(folder, "workload.yaml", "name: w\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 1024\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\nproducerRate: 1000\ntestDurationMinutes: 1\n");
        List<String> args = new ArrayList<>(command.subList(1, command.size()));
        args.set(args.indexOf("--token-file") + 1, token.toString());
        args.set(args.indexOf("-d") + 1, TempFiles.repositoryRoot().resolve("driver-loopback/loopback.yaml").toString());
        args.set(args.size() - 1, workload.toString());
        args.add(0, "--validate");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new StopSignal());
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("4 worker URL(s)"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theSystemdUnitStartsATokenGuardedWorkerAsAnUnprivilegedUser() throws IOException {
        Map<String, Map<String, String>> unit = unitFile(DEPLOY.resolve("systemd/mqbench-worker.service"));
        assertEquals(List.of("Unit", "Service", "Install"), new ArrayList<>(unit.keySet()));
        Map<String, String> service = unit.get("Service");
        List<String> exec = List.of(service.get("ExecStart").split("\\s+"));
        assertTrue(exec.get(0).endsWith("/bin/benchmark-worker"), exec.get(0));
        assertEquals("0.0.0.0", after(exec, "--bind"));
        assertNotNull(after(exec, "--token-file"), "listening on every interface needs the token");
        assertFalse(service.get("User").isBlank() || service.get("User").equals("root"));
        assertEquals("multi-user.target", unit.get("Install").get("WantedBy"));
        assertTrue(List.of(unit.get("Unit").get("After").split("\\s+")).contains("time-sync.target"),
                "starts after the clock is synchronised: " + unit.get("Unit"));
    }

    @Test
    void theExampleWorkersFileLoads() throws IOException {
        JsonNode file = YAML.readTree(DEPLOY.resolve("workers-example.yaml").toFile());
        assertEquals(List.of("workers"), fieldNames(file));
        assertEquals(4, file.get("workers").size());
    }

    /**
     * Every pod meets Kubernetes' "restricted" Pod Security Standard (a namespace that enforces it
     * admits them): no root, the runtime's default seccomp profile, and in each container no
     * privilege escalation, no capabilities and a read-only root file system with a writable /tmp
     * for the JVM.
     */
    @Test
    void everyPodMeetsTheRestrictedPodSecurityStandard() throws IOException {
        for (JsonNode document : manifests()) {
            JsonNode pod = switch (document.path("kind").asText()) {
                case "Pod" -> document.get("spec");
                case "StatefulSet", "Job" -> document.at("/spec/template/spec");
                default -> null;
            };
            if (pod == null) {
                continue;
            }
            String name = document.at("/metadata/name").asText();
            assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), name + ": runAsNonRoot");
            assertTrue(pod.at("/securityContext/runAsUser").asInt() > 0, name + ": a non-root uid");
            assertEquals("RuntimeDefault", pod.at("/securityContext/seccompProfile/type").asText(), name + ": seccomp");
            List<JsonNode> containers = new ArrayList<>();
            pod.path("containers").forEach(containers::add);
            // The coordinator's init container (it waits for the workers) is held to the same rules.
            pod.path("initContainers").forEach(containers::add);
            for (JsonNode container : containers) {
                JsonNode security = container.get("securityContext");
                assertNotNull(security, name + ": a container security context");
                assertFalse(security.path("allowPrivilegeEscalation").asBoolean(true), name + ": no privilege escalation");
                assertEquals(List.of("ALL"), strings(security.at("/capabilities/drop")), name + ": capabilities dropped");
                assertTrue(security.path("readOnlyRootFilesystem").asBoolean(), name + ": read-only root");
                if (container.path("image").asText().startsWith("mqbench")) {
                    assertEquals("/tmp", mounts(container).get("tmp"), name + ": the JVM's /tmp");
                    assertTrue(volume(pod, "tmp").has("emptyDir"), name + ": /tmp is an emptyDir");
                }
            }
        }
    }

    /** The workers' liveness probe asks the stats port, which answers without the token, on the port the command opens. */
    @Test
    void theWorkersLivenessProbeAsksTheStatsPortTheCommandOpens() throws IOException {
        JsonNode container = only("StatefulSet").at("/spec/template/spec/containers/0");
        JsonNode liveness = container.get("livenessProbe");
        assertNotNull(liveness, "a liveness probe");
        assertEquals("/", liveness.at("/httpGet/path").asText());
        String portName = liveness.at("/httpGet/port").asText();
        JsonNode port = null;
        for (JsonNode candidate : container.get("ports")) {
            if (candidate.get("name").asText().equals(portName)) {
                port = candidate;
            }
        }
        assertNotNull(port, "the probe's port " + portName + " is declared");
        assertEquals(after(strings(container.get("command")), "--stats-port"), port.get("containerPort").asText(),
                "the probe asks the port the worker serves its stats on");
        assertTrue(liveness.at("/failureThreshold").asInt() * liveness.at("/periodSeconds").asInt() >= 30,
                "a busy JVM (a full GC, a saturated node) gets half a minute before a restart");
    }

    private static void assertTokenMounted(JsonNode podSpec, JsonNode container, String tokenFile) {
        assertNotNull(tokenFile, "--token-file");
        JsonNode mount = null;
        for (JsonNode candidate : container.get("volumeMounts")) {
            if (tokenFile.startsWith(candidate.get("mountPath").asText() + "/")) {
                mount = candidate;
            }
        }
        assertNotNull(mount, "the token file " + tokenFile + " is on a mounted volume");
        JsonNode volume = volume(podSpec, mount.get("name").asText());
        assertEquals("mqbench-worker-token", volume.at("/secret/secretName").asText(), "from the README's secret");
        assertEquals("token", tokenFile.substring(tokenFile.lastIndexOf('/') + 1), "the secret's key");
    }

    private static JsonNode volume(JsonNode podSpec, String name) {
        for (JsonNode volume : podSpec.get("volumes")) {
            if (volume.get("name").asText().equals(name)) {
                return volume;
            }
        }
        throw new AssertionError("no volume " + name + " in " + podSpec);
    }

    private static Map<String, String> mounts(JsonNode container) {
        Map<String, String> mounts = new HashMap<>();
        container.get("volumeMounts").forEach(m -> mounts.put(m.get("name").asText(), m.get("mountPath").asText()));
        return mounts;
    }

    private static String after(List<String> command, String option) {
        int at = command.indexOf(option);
        return at < 0 || at + 1 >= command.size() ? null : command.get(at + 1);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode only(String kind) throws IOException {
        List<JsonNode> matching = manifests().stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
        assertEquals(1, matching.size(), "one " + kind);
        return matching.get(0);
    }

    private static List<JsonNode> manifests() throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (Stream<Path> files = Files.list(DEPLOY.resolve("kubernetes"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (var parser = YAML.getFactory().createParser(file.toFile())) {
                    YAML.readValues(parser, JsonNode.class).forEachRemaining(document -> {
                        if (document != null && !document.isNull() && !document.isMissingNode()) {
                            documents.add(document);
                        }
                    });
                }
            }
        }
        return documents;
    }

    /** A systemd unit: sections of key=value lines, comments and blank lines skipped. */
    private static Map<String, Map<String, String>> unitFile(Path file) throws IOException {
        Map<String, Map<String, String>> sections = new java.util.LinkedHashMap<>();
        Map<String, String> current = null;
        for (String raw : Files.readAllLines(file)) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                current = new HashMap<>();
                sections.put(line.substring(1, line.length() - 1), current);
            } else {
                assertNotNull(current, "a key before any section: " + line);
                int equals = line.indexOf('=');
                assertTrue(equals > 0, "not key=value: " + line);
                current.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return sections;
    }
}
