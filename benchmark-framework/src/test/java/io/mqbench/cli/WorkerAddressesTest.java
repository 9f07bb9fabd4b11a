package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mqbench.config.UserError;
import io.mqbench.testing.TempFiles;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Worker URLs from -w and from OMB-format workers files. */
class WorkerAddressesTest {
    @TempDir
    Path dir;

    @Test
    void urlsAreNormalisedAndCheckedOneByOne() {
        assertEquals(URI.create("http://h1:8080"), WorkerAddresses.parse(" http://h1:8080/ ", "-w"));
        assertEquals(URI.create("http://[::1]:8080"), WorkerAddresses.parse("HTTP://[::1]:8080", "-w"));
        assertError("h1:8080", "-w: 'h1:8080' is not an http:// URL; write a worker as a URL, e.g. http://10.0.0.1:8080");
        assertError("http://h1:8080/api", "-w: 'http://h1:8080/api': a worker URL has no path, query or fragment");
        assertError("http://user:secret@h1:8080", "-w: 'h1': credentials do not go into the URL");
        assertError("http://", "-w: 'http://' is not a URL");
        assertError("", "-w: an empty worker address");
        assertEquals("-w: http://h1:8080 is listed twice; list each worker once",
                assertThrows(UserError.class, () -> WorkerAddresses.fromOption(List.of("http://h1:8080", "http://h1:8080/"))).getMessage());
    }

    @Test
    void workersFilesUseOmbsFormatStrictly() {
        Path file = TempFiles.write(dir, "workers.yaml", "workers:\n  - http://10.0.0.1:8080\n  - http://10.0.0.2:8080\n");
        assertEquals(List.of(URI.create("http://10.0.0.1:8080"), URI.create("http://10.0.0.2:8080")), WorkerAddresses.fromFile(file.toFile()));

        Path typo = TempFiles.write(dir, "typo.yaml", "worker:\n  - http://10.0.0.1:8080\n");
        assertEquals(typo + ": unknown field 'worker' (did you mean 'workers'?); allowed fields: workers",
                assertThrows(UserError.class, () -> WorkerAddresses.fromFile(typo.toFile())).getMessage());
        Path empty = TempFiles.write(dir, "empty.yaml", "workers: []\n");
        assertEquals(empty + ": field 'workers' is missing or empty; list the worker URLs, e.g. workers: [http://10.0.0.1:8080, http://10.0.0.2:8080]",
                assertThrows(UserError.class, () -> WorkerAddresses.fromFile(empty.toFile())).getMessage());
        Path bad = TempFiles.write(dir, "bad.yaml", "workers: [10.0.0.1]\n");
        assertEquals(bad + ": field 'workers': '10.0.0.1' is not an http:// URL; write a worker as a URL, e.g. http://10.0.0.1:8080",
                assertThrows(UserError.class, () -> WorkerAddresses.fromFile(bad.toFile())).getMessage());
    }

    private static void assertError(String url, String expectedStart) {
        String message = assertThrows(UserError.class, () -> WorkerAddresses.parse(url, "-w")).getMessage();
        if (!message.startsWith(expectedStart)) {
            throw new AssertionError("expected '" + expectedStart + "...' but got '" + message + "'");
        }
    }
}
