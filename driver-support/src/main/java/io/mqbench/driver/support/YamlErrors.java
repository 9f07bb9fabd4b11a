package io.mqbench.driver.support;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.CharConversionException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns Jackson's multi-line complaints about a YAML file into one line that names the field and
 * says what is allowed: {@code unknown field 'lossRat' (did you mean 'lossRate'?); allowed fields:
 * ...}. The file name is left to the caller, who knows how the user named it.
 */
public final class YamlErrors {
    /** The value in Jackson's "Numeric value (999999999999) out of range of int". */
    private static final Pattern PARENTHESISED = Pattern.compile("\\(([^)]*)\\)");
    /** Jackson's "Duplicate field 'x' for `ObjectNode`: not allowed when ..." of FAIL_ON_READING_DUP_TREE_KEY. */
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '([^']*)'");

    private YamlErrors() {}

    public static String describe(JsonProcessingException e) {
        if (notText(e)) {
            return "not a YAML file: it holds bytes that are not text (a binary file?); give the path of a YAML file";
        }
        Matcher duplicate = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
        if (duplicate.find()) {
            return "field '" + duplicate.group(1) + "' is given twice" + where(e.getLocation(), " (line %d)") + "; keep one";
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            List<String> known = unknown.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
            String suggestion = closest(unknown.getPropertyName(), known);
            return "unknown field '" + fieldPath(unknown) + "'"
                    + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)")
                    + "; allowed fields: " + String.join(", ", known);
        }
        if (e instanceof JsonMappingException mapping && mapping.getCause() instanceof IllegalArgumentException own) {
            // A setting's own parser (a @JsonCreator, a setter) already named the field and the choices.
            return own.getMessage();
        }
        if (e instanceof InvalidFormatException bad) {
            return "field '" + fieldPath(bad) + "' has value '" + bad.getValue() + "'; allowed: " + describeType(bad.getTargetType());
        }
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return "field '" + fieldPath(mismatch) + "' has the wrong kind of value; allowed: " + describeType(mismatch.getTargetType());
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()
                && mapping.getCause() instanceof InputCoercionException range) {
            Matcher value = PARENTHESISED.matcher(String.valueOf(range.getOriginalMessage()));
            return "field '" + fieldPath(mapping) + "'" + (value.find() ? " is " + value.group(1) : "")
                    + ", too large; allowed: " + describeRange(range.getTargetType());
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            Throwable cause = mapping.getCause() == null ? mapping : mapping.getCause();
            return "field '" + fieldPath(mapping) + "': " + firstLine(cause.getMessage());
        }
        return "YAML syntax error" + where(e.getLocation(), " at line %d, column %d") + ": " + firstLine(e.getOriginalMessage());
    }

    /** The position in {@code format} (the line, then the column, which a format may leave out), or nothing when Jackson does not know it. */
    private static String where(JsonLocation location, String format) {
        return location == null || location.getLineNr() < 1 ? "" : String.format(Locale.ROOT, format, location.getLineNr(), location.getColumnNr());
    }

    /** A file that is not text: invalid UTF-8, or characters YAML does not allow (a NUL byte, say). */
    private static boolean notText(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CharConversionException
                    || String.valueOf(t.getMessage()).contains("special characters are not allowed")) {
                return true;
            }
        }
        return false;
    }

    private static String describeRange(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return "a whole number up to " + String.format(Locale.ROOT, "%,d", Integer.MAX_VALUE);
        }
        if (type == long.class || type == Long.class) {
            return "a whole number up to " + String.format(Locale.ROOT, "%,d", Long.MAX_VALUE);
        }
        return describeType(type);
    }

    /** The known name nearest to a misspelt one, if it is close enough to be a typo; else null. */
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

    static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    static String describeType(Class<?> type) {
        if (type == null) {
            return "see the documentation of this file";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a text";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "a mapping of fields";
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unknown problem";
        }
        String line = text.strip().lines().findFirst().orElse(text);
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /** Levenshtein distance: the fewest single-character insertions, deletions and substitutions from a to b. */
    public static int editDistance(String a, String b) {
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
}
