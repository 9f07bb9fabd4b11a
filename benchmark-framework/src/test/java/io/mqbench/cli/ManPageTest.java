package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.mqbench.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

/**
 * docs/man: the committed man pages are today's commands. The AsciiDoc is compared with what
 * picocli's generator writes from the command specs now (no tool needed), and each {@code .1}
 * with what asciidoctor renders from the committed AsciiDoc. On a difference: run
 * tools/man/render.sh and commit.
 *
 * <p>asciidoctor is {@code $MQBENCH_ASCIIDOCTOR} when bin/test provided it (then its absence is a
 * failure), otherwise the one on the PATH; without one the rendering check is skipped and says so.
 */
class ManPageTest {
    private static final Path MAN = TempFiles.repositoryRoot().resolve("docs/man");

    @TempDir
    Path dir;

    @Test
    void theAsciiDocIsWhatTheCommandsWriteToday() throws IOException {
        for (Map.Entry<String, CommandSpec> command : ManPages.commands().entrySet()) {
            Path committed = MAN.resolve(command.getKey() + ".adoc");
            assertTrue(Files.exists(committed), committed + " is missing: run tools/man/render.sh");
            assertSameLines(ManPages.asciidoc(command.getValue()), Files.readString(committed), committed);
        }
    }

    @Test
    void docsManHoldsThePagesOfTheCommandsAndNothingElse() throws IOException {
        TreeSet<String> expected = new TreeSet<>();
        ManPages.commands().keySet().forEach(name -> expected.addAll(List.of(name + ".adoc", name + ".1")));
        try (Stream<Path> files = Files.list(MAN)) {
            assertEquals(expected, new TreeSet<>(files.map(f -> f.getFileName().toString()).toList()),
                    "docs/man (a page of a command that is gone, or a command without its page: run tools/man/render.sh)");
        }
    }

    @Test
    void thePagesAreAsciidoctorsRenderingOfTheAsciiDoc() throws Exception {
        String asciidoctor = asciidoctor();
        for (String name : ManPages.commands().keySet()) {
            Path rendered = dir.resolve(name + ".1");
            String complaints = ManPages.render(asciidoctor, MAN.resolve(name + ".adoc"), rendered);
            assertEquals("", complaints, "asciidoctor warned about " + name + ".adoc: its markup does not render as meant");
            assertSameLines(Files.readString(rendered), Files.readString(MAN.resolve(name + ".1")), MAN.resolve(name + ".1"));
        }
    }

    /** What a reader of the page looks for, whatever the generator's version. */
    @Test
    void eachPageHasTheUsualSections() throws IOException {
        for (String name : ManPages.commands().keySet()) {
            String page = Files.readString(MAN.resolve(name + ".1"));
            for (String section : List.of("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES")) {
                assertTrue(page.contains("\n.SH \"" + section + "\"\n"), name + ".1 has no section " + section);
            }
        }
    }

    private static void assertSameLines(String expected, String actual, Path file) {
        List<String> want = expected.lines().toList();
        List<String> have = actual.lines().toList();
        int line = 0;
        while (line < Math.min(want.size(), have.size()) && want.get(line).equals(have.get(line))) {
            line++;
        }
        if (line < want.size() || line < have.size()) {
            fail(file + " is out of date (run tools/man/render.sh); first difference at line " + (line + 1)
                    + "\n  now:       " + lineOf(want, line) + "\n  committed: " + lineOf(have, line));
        }
        assertEquals(expected, actual, file + " differs in line endings (run tools/man/render.sh)");
    }

    private static String lineOf(List<String> lines, int index) {
        return index < lines.size() ? lines.get(index) : "(end of file)";
    }

    private static String asciidoctor() {
        String provided = System.getenv("MQBENCH_ASCIIDOCTOR");
        if (provided != null && !provided.isEmpty()) {
            // bin/test installed it and says so: its absence is bin/test's failure, not a reason to skip.
            assertTrue(Files.isExecutable(Path.of(provided)), "MQBENCH_ASCIIDOCTOR is not an executable file: " + provided);
            return provided;
        }
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder, "asciidoctor");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return Assumptions.abort("asciidoctor is not installed (Debian: apt-get install asciidoctor; bin/test installs it),"
                + " so the rendered man pages were not checked");
    }
}
