package io.mqbench.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads YAML files strictly and turns every way they can be wrong into one line that names the
 * file, the field and what is allowed. Workloads, driver files and suites all come through here, so
 * a misspelt field is caught everywhere the same way instead of being silently ignored.
 */
public final class YamlFiles {

    private static final ObjectMapper STRICT =
            new ObjectMapper(new YAMLFactory())
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                    .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

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
        if (e instanceof UnrecognizedPropertyException unknown) {
            List<String> known =
                    unknown.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
            String field = fieldPath(unknown);
            String suggestion = closest(unknown.getPropertyName(), known);
            return new UserError(
                    file
                            + ": unknown field '"
                            + field
                            + "'"
                            + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)")
                            + "; allowed fields: "
                            + String.join(", ", known),
                    e);
        }
        if (e instanceof InvalidFormatException bad) {
            Class<?> target = bad.getTargetType();
            String allowed =
                    target != null && target.isEnum()
                            ? "one of " + enumNames(target)
                            : describeType(target);
            return new UserError(
                    file
                            + ": field '"
                            + fieldPath(bad)
                            + "' has value '"
                            + bad.getValue()
                            + "'; allowed: "
                            + allowed,
                    e);
        }
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return new UserError(
                    file
                            + ": field '"
                            + fieldPath(mismatch)
                            + "' has the wrong kind of value; allowed: "
                            + describeType(mismatch.getTargetType()),
                    e);
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            Throwable cause = mapping.getCause() == null ? mapping : mapping.getCause();
            return new UserError(
                    file + ": field '" + fieldPath(mapping) + "': " + firstLine(cause.getMessage()), e);
        }
        JsonLocation where = e.getLocation();
        String position =
                where == null || where.getLineNr() < 1
                        ? ""
                        : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
        return new UserError(
                file + ": YAML syntax error" + position + ": " + firstLine(e.getOriginalMessage()), e);
    }

    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    private static String describeType(Class<?> type) {
        if (type == null) {
            return "see the documentation of this file";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a text";
        }
        if (type.isEnum()) {
            return "one of " + enumNames(type);
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "a mapping of fields";
    }

    private static String enumNames(Class<?> type) {
        return Arrays.stream(type.getEnumConstants())
                .map(Object::toString)
                .collect(Collectors.joining(", "));
    }

    private static String kind(JsonNode node) {
        return node.isArray() ? "list" : node.isTextual() ? "text" : node.getNodeType().toString().toLowerCase();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unknown problem";
        }
        String line = text.strip().lines().findFirst().orElse(text);
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /** The known name nearest to a misspelt one, if it is close enough to be a typo. */
    public static String closest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = editDistance(typed.toLowerCase(), candidate.toLowerCase());
            if (distance < bestDistance) {
                bestDistance = distance;
                best = candidate;
            }
        }
        return best != null && bestDistance <= Math.max(2, typed.length() / 3) ? best : null;
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    /** Lists the field names of a tree, for callers that check fields by hand. */
    public static List<String> fieldNames(JsonNode tree) {
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
