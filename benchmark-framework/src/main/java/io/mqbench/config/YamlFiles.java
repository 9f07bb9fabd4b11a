package io.mqbench.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.YamlErrors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads YAML files strictly and turns every way they can be wrong into one line that names the
 * file, the field and what is allowed. Workloads, driver files and suites all come through here, so
 * a misspelt field is caught everywhere the same way instead of being silently ignored.
 */
public final class YamlFiles {

    /** The one definition of strict (unknown keys, keys given twice, 1.5 for a whole number...) is driver-support's. */
    private static final ObjectMapper STRICT = DriverSettings.strictMapper();

    private YamlFiles() {}

    /** The mapper used for strict binding, for callers that convert trees they already read. */
    public static ObjectMapper strictMapper() {
        return STRICT;
    }

    /** Reads a YAML mapping as a tree, checking that the file exists, is a file and parses. */
    public static JsonNode readTree(File file) {
        checkReadableFile(file);
        try {
            JsonNode tree = STRICT.readTree(file);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new UserError(file + ": the file is empty; it must be a YAML mapping of fields");
            }
            if (!tree.isObject()) {
                throw new UserError(
                        file + ": expected a YAML mapping of fields (name: value), found a " + kind(tree));
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw explain(file, e);
        } catch (IOException e) {
            throw new UserError(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** Reads a YAML file into {@code type}, rejecting unknown fields and values of the wrong type. */
    public static <T> T read(File file, Class<T> type) {
        return bind(file, readTree(file), type);
    }

    /** Binds a tree read from {@code file} to {@code type}, explaining errors in terms of the file. */
    public static <T> T bind(File file, JsonNode tree, Class<T> type) {
        try {
            return STRICT.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw explain(file, e);
        }
    }

    /**
     * A value given as text (a command-line option, an environment variable) as YAML reads it:
     * {@code 100} a number, {@code true} a boolean, {@code [a, b]} a list; null for empty text or
     * text YAML cannot read.
     */
    public static JsonNode parseValue(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            JsonNode parsed = STRICT.readTree(text);
            return parsed == null || parsed.isMissingNode() ? null : parsed;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Fails with one clear line unless {@code file} is an existing, readable, regular file. */
    public static void checkReadableFile(File file) {
        if (!file.exists()) {
            throw new UserError(file + ": no such file");
        }
        if (file.isDirectory()) {
            throw new UserError(file + ": is a directory; give the path of a YAML file inside it");
        }
        if (!Files.isReadable(file.toPath())) {
            throw new UserError(file + ": cannot be read (check its permissions)");
        }
    }

    /** Translates a Jackson error into a one-line {@link UserError} about {@code file}. */
    static UserError explain(File file, JsonProcessingException e) {
        return new UserError(file + ": " + YamlErrors.describe(e), e);
    }

    private static String kind(JsonNode node) {
        return node.isArray() ? "list" : node.isTextual() ? "text" : node.getNodeType().toString().toLowerCase();
    }

    /** Lists the field names of a tree, for callers that check fields by hand. */
    public static List<String> fieldNames(JsonNode tree) {
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
