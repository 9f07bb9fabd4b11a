package io.mqbench.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/bad-inputs.md lists what mqbench says to each mistake. Each row's line must be asserted,
 * word for word, by a test of the repository (so the table cannot promise a message no test
 * checks), by the test the row names.
 */
class BadInputTableTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** A table row: | what was given | `what mqbench says` | `TestName` ... |. */
    private static final Pattern ROW = Pattern.compile("^\\| [^|]+ \\| `([^`]+)` \\| `([^`]+)`.*\\|$");

    @Test
    void everyLineOfTheTableIsAssertedByTheTestItNames() throws IOException {
        List<String> rows = Files.readAllLines(ROOT.resolve("docs/bad-inputs.md"));
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String row : rows) {
            Matcher m = ROW.matcher(row);
            if (!m.matches()) {
                continue;
            }
            checked++;
            String message = m.group(1);
            String test = m.group(2);
            List<Path> sources = testSources(test);
            if (sources.isEmpty()) {
                problems.add("no test file named " + test + " (row: " + row + ")");
            } else if (sources.stream().noneMatch(source -> read(source).contains(message))) {
                problems.add(test + " does not assert \"" + message + "\"");
            }
        }
        assertTrue(checked >= 60, "the table lists at least 60 mistakes: " + checked);
        assertEquals(List.of(), problems);
    }

    /** Folders that hold no test of the repository (builds, brokers' downloads, environments): not walked. */
    private static final Set<String> NOT_SOURCES = Set.of("target", ".brokers", ".venv", ".git", "node_modules", "results");

    /** The test files called {@code name} (a Java class or a Python file) anywhere in the repository's tests. */
    private static List<Path> testSources(String name) throws IOException {
        String file = name.endsWith(".py") ? name : name + ".java";
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path folder, BasicFileAttributes attributes) {
                return NOT_SOURCES.contains(folder.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path path, BasicFileAttributes attributes) {
                String text = path.toString();
                if (path.getFileName().toString().equals(file) && (text.contains("/src/test/") || text.contains("/tests/"))) {
                    found.add(path);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return found;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
