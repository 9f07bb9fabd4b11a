package io.mqbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/helm/mqbench: the chart passes {@code helm lint --strict}; what it renders (1, 4 and 7
 * workers, and every optional value set) passes {@code kubeconform -strict} against Kubernetes'
 * schemas of each version tools/kubernetes/tools.sh provides (1.30 and 1.37), offline; the
 * coordinator's worker list follows the worker count; and deploy/kubernetes/ is exactly the
 * chart's output (deploy/helm/render.sh), so the plain manifests and the chart cannot drift apart.
 * DeployManifestsTest checks what the plain manifests mean.
 *
 * <p>The tools are {@code $MQBENCH_HELM}, {@code $MQBENCH_KUBECONFORM} and {@code $MQBENCH_KUBE_SCHEMAS}
 * when bin/test provided them; otherwise tools/kubernetes/tools.sh builds them here once (cached in
 * ~/.cache/mqbench/tools), and without Go the tests are skipped with that reason.
 */
class HelmChartTest {
    private static final Path ROOT = TempFiles.repositoryRoot();
    private static final Path CHART = ROOT.resolve("deploy/helm/mqbench");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    @Test
    void theChartPassesHelmLint() throws Exception {
        for (String workers : List.of("1", "4")) {
            Result lint = exec(Tools.get().helm.toString(), "lint", "--strict", CHART.toString(), "--set", "workers=" + workers);
            assertEquals(0, lint.exit(), "helm lint --strict (workers=" + workers + "):\n" + lint);
            assertTrue(lint.out().contains("0 chart(s) failed"), lint.toString());
        }
    }

    /** Every object the chart can render is valid Kubernetes, strictly (no unknown field, no duplicate key). */
    @Test
    void whatTheChartRendersPassesKubeconformStrict() throws Exception {
        Path driver = ROOT.resolve("driver-loopback/loopback.yaml");
        Path workload = ROOT.resolve("workloads/quick/1-topic-1kb-10k.yaml");
        List<List<String>> cases = List.of(
                List.of("--set", "workers=1"),
                List.of(),
                List.of("--set", "workers=7"),
                // Every optional part on: the chart's own ConfigMap, extra arguments, a storage
                // class, the results reader, no anti-affinity, no scrape annotations.
                List.of("--set", "workers=2", "--set-file", "config.driver=" + driver, "--set-file", "config.workload=" + workload,
                        "--set", "coordinator.extraArgs={--placement,colocated}", "--set", "results.storageClass=fast",
                        "--set", "resultsReader.enabled=true", "--set", "worker.antiAffinity=false",
                        "--set", "worker.prometheusScrape=false", "--set", "image.tag=1.2.3"));
        for (List<String> values : cases) {
            Path rendered = render(values);
            int objects = documents(rendered).size();
            assertTrue(objects >= 4, "Service, StatefulSet, PVC, Job at least: " + objects + " with " + values);
            for (String version : Tools.get().kubernetesVersions()) {
                Result check = kubeconform(rendered, version);
                assertEquals(0, check.exit(), "kubeconform -strict, Kubernetes " + version + ", " + values + ":\n" + check);
                assertTrue(check.out().contains("Summary: " + objects + " resource"), check.toString());
                assertTrue(check.out().contains("Valid: " + objects + ", Invalid: 0, Errors: 0, Skipped: 0"),
                        "every object checked against a schema, none skipped:\n" + check);
            }
        }
    }

