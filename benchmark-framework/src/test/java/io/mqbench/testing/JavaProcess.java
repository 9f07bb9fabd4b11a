package io.mqbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code bin/benchmark-worker} (or {@code bin/benchmark}) in a JVM of its own, started with this
 * test's classpath, its output in files. Stopped by its PID, never by name; and if the test JVM
 * itself is ended (SIGTERM from Ctrl-C, a CI timeout or Surefire) before it stops them, its
 * shutdown hook ends every process it started that still runs.
 */
public final class JavaProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+) \\(stats: (http://\\S+)/metrics\\)");
    /** The processes this JVM started that have not ended yet. */
    private static final Set<JavaProcess> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(JavaProcess::endEveryRunningProcess, "end-started-processes"));
    }

    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private String url;
    private String statsUrl;

    private JavaProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** A worker on a free loopback port; returns once it listens. */
    public static JavaProcess worker(Path logs, String name, String... args) {
        List<String> all = new ArrayList<>(List.of("--port", "0", "--stats-port", "0"));
        all.addAll(List.of(args));
        return start(logs, name, List.of(), "io.mqbench.cli.WorkerMain", all).awaitListening();
    }

    /**
     * Starts {@code mainClass}; {@code prefix} goes before the java command (e.g. {@code ip netns
     * exec ns}, which becomes java through exec, so the PID stays the JVM's).
     */
    public static JavaProcess start(Path logs, String name, List<String> prefix, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(javaCommand());
        // Small heaps and one GC thread: three workers and the tests share two cores.
        command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-cp", classpath(), mainClass));
        command.addAll(args);
        return start(logs, name, command, null);
    }

    /** The java command of this JVM, for processes on another classpath (an upstream OMB build, say). */
    public static String javaCommand() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Runs {@code command} in {@code directory} (null: this one), its output in {@code logs/name.out} and {@code .err}. */
    public static JavaProcess start(Path logs, String name, List<String> command, Path directory) {
        try {
            Files.createDirectories(logs);
            Path out = logs.resolve(name + ".out");
            Path err = logs.resolve(name + ".err");
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            JavaProcess started = new JavaProcess(builder.start(), out, err);
            RUNNING.add(started);
            started.process.onExit().thenRun(() -> RUNNING.remove(started));
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** The test classpath: Surefire and Failsafe hand it over in a property (java.class.path may be a manifest jar). */
    private static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** Waits until the worker prints that it listens, and notes its URLs. */
    public JavaProcess awaitListening() {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            Matcher matcher = LISTENING.matcher(stdout());
            if (matcher.find()) {
                url = matcher.group(1);
                statsUrl = matcher.group(2);
                return this;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the worker exited with " + process.exitValue() + ": " + stderr());
            }
            sleep(50);
        }
        close();
        throw new IllegalStateException("the worker did not start listening within 60 s: " + stdout() + stderr());
    }

    public String url() {
        return url;
    }

    public String statsUrl() {
        return statsUrl;
    }

    public long pid() {
        return process.pid();
    }

    public String stdout() {
        return read(stdout);
    }

    public String stderr() {
        return read(stderr);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the process to end; returns its exit status. */
    public int await(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException("still running after " + seconds + " s: " + stdout() + stderr());
        }
        return process.exitValue();
    }

    /** Waits until the process has printed {@code text} on stdout. */
    public JavaProcess awaitOutput(String text, long seconds) {
        long deadline = System.currentTimeMillis() + seconds * 1000;
        while (!stdout().contains(text)) {
            if (System.currentTimeMillis() > deadline || !process.isAlive()) {
                throw new IllegalStateException("never printed '" + text + "': " + stdout() + stderr());
            }
            sleep(50);
        }
        return this;
    }

    /** SIGTERM, by PID, and nothing more: what a CI cancellation, {@code timeout} or Kubernetes sends. */
    public void terminate() {
        ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroy);
    }

    /** SIGSTOP (true) or SIGCONT (false), by PID: a process that hangs and comes back. */
    public void pause(boolean stopped) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", stopped ? "-STOP" : "-CONT", String.valueOf(pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill " + (stopped ? "-STOP " : "-CONT ") + pid() + " failed");
        }
    }

    /** SIGKILL, by PID: the process gets no chance to say goodbye. */
    public void kill() {
        ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** SIGTERM, then SIGKILL if it has not ended within 5 s; a stopped process is resumed first to hear it. */
    @Override
    public void close() {
        askToEnd();
        forceIfStillRunningAfter(System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
    }

    /** Resumes the process if it is stopped (a stopped process does not act on SIGTERM) and sends it SIGTERM. */
    private void askToEnd() {
        try {
            if (process.isAlive()) {
                pause(false);
            }
        } catch (IOException | RuntimeException e) {
            // already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroy);
    }

    /** Waits for the process to end until {@code deadlineNanos} ({@link System#nanoTime()}), then SIGKILL. */
    private void forceIfStillRunningAfter(long deadlineNanos) {
        ProcessHandle.of(pid()).ifPresent(handle -> {
            try {
                handle.onExit().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                handle.destroyForcibly();
            }
        });
    }

    /** The shutdown hook: all are asked at once and given 5 s together, so that many do not take 5 s each. */
    private static void endEveryRunningProcess() {
        List<JavaProcess> running = List.copyOf(RUNNING);
        running.forEach(JavaProcess::askToEnd);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        running.forEach(each -> each.forceIfStillRunningAfter(deadline));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
