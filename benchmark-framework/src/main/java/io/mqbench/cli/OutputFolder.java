package io.mqbench.cli;

import io.mqbench.config.UserError;
import io.mqbench.result.ResultFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder given with {@code -o}: created and proven writable before anything runs, so that a
 * mistake in it costs a second, not a measurement.
 */
final class OutputFolder {
    private OutputFolder() {}

    static Path prepare(File folder) {
        Path path = folder.toPath();
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new UserError("-o " + folder + ": this is a file, not a folder; give a folder for the results");
        }
        try {
            Files.createDirectories(path);
            // Root may write where permissions say no, and a read-only mount says so only on a write: try one.
            Path probe = Files.createTempFile(path, ".mqbench-write-check-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UserError("-o " + folder + ": cannot write results there (" + ResultFiles.describe(e) + "); give a folder you can write to");
        }
        return path;
    }
}
