package io.mqbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A driver file after {@code ${ENV}} and {@code --set}, written for the driver to read (an OMB
 * driver reads its settings from a file). It may hold secrets from the environment, so it goes
 * into a folder only this user can read, under the original file's name (messages that name it
 * still say which file it came from), and is deleted when the process ends.
 */
final class ResolvedCopy {
    /** Every string quoted: a text "123" or "true" must not come back as a number or a boolean. */
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER));

    private ResolvedCopy() {}

    static File write(File original, JsonNode tree) {
        try {
            Path folder = Files.createTempDirectory("mqbench-resolved-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path copy = folder.resolve(original.getName());
            folder.toFile().deleteOnExit(); // deleted after the file: deleteOnExit runs in reverse order
            copy.toFile().deleteOnExit();
            Files.writeString(copy, "# " + original + " with ${...} references and --set applied by mqbench\n"
                    + YAML.writeValueAsString(tree));
            return copy.toFile();
        } catch (IOException e) {
            throw new UserError(original + ": cannot write its resolved copy for the driver to a temporary folder: " + e.getMessage(), e);
        }
    }
}
