package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientLibraryConflictTest {

    /** What the JVM says when a class from an older jar lacks a method the driver calls. */
    private static final NoSuchMethodError MISSING_METHOD = new NoSuchMethodError(
            "'void com.fasterxml.jackson.databind.ObjectMapper.methodOfANewerVersion(java.lang.String)'");

    @Test
    void findsTheLinkageErrorUnderWhateverTheClientWrappedItIn() {
        RuntimeException wrapped = new IllegalArgumentException("not a URL", new RuntimeException(MISSING_METHOD));
        assertSame(MISSING_METHOD, ClientLibraryConflict.findIn(wrapped).orElseThrow());
        assertFalse(ClientLibraryConflict.findIn(new IllegalArgumentException("plain")).isPresent());
    }

    @Test
    void namesTheClassesOfTheMessageButNotTheJdks() {
        assertEquals(List.of("com.fasterxml.jackson.databind.ObjectMapper"),
                ClientLibraryConflict.classesNamedIn(MISSING_METHOD.getMessage()));
        assertEquals(List.of("io.mqbench.driver.api.DriverMetadata"),
                ClientLibraryConflict.classesNamedIn("io/mqbench/driver/api/DriverMetadata"));
    }

    @Test
    void namesTheJarAndItsVersionWhereTheClassWasLoadedFrom() {
        String line = ClientLibraryConflict.describe(MISSING_METHOD, getClass().getClassLoader());
        String jar = jarOf(ObjectMapper.class).getName();
        assertTrue(line.startsWith("client-library version conflict (NoSuchMethodError: "), line);
        assertTrue(line.contains("com.fasterxml.jackson.databind.ObjectMapper is loaded from " + jar + " (version "), line);
        assertFalse(line.contains("also found in"), line);
        assertFalse(line.contains("\n"), line);
    }

    @Test
    void namesEveryOtherJarThatHasTheSameClass(@TempDir Path dir) throws Exception {
        Path first = jarOf(ObjectMapper.class).toPath();
        Path second = Files.copy(first, dir.resolve("jackson-databind-older.jar"));
        try (URLClassLoader twoCopies = new URLClassLoader(
                new URL[] {first.toUri().toURL(), second.toUri().toURL()}, null)) {
            String line = ClientLibraryConflict.describe(MISSING_METHOD, twoCopies);
            assertTrue(line.contains("is loaded from " + first.getFileName()), line);
            assertTrue(line.contains("and also found in jackson-databind-older.jar (version "), line);
        }
    }

    @Test
    void aMissingClassIsCalledMissingNotAConflict() {
        String line = ClientLibraryConflict.describe(new NoClassDefFoundError("io/mqbench/nothing/Here"), getClass().getClassLoader());
        assertTrue(line.startsWith("a class the driver needs is missing from the classpath"), line);
        assertTrue(line.contains("io.mqbench.nothing.Here is on the classpath nowhere"), line);
    }

    private static File jarOf(Class<?> type) {
        try {
            return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
