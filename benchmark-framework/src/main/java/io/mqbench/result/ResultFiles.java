package io.mqbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.io.OutputStream;
import java.util.UUID;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Writes result files: named {@code <workload>-<driver>-<yyyy-MM-dd-HH-mm-ss>.json}, written to a
 * temporary file first and then linked into place, so a reader never sees half a file and an
 * existing result is never overwritten (a second run in the same second gets {@code -2}).
 */
public final class ResultFiles {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private ResultFiles() {}

    public static ObjectMapper mapper() {
        return JSON;
    }

    public static Path write(Path folder, TestResult result, LocalDateTime startedAt) throws IOException {
        Files.createDirectories(folder);
        String base = safe(result.workload) + "-" + safe(result.driver) + "-" + STAMP.format(startedAt);
        // Not Files.createTempFile: its owner-only permissions would stick to the result.
        Path temp = folder.resolve(".writing-" + UUID.randomUUID() + ".json");
        try {
            try (OutputStream stream = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW)) {
                JSON.writeValue(stream, result);
            }
            for (int attempt = 1; ; attempt++) {
                Path target = folder.resolve(base + (attempt == 1 ? "" : "-" + attempt) + ".json");
                if (placeWithoutOverwriting(temp, target)) {
                    return target;
                }
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Why writing failed, in one line: the file and the system's reason ("No space left on device"). */
    public static String describe(IOException e) {
        if (!(e instanceof FileSystemException fs)) {
            return String.valueOf(e.getMessage());
        }
        String why = fs.getReason() != null ? fs.getReason()
                : e instanceof NoSuchFileException ? "no such file or folder"
                : e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileAlreadyExistsException ? "a file is in the way"
                : e.getClass().getSimpleName();
        return fs.getFile() == null ? why : fs.getFile() + ": " + why;
    }

    /** File names keep letters, digits, dots, dashes and underscores; the rest becomes a dash. */
    static String safe(String name) {
        String cleaned = (name == null ? "unnamed" : name).replaceAll("[^A-Za-z0-9._-]+", "-");
        cleaned = cleaned.replaceAll("^-+|-+$", "");
        return cleaned.isEmpty() ? "unnamed" : cleaned;
    }

    private static boolean placeWithoutOverwriting(Path temp, Path target) throws IOException {
        try {
            // A hard link appears whole and atomically, and fails if the name is taken.
            Files.createLink(target, temp);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | IOException e) {
            if (Files.exists(target)) {
                return false;
            }
            Files.copy(temp, target);
            return true;
        }
    }
}
