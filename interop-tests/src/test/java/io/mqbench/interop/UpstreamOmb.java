package io.mqbench.interop;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.testing.JavaProcess;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A build of upstream OpenMessaging Benchmark, the peer these tests run against: where it is, its
 * jars as an OMB {@code lib/} folder, and its coordinator and worker as processes. The build comes
 * from {@code bin/test}, which builds the source snapshot named by
 * {@code MQBENCH_UPSTREAM_OMB_FIXTURE} and passes the built tree in {@code MQBENCH_UPSTREAM_OMB}.
 */
final class UpstreamOmb {
    static final String HOME_VARIABLE = "MQBENCH_UPSTREAM_OMB";

    final Path home;

    private UpstreamOmb(Path home) {
        this.home = home;
    }

    /** The build named by the environment; the calling test is skipped, with the reason, when there is none. */
    static UpstreamOmb fromEnvironment() {
        String value = System.getenv(HOME_VARIABLE);
        assumeTrue(value != null && !value.isBlank(), HOME_VARIABLE + " is not set, so the interoperability tests are skipped:"
                + " bin/test sets it when MQBENCH_UPSTREAM_OMB_FIXTURE names upstream OMB's source snapshot and build.sh"
                + " (.ci/run does), or point it at a built openmessaging-benchmark tree");
        Path home = Path.of(value).toAbsolutePath();
        if (!Files.isRegularFile(home.resolve("benchmark-framework/target/classpath.txt"))) {
            throw new IllegalStateException(HOME_VARIABLE + "=" + value + " is not a built upstream OMB tree"
                    + " (no benchmark-framework/target/classpath.txt)");
        }
        return new UpstreamOmb(home);
    }

    /** Upstream's own jars: its benchmark-framework and everything on its classpath (its drivers and their clients). */
    List<Path> jars() {
        try {
            List<Path> jars = new ArrayList<>();
            try (Stream<Path> built = Files.list(home.resolve("benchmark-framework/target"))) {
                built.filter(p -> p.getFileName().toString().matches("benchmark-framework-.*\\.jar")).forEach(jars::add);
            }
            for (String entry : Files.readString(home.resolve("benchmark-framework/target/classpath.txt")).trim().split(File.pathSeparator)) {
                jars.add(Path.of(entry));
            }
            return jars;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An upstream installation's layout in {@code folder}: {@code lib/} with upstream's jars
     * (linked) and {@code extraJars} copied in beside them, as a user would drop them in.
     */
    Path installInto(Path folder, Path... extraJars) throws IOException {
        Path lib = Files.createDirectories(folder.resolve("lib"));
        for (Path jar : jars()) {
            Files.createSymbolicLink(lib.resolve(jar.getFileName()), jar);
        }
        for (Path jar : extraJars) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar + " was not built: mvn package writes it");
            }
            Files.copy(jar, lib.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        return folder;
    }

    /**
     * Upstream's coordinator ({@code io.openmessaging.benchmark.Benchmark}) in {@code folder} on
     * {@code lib/*}: what upstream's {@code bin/benchmark} runs from an installation, with a
     * small heap instead of its 4 GB so that several fit on a small machine.
     */
    JavaProcess benchmark(Path folder, Path logs, String name, List<String> args) {
        return java(folder, logs, name, "io.openmessaging.benchmark.Benchmark", args);
    }

    /** Upstream's worker ({@code bin/benchmark-worker}) on a free port of 127.0.0.1; returns once it answers. */
    UpstreamWorker worker(Path folder, Path logs, String name) throws Exception {
        int port = freePort();
        int statsPort = freePort();
        JavaProcess process = java(folder, logs, name, "io.openmessaging.benchmark.worker.BenchmarkWorker",
                List.of("--port", String.valueOf(port), "--stats-port", String.valueOf(statsPort)));
        process.awaitOutput("Javalin has started", 60);
        return new UpstreamWorker(process, "http://127.0.0.1:" + port);
    }

    record UpstreamWorker(JavaProcess process, String url) implements AutoCloseable {
        @Override
        public void close() {
            process.close();
        }
    }

    /** A class loader over upstream's jars alone, to read files with upstream's own classes. */
    URLClassLoader classLoader() throws IOException {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars()) {
            urls.add(jar.toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    Path payload1Kb() {
        return home.resolve("payload/payload-1Kb.data");
    }

    private JavaProcess java(Path folder, Path logs, String name, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(List.of(JavaProcess.javaCommand(), "-Xms64m", "-Xmx384m", "-XX:+UseSerialGC",
                "-cp", "lib/*", mainClass));
        command.addAll(args);
        return JavaProcess.start(logs, name, command, folder);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
