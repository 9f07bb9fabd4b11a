package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Upstream OMB's own driver files of one of its driver modules, for the tests that load them with
 * only {@code driverClass} changed: from the built upstream tree the interoperability tests use
 * ({@code MQBENCH_UPSTREAM_OMB}, which bin/test sets) or else unpacked from the source snapshot
 * named by {@code MQBENCH_UPSTREAM_OMB_FIXTURE}; empty when neither is here (the test then skips).
 */
public final class UpstreamDriverFiles {
    private UpstreamDriverFiles() {}

    /** The {@code *.yaml} files of upstream's {@code module} (e.g. driver-pulsar), sorted; {@code scratch} takes an unpacked copy. */
    public static List<Path> of(String module, Path scratch) throws Exception {
        String tree = System.getenv("MQBENCH_UPSTREAM_OMB");
        if (tree != null && Files.isDirectory(Path.of(tree, module))) {
            return yamlIn(Path.of(tree, module));
        }
        String fixture = System.getenv("MQBENCH_UPSTREAM_OMB_FIXTURE");
        if (fixture == null || !Files.isDirectory(Path.of(fixture))) {
            return List.of();
        }
        Path tarball;
        try (Stream<Path> listing = Files.list(Path.of(fixture))) {
            tarball = listing.filter(p -> p.toString().endsWith(".tar.gz")).findFirst().orElse(null);
        }
        if (tarball == null) {
            return List.of();
        }
        Path unpacked = Files.createDirectories(scratch.resolve("upstream-" + module));
        Process tar = new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", unpacked.toString(),
                "--wildcards", "*/" + module + "/*.yaml").redirectErrorStream(true).start();
        String output = new String(tar.getInputStream().readAllBytes());
        assertTrue(tar.waitFor(60, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar: " + output);
        try (Stream<Path> found = Files.walk(unpacked)) {
            return found.filter(p -> p.getParent().getFileName().toString().equals(module)
                    && p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    private static List<Path> yamlIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
