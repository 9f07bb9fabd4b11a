package io.mqbench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.UserError;
import io.mqbench.workload.FaultAction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The brokers that {@code bin/brokers} runs on this machine, as fault targets. Every action goes
 * through {@code bin/brokers} (kill, freeze, thaw, partition, delay, heal, stop, and start or restart with
 * the options the broker last started with), which knows each broker's PID file, process tree and
 * ports: the harness never signals a process by name.
 */
public final class LocalBrokers {
    /** A start waits for the broker to answer (bin/brokers' own limit is 120 s). */
    private static final long ACTION_TIMEOUT_SECONDS = 180;

    private final Path script;

    LocalBrokers(Path script) {
        this.script = script;
    }

    /**
     * {@code bin/brokers} of this installation: under {@code mqbench.home} (set by {@code
     * bin/benchmark}), else in the first folder up from here that has it.
     */
    public static LocalBrokers find() {
        String home = System.getProperty("mqbench.home");
        Path here = home != null ? Path.of(home).toAbsolutePath() : Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            Path script = dir.resolve("bin").resolve("brokers");
            if (Files.isExecutable(script)) {
                return new LocalBrokers(script);
            }
            if (home != null) {
                break;
            }
        }
        throw new UserError("the workload's faults act on brokers of bin/brokers, which was not found from " + here
                + "; run bin/benchmark from the mqbench folder, or use action: command for brokers it does not run");
    }

    /** The brokers whose process is alive now (answering or not: a frozen one counts). */
    public Set<String> running() throws IOException {
        Outcome status = run(List.of("status", "--json"));
        Set<String> names = new LinkedHashSet<>();
        try {
            for (JsonNode row : new ObjectMapper().readTree(status.output())) {
                if (!row.path("pid").isNull() && !row.path("pid").isMissingNode()) {
                    names.add(row.path("broker").asText());
                }
            }
        } catch (IOException e) {
            throw new IOException("bin/brokers status --json printed no JSON: " + status.lastLine(), e);
        }
        return names;
    }

    /**
     * Why a partition of {@code target} cannot be made on this machine (no nft, no right to add a
     * table: bin/brokers' own line), or null if it can. Touches no traffic.
     */
    public String partitionProblem(String target) throws IOException {
        Outcome check = run(List.of("partition", "--check", target));
        return check.exitCode() == 0 ? null : check.lastLine();
    }

    /**
     * Why a delay of {@code target} cannot be made (netproxy not running, or no proxy in front of
     * that broker: bin/brokers' own line), or null if it can. Touches no traffic.
     */
    public String delayProblem(String target) throws IOException {
        Outcome check = run(List.of("delay", "--check", target));
        return check.exitCode() == 0 ? null : check.lastLine();
    }

    /**
     * Does one fault action; the outcome carries bin/brokers' exit code and what it printed.
     *
     * @param latency for a delay, how long each byte is held; else null
     */
    Outcome act(FaultAction action, String target, Duration latency) throws IOException {
        List<String> args = switch (action) {
            case START, RESTART -> List.of(action.yamlName(), "--as-before", target);
            case DELAY -> List.of(action.yamlName(), "--latency", latency.toMillis() + "ms", target);
            default -> List.of(action.yamlName(), target);
        };
        return run(args);
    }

    private Outcome run(List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(args);
        return Outcome.of(command, ACTION_TIMEOUT_SECONDS);
    }

    /** How a command ended. */
    record Outcome(int exitCode, String output) {
        /** Runs a command to its end (or its time limit), stdout and stderr together. */
        static Outcome of(List<String> command, long timeoutSeconds) throws IOException {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close(); // nothing to read: a command that asks gets end of input
            // Read as it comes (a full pipe would stall the command); the reader ends with the process.
            StringBuilder output = new StringBuilder();
            Thread reader = new Thread(() -> {
                try {
                    output.append(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException ignored) {
                    // the process was ended: what was read so far is kept
                }
            }, "fault-command-output");
            reader.setDaemon(true);
            reader.start();
            try {
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    reader.join(1_000);
                    return new Outcome(-1, output + "\n(ended after " + timeoutSeconds + " s without finishing)");
                }
                reader.join(5_000);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while running " + String.join(" ", command), e);
            }
            return new Outcome(process.exitValue(), output.toString()); // joined: the reader's writes are visible
        }

        boolean ok() {
            return exitCode == 0;
        }

        /** The last non-empty line printed, for the result and the console. */
        String lastLine() {
            String[] lines = output.strip().split("\n");
            return lines.length == 0 ? "" : lines[lines.length - 1].strip();
        }
    }
}