    /** The point of the chart: one number sets the StatefulSet's replicas and the coordinator's -w list alike. */
    @Test
    void theWorkerCountDrivesTheStatefulSetAndTheCoordinatorsWorkerList() throws Exception {
        for (int workers : List.of(1, 3, 7)) {
            List<JsonNode> documents = documents(render(List.of("--set", "workers=" + workers, "--set", "worker.port=9090")));
            JsonNode statefulSet = only(documents, "StatefulSet");
            JsonNode job = only(documents, "Job");
            String name = statefulSet.at("/metadata/name").asText();
            String service = statefulSet.at("/spec/serviceName").asText();
            assertEquals(workers, statefulSet.at("/spec/replicas").asInt());
            List<String> urls = new ArrayList<>();
            List<String> addresses = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                urls.add("http://" + name + "-" + i + "." + service + ":9090");
                addresses.add(name + "-" + i + "." + service + ":9090");
            }
            List<String> command = strings(job.at("/spec/template/spec/containers/0/command"));
            assertEquals(String.join(",", urls), command.get(command.indexOf("-w") + 1));
            List<String> wait = strings(job.at("/spec/template/spec/initContainers/0/command"));
            assertEquals(addresses, wait.subList(wait.size() - workers, wait.size()), "the coordinator waits for each worker");
            assertEquals("9090", strings(statefulSet.at("/spec/template/spec/containers/0/command"))
                    .get(strings(statefulSet.at("/spec/template/spec/containers/0/command")).indexOf("--port") + 1));
        }
    }

    @Test
    void aReleaseOfAnotherNameGetsItsOwnObjectsAndSelectors() throws Exception {
        List<JsonNode> documents = documents(render("bench", List.of()));
        JsonNode statefulSet = only(documents, "StatefulSet");
        assertEquals("bench-mqbench-worker", statefulSet.at("/metadata/name").asText());
        assertEquals("bench", statefulSet.at("/spec/selector/matchLabels/app.kubernetes.io~1instance").asText(),
                "two releases in one namespace do not select each other's pods");
        assertEquals("bench-mqbench-results", only(documents, "PersistentVolumeClaim").at("/metadata/name").asText());
    }

    @Test
    void valuesThatCannotWorkAreRefusedWithAReason() throws Exception {
        Result none = exec(Tools.get().helm.toString(), "template", "mqbench", CHART.toString(), "--set", "workers=0");
        assertNotEquals(0, none.exit());
        assertTrue(none.err().contains("workers must be at least 1"), none.toString());
        Result half = exec(Tools.get().helm.toString(), "template", "mqbench", CHART.toString(), "--set", "config.driver=name: x");
        assertNotEquals(0, half.exit());
        assertTrue(half.err().contains("config.driver and config.workload go together"), half.toString());
    }

    /** deploy/kubernetes/ is deploy/helm/render.sh's output, byte for byte: no second source of truth. */
    @Test
    void thePlainManifestsAreTheChartsOutput() throws Exception {
        Path out = dir.resolve("kubernetes");
        ProcessBuilder render = new ProcessBuilder("bash", ROOT.resolve("deploy/helm/render.sh").toString(), out.toString());
        render.environment().put("MQBENCH_HELM", Tools.get().helm.toString());
        Result rendered = run(render, null);
        assertEquals(0, rendered.exit(), "deploy/helm/render.sh:\n" + rendered);
        assertEquals(yamlFiles(out), yamlFiles(ROOT.resolve("deploy/kubernetes")),
                "deploy/kubernetes/ holds the files render.sh writes, no others");
        for (String file : yamlFiles(out)) {
            List<String> expected = Files.readAllLines(out.resolve(file));
            List<String> actual = Files.readAllLines(ROOT.resolve("deploy/kubernetes").resolve(file));
            if (!expected.equals(actual)) {
                int at = firstDifference(expected, actual);
                fail("deploy/kubernetes/" + file + " is not the chart's output (run deploy/helm/render.sh); first difference at line "
                        + (at + 1) + "\n  chart:   " + lineOf(expected, at) + "\n  on disk: " + lineOf(actual, at));
            }
            assertEquals(Files.readString(out.resolve(file)), Files.readString(ROOT.resolve("deploy/kubernetes").resolve(file)),
                    "deploy/kubernetes/" + file + " differs from the chart's output in line endings (run deploy/helm/render.sh)");
        }
    }

    /** The checks can fail: a misspelt field (which helm lint lets through) and a template that does not parse. */
    @Test
    void aBrokenChartFailsTheChecks() throws Exception {
        Path chart = dir.resolve("mqbench");
        copy(CHART, chart);
        Path workers = chart.resolve("templates/workers.yaml");
        Files.writeString(workers, Files.readString(workers).replace("containerPort:", "containerPorts:"));
        Result lint = exec(Tools.get().helm.toString(), "lint", "--strict", chart.toString());
        assertEquals(0, lint.exit(), "helm lint does not know Kubernetes' fields: " + lint);
        Result template = exec(Tools.get().helm.toString(), "template", "mqbench", chart.toString());
        assertEquals(0, template.exit(), template.toString());
        Path rendered = Files.writeString(dir.resolve("broken.yaml"), template.out());
        for (String version : Tools.get().kubernetesVersions()) {
            Result check = kubeconform(rendered, version);
            assertEquals(1, check.exit(), check.toString());
            assertTrue(check.out().contains("StatefulSet mqbench-worker is invalid")
                    && check.out().contains("additional properties 'containerPorts' not allowed"), check.toString());
        }

        Files.writeString(workers, Files.readString(workers).replace("{{ .Values.workers }}", "{{ .Values.workers }"));
        Result unparsable = exec(Tools.get().helm.toString(), "lint", "--strict", chart.toString());
        assertEquals(1, unparsable.exit(), unparsable.toString());
        assertTrue(unparsable.out().contains("parse error at (mqbench/templates/workers.yaml") && unparsable.err().contains("1 chart(s) failed"),
                unparsable.toString());
    }

    private Path render(List<String> values) throws Exception {
        return render("mqbench", values);
    }

    private Path render(String release, List<String> values) throws Exception {
        List<String> command = new ArrayList<>(List.of(Tools.get().helm.toString(), "template", release, CHART.toString()));
        command.addAll(values);
        Result result = exec(command.toArray(String[]::new));
        assertEquals(0, result.exit(), "helm template " + values + ":\n" + result);
        return Files.writeString(Files.createTempFile(dir, "rendered", ".yaml"), result.out());
    }

    /** {@code helm template ... | kubeconform -strict -summary}, against one Kubernetes version's schemas, offline. */
    private static Result kubeconform(Path rendered, String version) throws Exception {
        Tools tools = Tools.get();
        return run(new ProcessBuilder(tools.kubeconform.toString(), "-strict", "-summary", "-kubernetes-version", version,
                "-cache", tools.schemas.resolve("refs-v" + version + "-strict").toString(),
                "-schema-location", tools.schemas + "/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json",
                "-"), rendered);
    }

    private static int firstDifference(List<String> a, List<String> b) {
        int line = 0;
        while (line < Math.min(a.size(), b.size()) && a.get(line).equals(b.get(line))) {
            line++;
        }
        return line;
    }

    private static String lineOf(List<String> lines, int index) {
        return index < lines.size() ? lines.get(index) : "(end of file)";
    }

    private static List<String> yamlFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".yaml")).sorted().toList();
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (var parser = YAML.getFactory().createParser(file.toFile())) {
            YAML.readValues(parser, JsonNode.class).forEachRemaining(document -> {
                if (document != null && !document.isNull() && !document.isMissingNode()) {
                    documents.add(document);
                }
            });
        }
        return documents;
    }

    private static JsonNode only(List<JsonNode> documents, String kind) {
        List<JsonNode> matching = documents.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
        assertEquals(1, matching.size(), "one " + kind);
        return matching.get(0);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    /** What a command said: its exit status, standard output and standard error. */
    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private static Result run(ProcessBuilder builder, Path stdin) throws IOException, InterruptedException {
        Path err = Files.createTempFile("helm-chart-test", ".err");
        try {
            builder.directory(ROOT.toFile()).redirectError(err.toFile());
            if (stdin != null) {
                builder.redirectInput(stdin.toFile());
            }
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "did not end: " + builder.command());
            return new Result(process.exitValue(), out, Files.readString(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static Result exec(String... command) throws IOException, InterruptedException {
        return run(new ProcessBuilder(command), null);
    }

    /** helm, kubeconform and the schema folder: found (bin/test exports them) or provided once per test JVM. */
    record Tools(Path helm, Path kubeconform, Path schemas) {
        private static Tools tools;

        /** The Kubernetes versions whose strict schemas the schema folder holds, e.g. 1.30.0 and 1.37.0. */
        List<String> kubernetesVersions() throws IOException {
            try (Stream<Path> folders = Files.list(schemas)) {
                List<String> versions = folders.map(f -> f.getFileName().toString())
                        .filter(f -> f.matches("v[0-9.]+-local-strict")).map(f -> f.substring(1, f.indexOf("-local"))).sorted().toList();
                assertFalse(versions.isEmpty(), "no v*-local-strict schema folder in " + schemas);
                return versions;
            }
        }

        static synchronized Tools get() throws IOException, InterruptedException {
            if (tools != null) {
                return tools;
            }
            Map<String, String> found = new HashMap<>();
            String helm = System.getenv("MQBENCH_HELM");
            String kubeconform = System.getenv("MQBENCH_KUBECONFORM");
            String schemas = System.getenv("MQBENCH_KUBE_SCHEMAS");
            if (helm != null && !helm.isEmpty() && kubeconform != null && !kubeconform.isEmpty() && schemas != null && !schemas.isEmpty()) {
                // bin/test provided them and says so: their absence is bin/test's failure, not a reason to skip.
                found.put("helm", helm);
                found.put("kubeconform", kubeconform);
                found.put("schemas", schemas);
            } else {
                Path log = Files.createTempFile("kubernetes-tools", ".log");
                try {
                    Process build = new ProcessBuilder("bash", ROOT.resolve("tools/kubernetes/tools.sh").toString())
                            .redirectError(log.toFile()).start();
                    String out = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(build.waitFor(20, TimeUnit.MINUTES), "tools/kubernetes/tools.sh did not end");
                    String said = Files.readString(log).strip();
                    // Exit 3 is tools.sh's "no go command" (or no pip): helm and kubeconform are Go programs built here.
                    Assumptions.assumeTrue(build.exitValue() != 3, "helm and kubeconform are built from Go modules, and " + said);
                    assertEquals(0, build.exitValue(), "tools/kubernetes/tools.sh failed:\n" + said);
                    out.lines().filter(l -> l.contains("=")).forEach(l -> found.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
                } finally {
                    Files.deleteIfExists(log);
                }
            }
            Tools candidate = new Tools(Path.of(found.get("helm")), Path.of(found.get("kubeconform")), Path.of(found.get("schemas")));
            assertTrue(Files.isExecutable(candidate.helm), "helm is not an executable file: " + candidate.helm);
            assertTrue(Files.isExecutable(candidate.kubeconform), "kubeconform is not an executable file: " + candidate.kubeconform);
            assertTrue(Files.isDirectory(candidate.schemas), "no schema folder " + candidate.schemas);
            return tools = candidate;
        }
    }
}
