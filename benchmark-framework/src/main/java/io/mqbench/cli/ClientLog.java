package io.mqbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the client libraries' warnings go without {@code --verbose}: a log file per invocation
 * rather than the console, which belongs to the live lines (an unreachable Kafka prints a
 * {@code NetworkClient} warning every second for as long as it is away). After each run the
 * console gets a summary of what was logged meanwhile: how many lines of each logger, with the
 * first one, and the file's path.
 */
final class ClientLog {
    /** slf4j-simple's line as configured by {@link Main}: {@code 20:15:29.321 [thread] WARN Logger - message}. */
    private static final Pattern LINE = Pattern.compile("^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\[.*?\\] (WARN|ERROR) (\\S+) - (.*)$");
    private static final int SHOWN_LOGGERS = 5;
    private static final int MESSAGE_CHARS = 150;

    private static ClientLog current;

    private final Path file;
    private long readUpTo;

    ClientLog(Path file) {
        this.file = file;
    }

    /** The log file of this process: {@code <tmp>/mqbench-logs/benchmark-<time>-<pid>.log}; deleted at exit if nothing was logged. */
    static Path open() throws IOException {
        Path folder = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "mqbench-logs"));
        String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path file = folder.resolve("benchmark-" + time + "-" + ProcessHandle.current().pid() + ".log");
        current = new ClientLog(file);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                if (Files.exists(file) && Files.size(file) == 0) {
                    Files.delete(file);
                }
            } catch (IOException ignored) {
                // a log left behind is harmless
            }
        }));
        return file;
    }

    /** Prints the summary of what was logged since the last call, if anything (no-op when logs go to the console). */
    static void summarizeNewLines(PrintStream out) {
        if (current != null) {
            current.summarize(out);
        }
    }

    void summarize(PrintStream out) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, String> firsts = new LinkedHashMap<>();
        int total = 0;
        for (String line : newLines().split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue; // a stack trace's lines belong to the line before
            }
            String key = m.group(1) + " " + m.group(2);
            counts.computeIfAbsent(key, k -> new int[1])[0]++;
            firsts.putIfAbsent(key, m.group(3));
            total++;
        }
        if (total == 0) {
            return;
        }
        out.printf(Locale.ROOT, "   the client libraries logged %,d warning%s meanwhile (in %s; --verbose shows them as they come):%n",
                total, total == 1 ? "" : "s", file);
        counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue()[0], a.getValue()[0]))
                .limit(SHOWN_LOGGERS)
                .forEach(e -> out.printf(Locale.ROOT, "   %,7d x %s: %s%n", e.getValue()[0], e.getKey(), shorten(firsts.get(e.getKey()))));
        if (counts.size() > SHOWN_LOGGERS) {
            out.printf(Locale.ROOT, "   and %d more loggers%n", counts.size() - SHOWN_LOGGERS);
        }
    }

    private String newLines() {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= readUpTo) {
                return "";
            }
            byte[] bytes = new byte[(int) Math.min(length - readUpTo, 64L * 1024 * 1024)];
            in.seek(readUpTo);
            in.readFully(bytes);
            readUpTo += bytes.length;
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ""; // no file yet: nothing was logged
        }
    }

    private static String shorten(String message) {
        return message.length() <= MESSAGE_CHARS ? message : message.substring(0, MESSAGE_CHARS) + "...";
    }
}
