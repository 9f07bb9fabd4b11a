package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark --completion}: a script bash takes, completing the options of today's command line. */
class CompletionTest {
    @TempDir
    Path dir;

    @Test
    void bashSourcesTheScriptAndCompletesTheOptionsAsTyped() throws Exception {
        BenchmarkCli run = BenchmarkCli.run("--completion");
        assertEquals(0, run.exitCode, run.err());
        String script = run.out();
        for (String option : new String[] {"--validate", "--metrics-port", "--set", "--suite", "--completion"}) {
            assertTrue(script.contains(option), "completes " + option);
        }
        Path file = TempFiles.write(dir, "benchmark-completion.bash", script);
        // Sourced into bash, then asked as bash asks: the words so far, the cursor on "--met".
        String probe = "source " + file + " && complete -p bin/benchmark && COMP_WORDS=(bin/benchmark --met) && COMP_CWORD=1"
                + " && COMP_LINE='bin/benchmark --met' && COMP_POINT=${#COMP_LINE} && _complete_benchmark && echo \"${COMPREPLY[@]}\"";
        Process bash = new ProcessBuilder("bash", "-c", probe).redirectErrorStream(true).start();
        String printed = new String(bash.getInputStream().readAllBytes());
        assertTrue(bash.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, bash.exitValue(), printed);
        assertTrue(printed.contains("-F _complete_benchmark bin/benchmark"), printed);
        assertTrue(printed.contains("--metrics-port"), "the completion of --met: " + printed);
    }
}
