package io.mqbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * deploy/Dockerfile and .dockerignore, checked without a Docker engine (there is none where this
 * was written): every COPY source is in the repository and let into the build context; the
 * build stage builds every module with bin/benchmark's own Maven command; the runtime stage holds
 * what {@code bin/benchmark --suite} and its report need, at the paths suites name them by, and
 * marks the build done so bin/benchmark never runs Maven in the image; it runs as the manifests'
 * non-root user in their working folder; base images are pinned. The last test shows each check
 * catching a broken file.
 */
class DockerfileTest {
    private static final Path ROOT = TempFiles.repositoryRoot();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void baseImagesArePinnedToAVersion() throws Exception {
        assertEquals(List.of(), checks().unpinnedBaseImages());
    }

    @Test
    void everyCopySourceIsInTheRepositoryAndTheBuildContext() throws Exception {
        assertEquals(List.of(), checks().copySourcesOutsideTheContext());
    }

    @Test
    void theBuildStageBuildsEveryModuleAsBinBenchmarkDoes() throws Exception {
        assertEquals(List.of(), checks().buildStageProblems());
    }

    @Test
    void theRuntimeStageHoldsWhatASuiteRunAndItsReportNeed() throws Exception {
        assertEquals(List.of(), checks().whatTheRuntimeStageLacks());
    }

    @Test
    void binBenchmarkFindsItsBuildDoneInTheImage() throws Exception {
        assertEquals(List.of(), checks().stampProblems());
    }

    /** The manifests' contract (deploy/README.md): runAsUser and workingDir of every mqbench container. */
    @Test
    void theImageRunsAsTheManifestsNonRootUserInTheirWorkingFolder() throws Exception {
        JsonNode workers = statefulSet(ROOT.resolve("deploy/kubernetes/workers.yaml"));
        String uid = workers.at("/spec/template/spec/securityContext/runAsUser").asText();
        String workdir = workers.at("/spec/template/spec/containers/0/workingDir").asText();
        assertFalse(uid.isEmpty() || workdir.isEmpty(), "the workers' manifest names a user and a working folder");
        assertEquals(List.of(), checks().userAndWorkdirProblems(uid, workdir));
    }

    /** The context leaves out what is large or local: the brokers' data, the charts' venv, build output. */
    @Test
    void theBuildContextLeavesOutLocalAndBuildFolders() throws Exception {
        DockerIgnore ignore = DockerIgnore.parse(Files.readString(ROOT.resolve(".dockerignore")));
        for (String local : List.of(".brokers/kafka/data/x", "charts/.venv/bin/python", "benchmark-framework/target/classes/x.class",
                "distribution/target/lib/picocli-4.7.7.jar", "results/x.json", ".git/HEAD")) {
            assertTrue(ignore.excludes(local), local + " stays out of the build context");
        }
        List<String> context = checks().context();
        assertTrue(context.contains("benchmark-framework/src/main/java/io/mqbench/cli/Main.java"), "the sources are in");
        assertTrue(context.size() < 2000, "a build context of sources: " + context.size() + " files");
    }

    /** Each check fails on a Dockerfile or .dockerignore broken the way it guards against. */
    @Test
    void eachCheckCatchesABrokenFile() throws Exception {
        String dockerfile = Files.readString(ROOT.resolve("deploy/Dockerfile"));
        String dockerignore = Files.readString(ROOT.resolve(".dockerignore"));

        assertProblem(checks(dockerfile.replaceFirst("FROM eclipse-temurin:[^\\s]+", "FROM eclipse-temurin:17-jre"), dockerignore)
                .unpinnedBaseImages(), "FROM eclipse-temurin:17-jre: not pinned");
        assertProblem(checks(dockerfile.replace("COPY suites suites/", "COPY suite suites/"), dockerignore)
                .copySourcesOutsideTheContext(), "COPY suite: no such file or folder in the repository");
        assertProblem(checks(dockerfile, dockerignore + "\npayload\n").copySourcesOutsideTheContext(),
                "COPY payload: .dockerignore keeps it out of the build context");
        assertProblem(checks(dockerfile.replace("COPY driver-nats driver-nats/\n", ""), dockerignore).buildStageProblems(),
                "the build stage does not copy driver-nats/pom.xml");
        assertProblem(checks(dockerfile.replace("-DskipTests install", "-DskipTests package"), dockerignore).buildStageProblems(),
                "the build stage does not run bin/lib/java.sh's build");
        assertProblem(checks(dockerfile.replace("COPY driver-kafka/*.yaml driver-kafka/\n", ""), dockerignore).whatTheRuntimeStageLacks(),
                "the runtime stage does not copy driver-kafka/kafka-local.yaml");
        assertProblem(checks(dockerfile.replace("COPY bin bin/", "COPY bin tools/"), dockerignore).whatTheRuntimeStageLacks(),
                "the runtime stage does not copy bin/charts");
        assertProblem(checks(dockerfile.replace("COPY --from=build /build/distribution/target/lib", "COPY --from=build /build/distribution/target"),
                dockerignore).whatTheRuntimeStageLacks(), "does not copy the build stage's distribution/target/lib");
        assertProblem(checks(dockerfile, dockerignore + "\nworkloads/quick\n").whatTheRuntimeStageLacks(),
                "workloads/quick/paper-2023-latency.yaml is needed in the image but .dockerignore keeps it out");
        assertProblem(checks(dockerfile.replace("mqbench_charts_python", "true"), dockerignore).whatTheRuntimeStageLacks(),
                "does not make charts/.venv");
        assertProblem(checks(dockerfile.replace("USER 10001:10001", "USER root"), dockerignore).userAndWorkdirProblems("10001", "/opt/mqbench"),
                "the image runs as root");
        assertProblem(checks(dockerfile.replace("USER 10001:10001\n", ""), dockerignore).userAndWorkdirProblems("10001", "/opt/mqbench"),
                "the image runs as root");
        assertProblem(checks(dockerfile + "COPY README.md ./\n", dockerignore + "\n!README.md\n").stampProblems(),
                "does not 'touch distribution/target/lib/.built' after its last COPY");
    }

    private static JsonNode statefulSet(Path manifest) throws IOException {
        try (var parser = YAML.getFactory().createParser(manifest.toFile())) {
            for (JsonNode document : YAML.readValues(parser, JsonNode.class).readAll()) {
                if (document != null && document.path("kind").asText().equals("StatefulSet")) {
                    return document;
                }
            }
        }
        throw new AssertionError("no StatefulSet in " + manifest);
    }

    private static void assertProblem(List<String> problems, String expected) {
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected a problem with '" + expected + "', got " + problems);
    }

    private static DockerfileChecks checks() throws IOException, InterruptedException {
        return checks(Files.readString(ROOT.resolve("deploy/Dockerfile")), Files.readString(ROOT.resolve(".dockerignore")));
    }

    private static DockerfileChecks checks(String dockerfile, String dockerignore) throws IOException, InterruptedException {
        return new DockerfileChecks(ROOT, dockerfile, dockerignore, repositoryFiles());
    }

    private static List<String> files;

    private static synchronized List<String> repositoryFiles() throws IOException, InterruptedException {
        if (files == null) {
            files = DockerfileChecks.repositoryFiles(ROOT);
        }
        return files;
    }
}
