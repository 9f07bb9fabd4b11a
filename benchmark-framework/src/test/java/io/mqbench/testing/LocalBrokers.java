package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The real brokers of {@code bin/brokers}, as the driver modules' integration tests drive them:
 * stop and start one mid-test, or freeze its process (SIGSTOP) by the PID bin/brokers keeps.
 */
public final class LocalBrokers {
    private static final long DEFAULT_TIMEOUT_SECONDS = 180;

    private LocalBrokers() {}

    /** Runs {@code bin/brokers <args>} and requires exit status 0 within 180 s; returns its output. */
    public static String run(String... args) throws Exception {
        return runWithin(DEFAULT_TIMEOUT_SECONDS, args);
    }

    /**
     * The same, requiring it to finish within {@code seconds}. A start or restart boots a broker,
     * seconds of a core, and so takes a {@link MachineTurn}: the other lane's steady run must not
     * be measured beside it.
     */
    public static String runWithin(long seconds, String... args) throws Exception {
        if (args.length > 0 && (args[0].equals("start") || args[0].equals("restart"))) {
            try (MachineTurn turn = MachineTurn.take("bin/brokers " + String.join(" ", args))) {
                return execute(seconds, args);
            }
        }
        return execute(seconds, args);
    }

    private static String execute(long seconds, String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = TempFiles.repositoryRoot().resolve("bin/brokers").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), String.join(" ", command) + " timed out:\n" + output);
        assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n" + output);
        return output;
    }

    /**
     * Sends {@code kill -<signal>} (STOP, CONT) to the process whose PID bin/brokers keeps in
     * {@code pidFile}, relative to its state folder (e.g. {@code artemis/artemis.pid}). The file
     * starts with the PID; what follows it (bin/brokers' process start time) is ignored.
     */
    public static void signal(String pidFile, String signal) throws Exception {
        String dir = System.getenv("MQBENCH_BROKERS_DIR");
        Path state = dir != null ? Path.of(dir) : TempFiles.repositoryRoot().resolve(".brokers");
        String pid = Files.readString(state.resolve(pidFile)).trim().split("\\s+")[0];
        Process kill = new ProcessBuilder("kill", "-" + signal, pid).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }
}
