package io.mqbench.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.deploy.ParsedDockerfile.Copy;
import io.mqbench.deploy.ParsedDockerfile.Instruction;
import io.mqbench.deploy.ParsedDockerfile.Stage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What deploy/Dockerfile must get right, read without a Docker engine: each check returns the
 * problems it found (empty: none), so DockerfileTest can also show that a broken file is caught.
 * The build context is the repository's files (tracked, or new and not ignored by git) less what
 * .dockerignore keeps out.
 */
final class DockerfileChecks {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path root;
    private final ParsedDockerfile dockerfile;
    private final DockerIgnore ignore;
    private final List<String> repository;
    private final List<String> context;

    DockerfileChecks(Path root, String dockerfile, String dockerignore, List<String> repositoryFiles) {
        this.root = root;
        this.dockerfile = ParsedDockerfile.parse(dockerfile);
        this.ignore = DockerIgnore.parse(dockerignore);
        this.repository = repositoryFiles;
        this.context = repositoryFiles.stream().filter(f -> !ignore.excludes(f)).toList();
    }

    /** The repository's files as git sees them: tracked, or new and not ignored. */
    static List<String> repositoryFiles(Path root) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
                .directory(root.toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!git.waitFor(1, TimeUnit.MINUTES) || git.exitValue() != 0) {
            throw new IOException("git ls-files failed in " + root + ": " + out);
        }
        return List.of(out.split("\0")).stream().filter(f -> !f.isEmpty() && Files.isRegularFile(root.resolve(f))).sorted().toList();
    }

    List<String> context() {
        return context;
    }

    /** Every FROM names a version (a tag with a major.minor, or a digest), never latest or a moving major. */
    List<String> unpinnedBaseImages() {
        List<String> problems = new ArrayList<>();
        List<String> stageNames = new ArrayList<>();
        for (Stage stage : dockerfile.stages()) {
            String image = stage.image();
            if (!stageNames.contains(image) && !image.contains("@sha256:")) {
                String afterPath = image.substring(image.lastIndexOf('/') + 1);
                String tag = afterPath.contains(":") ? afterPath.substring(afterPath.indexOf(':') + 1) : "";
                if (!tag.matches(".*\\d+\\.\\d+.*")) {
                    problems.add("FROM " + image + ": not pinned to a version tag (e.g. eclipse-temurin:17.0.16_8-jre-noble)");
                }
            }
            if (stage.name() != null) {
                stageNames.add(stage.name());
            }
        }
        return problems;
    }

    /** Each COPY from the build context copies something that is in the repository and let in by .dockerignore. */
    List<String> copySourcesOutsideTheContext() {
        List<String> problems = new ArrayList<>();
        for (Stage stage : dockerfile.stages()) {
            for (Copy copy : stage.copies()) {
                if (copy.from() != null) {
                    continue;
                }
                for (String source : copy.sources()) {
                    String cleaned = DockerIgnore.clean(source);
                    if (!matchesAny(cleaned, context)) {
                        problems.add("line " + copy.line() + ": COPY " + source + (matchesAny(cleaned, repository)
                                ? ": .dockerignore keeps it out of the build context" : ": no such file or folder in the repository"));
                    }
                }
            }
        }
        return problems;
    }

    /**
     * The stage the runtime copies the lib folder from copies every module of the reactor and
     * runs the Maven build bin/benchmark runs (bin/lib/java.sh), so the two cannot build differently.
     */
    List<String> buildStageProblems() throws IOException {
        List<String> problems = new ArrayList<>();
        Stage build = buildStage();
        if (build == null) {
            return List.of("the runtime stage copies " + libFolder() + " from no stage of this Dockerfile");
        }
        Map<String, String> built = imagePaths(build);
        List<String> needed = new ArrayList<>(List.of("pom.xml"));
        modules().forEach(module -> needed.add(module + "/pom.xml"));
        for (String file : needed) {
            if (!file.equals(built.get(file))) {
                problems.add("the build stage does not copy " + file + " (every module of the root pom.xml is built)");
            }
        }
        String maven = javaSh("(mvn -[^>\\n]*install)");
        if (build.all("RUN").stream().noneMatch(run -> run.arguments().contains(maven))) {
            problems.add("the build stage does not run bin/lib/java.sh's build: " + maven);
        }
        return problems;
    }

    /**
     * The files of charts/ that charts/bootstrap.sh reads to make the virtual environment
     * ({@code $MQBENCH_CHARTS_DIR/requirements.lock}, ...): the image makes it at build time, so
     * each must be there (the lock was once added to the bootstrap and not to the image).
     */
    private List<String> filesTheChartsBootstrapReads() throws IOException {
        Matcher read = Pattern.compile("\\$MQBENCH_CHARTS_DIR/([A-Za-z0-9_.-]+)")
                .matcher(Files.readString(root.resolve("charts/bootstrap.sh"), StandardCharsets.UTF_8));
        List<String> files = new ArrayList<>();
        while (read.find()) {
            String file = "charts/" + read.group(1);
            if (repository.contains(file)) {
                files.add(file); // not .venv, which it makes
            }
        }
        return files;
    }

    /**
     * The runtime stage holds, at their repository paths under its WORKDIR, what a suite run and
     * its report need: bin/, the workloads, suites, payloads, every driver file (and every file a
     * suite names), the chart package with its virtual environment made at build time, and the
     * lib folder from the build stage.
     */
    List<String> whatTheRuntimeStageLacks() throws IOException {
        TreeSet<String> needed = new TreeSet<>(List.of("pom.xml", "bin/benchmark", "bin/benchmark-worker", "bin/charts",
                "bin/lib/java.sh", "charts/bootstrap.sh", "charts/pyproject.toml"));
        for (String file : repository) {
            if (file.matches("(suites|workloads|payload|charts/mqbench_charts)/.*") || file.matches("driver-[^/]+/.*\\.yaml")
                    && !file.matches("[^/]+/src/.*")) {
                needed.add(file);
            }
        }
        needed.addAll(filesTheSuitesName());
        needed.addAll(filesTheChartsBootstrapReads());
        List<String> problems = new ArrayList<>();
        Stage runtime = dockerfile.last();
        Map<String, String> copied = imagePaths(runtime);
        for (String file : needed) {
            if (!file.equals(copied.get(file))) {
                problems.add(!repository.contains(file) ? file + " is needed in the image but is not in the repository"
                        : ignore.excludes(file) ? file + " is needed in the image but .dockerignore keeps it out"
                        : "the runtime stage does not copy " + file + " to " + runtime.workdir() + "/" + file);
            }
        }
        String lib = libFolder();
        boolean libCopied = runtime.copies().stream().anyMatch(copy -> copy.from() != null && buildStage() != null
                && relative(runtime, copy.destination()).equals(lib)
                && copy.sources().equals(List.of(buildStage().workdir() + "/" + lib)));
        if (!libCopied) {
            problems.add("the runtime stage does not copy the build stage's " + lib + " to " + lib);
        }
        List<Instruction> runs = runtime.all("RUN");
        if (runs.stream().noneMatch(run -> run.arguments().matches(".*apt-get install .*\\bpython3 .*\\bpython3-venv\\b.*"))) {
            problems.add("the runtime stage does not install python3 and python3-venv for bin/charts");
        }
        int chartsCopied = runtime.copies().stream().filter(c -> c.sources().contains("charts/pyproject.toml"))
                .mapToInt(Copy::line).findFirst().orElse(Integer.MAX_VALUE);
        if (runs.stream().noneMatch(run -> run.arguments().contains("mqbench_charts_python") && run.line() > chartsCopied)) {
            problems.add("the runtime stage does not make charts/.venv (charts/bootstrap.sh's mqbench_charts_python) after copying the charts");
        }
        return problems;
    }

    /** bin/benchmark must not try to run Maven in the image: the build stamp is made after the last COPY. */
    List<String> stampProblems() throws IOException {
        String stamp = javaSh("MQBENCH_STAMP=\"\\$MQBENCH_LIB/([^\"]+)\"");
        String touch = "touch " + libFolder() + "/" + stamp;
        Stage runtime = dockerfile.last();
        int lastCopy = runtime.copies().stream().mapToInt(Copy::line).max().orElse(0);
        boolean stamped = runtime.all("RUN").stream().anyMatch(run -> run.arguments().contains(touch) && run.line() > lastCopy);
        return stamped ? List.of() : List.of("the runtime stage does not '" + touch + "' after its last COPY, so bin/benchmark would try to build");
    }

    /** The last USER of the runtime stage, and its WORKDIR, are the ones the manifests expect. */
    List<String> userAndWorkdirProblems(String uid, String workdir) {
        List<String> problems = new ArrayList<>();
        Stage runtime = dockerfile.last();
        List<Instruction> users = runtime.all("USER");
        String user = users.isEmpty() ? "root" : users.get(users.size() - 1).arguments();
        String name = user.split(":")[0];
        if (name.equals("root") || name.equals("0")) {
            problems.add("the image runs as root (USER " + user + ")");
        } else if (!name.equals(uid)) {
            problems.add("the image runs as " + user + ", the manifests' runAsUser is " + uid);
        }
        if (!runtime.workdir().equals(workdir)) {
            problems.add("the runtime WORKDIR is " + runtime.workdir() + ", the manifests' workingDir is " + workdir);
        }
        return problems;
    }

    /** Where each build-context file a stage copies ends up, relative to its WORKDIR: image path to context file. */
    Map<String, String> imagePaths(Stage stage) {
        Map<String, String> paths = new LinkedHashMap<>();
        for (Copy copy : stage.copies()) {
            if (copy.from() != null) {
                continue;
            }
            String destination = relative(stage, copy.destination());
            boolean intoFolder = copy.destination().endsWith("/") || copy.sources().size() > 1;
            for (String source : copy.sources()) {
                Pattern pattern = Pattern.compile(DockerIgnore.regex(DockerIgnore.clean(source)));
                boolean glob = source.matches(".*[*?\\[].*");
                for (String file : context) {
                    if (pattern.matcher(file).matches()) {
                        String name = file.substring(file.lastIndexOf('/') + 1);
                        paths.put(intoFolder || glob ? join(destination, name) : destination, file);
                    } else {
                        String folder = folderMatching(pattern, file);
                        if (folder != null) {
                            paths.put(join(destination, file.substring(folder.length() + 1)), file);
                        }
                    }
                }
            }
        }
        return paths;
    }

    private Stage buildStage() {
        for (Copy copy : dockerfile.last().copies()) {
            if (copy.from() != null && dockerfile.stage(copy.from()) != null) {
                return dockerfile.stage(copy.from());
            }
        }
        return null;
    }

    /** bin/lib/java.sh's MQBENCH_LIB, relative to the mqbench folder: the lib folder bin/benchmark runs from. */
    private String libFolder() throws IOException {
        return javaSh("MQBENCH_LIB=\"\\$MQBENCH_HOME/([^\"]+)\"");
    }

    private String javaSh(String regex) throws IOException {
        Matcher matcher = Pattern.compile(regex).matcher(Files.readString(root.resolve("bin/lib/java.sh")));
        if (!matcher.find()) {
            throw new IllegalStateException("bin/lib/java.sh has nothing like " + regex);
        }
        return matcher.group(1).strip();
    }

    private List<String> modules() throws IOException {
        List<String> modules = new ArrayList<>();
        Matcher matcher = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(root.resolve("pom.xml")));
        while (matcher.find()) {
            modules.add(matcher.group(1).strip());
        }
        return modules;
    }

    /** The driver and workload files the suites name (repository paths, as bin/benchmark --suite resolves them from the mqbench folder). */
    private List<String> filesTheSuitesName() throws IOException {
        List<String> named = new ArrayList<>();
        for (String file : repository) {
            if (file.matches("suites/[^/]+\\.yaml")) {
                JsonNode suite = YAML.readTree(root.resolve(file).toFile());
                for (String field : List.of("drivers", "workloads")) {
                    suite.path(field).forEach(path -> named.add(DockerIgnore.clean(path.asText())));
                }
            }
        }
        return named;
    }

    private static boolean matchesAny(String source, List<String> files) {
        Pattern pattern = Pattern.compile(DockerIgnore.regex(source));
        return files.stream().anyMatch(f -> pattern.matcher(f).matches() || folderMatching(pattern, f) != null);
    }

    /** The folder among the file's that the pattern names, or null. */
    private static String folderMatching(Pattern pattern, String file) {
        for (int slash = file.indexOf('/'); slash > 0; slash = file.indexOf('/', slash + 1)) {
            if (pattern.matcher(file.substring(0, slash)).matches()) {
                return file.substring(0, slash);
            }
        }
        return null;
    }

    /** A destination relative to the stage's WORKDIR ("" for the WORKDIR itself). */
    private static String relative(Stage stage, String destination) {
        String path = destination;
        String workdir = stage.workdir().endsWith("/") ? stage.workdir() : stage.workdir() + "/";
        if (path.startsWith(workdir)) {
            path = path.substring(workdir.length());
        }
        path = DockerIgnore.clean(path);
        return path.equals(".") ? "" : path;
    }

    private static String join(String folder, String name) {
        return folder.isEmpty() ? name : folder + "/" + name;
    }
}
