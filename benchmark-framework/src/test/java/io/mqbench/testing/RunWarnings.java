package io.mqbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A result's warnings about the run itself. Three warnings are about the machine the tests share
 * and the JVM that runs them rather than about what a test checks, and may come with any run
 * there: a machine kept busy by brokers booting and other test JVMs (the client-load warning), a
 * test JVM still compiling its code (the JIT warning; a run in the test's own JVM shares its
 * compilers with every test before it), and a virtual machine whose host took some of its CPU
 * (the steal warning).
 */
public final class RunWarnings {
    private static final String WARNING = "WARNING: ";
    private static final List<String> ABOUT_THE_MACHINE =
            List.of("the client may have been the bottleneck", "the client was still compiling its code",
                    "the host of the client's virtual machine took some of its CPU");

    private RunWarnings() {}

    /** The result's warnings, without those about the machine and the JVM. */
    public static List<String> aboutTheRun(JsonNode result) {
        List<String> warnings = new ArrayList<>();
        result.path("warnings").forEach(w -> warnings.add(w.asText()));
        warnings.removeIf(RunWarnings::aboutTheMachine);
        return warnings;
    }

    /**
     * The console's warning lines, without those about the machine and the JVM. The console
     * indents them under the step they belong to.
     */
    public static List<String> aboutTheRun(Stream<String> consoleLines) {
        return consoleLines.map(String::strip).filter(l -> l.startsWith(WARNING)).map(l -> l.substring(WARNING.length()))
                .filter(w -> !aboutTheMachine(w)).toList();
    }

    private static boolean aboutTheMachine(String warning) {
        return ABOUT_THE_MACHINE.stream().anyMatch(warning::startsWith);
    }
}
