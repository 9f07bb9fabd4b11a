package io.mqbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.ResultAssembler;
import io.mqbench.result.TestResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A run's result has one writer: the phases compute their values and hand them to {@link
 * ResultAssembler}, and only classes of {@code io.mqbench.result} set the fields of {@link
 * TestResult} (docs/architecture.md, "Add a result field"). Read from the compiled classes with the
 * JDK's own {@code javap}, so a field's owner is the compiler's answer and not a guess from a
 * variable's name ({@code StartLoad}'s {@code assignment.publishRate} is not the result's); like
 * {@link PackageCyclesTest}, it needs no library.
 */
class ResultOwnershipTest {
    private static final String RESULT_PACKAGE = "io/mqbench/result/";
    /** A {@code putfield} of a field of {@code TestResult} itself (its nested classes are the values phases build). */
    private static final Pattern RESULT_FIELD_WRITE = Pattern.compile(
            "\\bputfield\\s+#\\d+\\s+// Field io/mqbench/result/TestResult\\.(\\w+):");
    /** javap's first line of a class: its modifiers, its kind and its binary name. */
    private static final Pattern CLASS_HEADER = Pattern.compile("^\\S.*?\\b(?:class|interface|enum) ([\\w.$]+)");

    @Test
    void noClassOutsideTheResultPackageSetsAFieldOfTestResult() {
        Path classes = compiledClasses(TestResult.class);
        List<Path> outside = classFiles(classes).stream()
                .filter(file -> !classes.relativize(file).toString().replace('\\', '/').startsWith(RESULT_PACKAGE))
                .toList();
        assertTrue(outside.size() > 100, "read the framework's classes under " + classes + ": " + outside.size());
        assertEquals(Map.of(), resultFieldWrites(outside),
                "classes outside io.mqbench.result that set fields of TestResult: hand the value to ResultAssembler instead");
    }

    /** The reader itself: it sees the assembler's writes, and the final table, which only reads results, writes nothing. */
    @Test
    void theAssemblersWritesAreSeenAndReadsAreNot() {
        Map<String, Set<String>> assembler = resultFieldWrites(List.of(classFile(ResultAssembler.class)));
        assertTrue(assembler.getOrDefault(ResultAssembler.class.getName(), Set.of()).contains("summary"), assembler.toString());
        assertEquals(Map.of(), resultFieldWrites(List.of(compiledClasses(TestResult.class).resolve("io/mqbench/cli/SummaryTable.class"))));
    }

    /** Binary class name -> the fields of {@code TestResult} its methods (and lambdas) assign. */
    private static Map<String, Set<String>> resultFieldWrites(List<Path> classFiles) {
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow(() -> new AssertionError("this JDK has no javap"));
        List<String> args = new ArrayList<>(List.of("-c", "-p"));
        classFiles.forEach(file -> args.add(file.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = javap.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        assertEquals(0, exit, err.toString());

        Map<String, Set<String>> writes = new TreeMap<>();
        String current = "?";
        for (String line : out.toString().lines().toList()) {
            Matcher header = CLASS_HEADER.matcher(line);
            if (header.find()) {
                current = header.group(1);
            }
            Matcher write = RESULT_FIELD_WRITE.matcher(line);
            if (write.find()) {
                writes.computeIfAbsent(current, c -> new TreeSet<>()).add(write.group(1));
            }
        }
        return writes;
    }

    /** The folder the build compiled {@code type} into (target/classes or target/test-classes, as in any Maven or IDE test run). */
    private static Path compiledClasses(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path classFile(Class<?> type) {
        return compiledClasses(type).resolve(type.getName().replace('.', '/') + ".class");
    }

    private static List<Path> classFiles(Path classes) {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
