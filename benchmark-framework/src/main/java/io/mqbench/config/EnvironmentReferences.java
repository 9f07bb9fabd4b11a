package io.mqbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.File;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${NAME}} and {@code ${NAME:-default}} in a driver file's values, replaced from the
 * environment of the coordinator, so one file serves every cluster and secrets stay out of it
 * (a Kubernetes secret mounted as an environment variable, another {@code bootstrap.servers}).
 *
 * <p>References are replaced in the parsed values, not in the file's text: a value with {@code #}
 * or {@code :} in it cannot turn into YAML syntax. A value that is nothing but one reference is
 * read as a YAML scalar, so {@code port: ${PORT}} gives the number 5672, not the text "5672".
 * {@code $${NAME}} stands for the text {@code ${NAME}}.
 */
public final class EnvironmentReferences {
    /** {@code $${...}} (escaped) or {@code ${NAME}} / {@code ${NAME:-default}}. */
    private static final Pattern REFERENCE = Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");
    private static final Pattern WHOLE_REFERENCE = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?}");

    private EnvironmentReferences() {}

    /** Whether any value of {@code tree} holds a reference (or an escaped one). */
    public static boolean present(JsonNode tree) {
        if (tree.isTextual()) {
            return tree.asText().contains("${");
        }
        for (JsonNode child : tree) {
            if (present(child)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Replaces every reference in the values of {@code tree}, in place.
     *
     * @param environment the variables, e.g. {@code System::getenv}; null for an unset one
     */
    public static void resolve(File file, ObjectNode tree, Function<String, String> environment) {
        resolveChildren(file, "", tree, environment);
    }

    private static void resolveChildren(File file, String path, JsonNode container, Function<String, String> environment) {
        if (container instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                field.setValue(resolved(file, fieldPath, field.getValue(), environment));
            }
        } else if (container instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, resolved(file, path + "[" + i + "]", array.get(i), environment));
            }
        }
    }

    private static JsonNode resolved(File file, String path, JsonNode value, Function<String, String> environment) {
        if (!value.isTextual()) {
            resolveChildren(file, path, value, environment);
            return value;
        }
        String text = value.asText();
        if (!text.contains("${")) {
            return value;
        }
        String replaced = replace(file, path, text, environment);
        return WHOLE_REFERENCE.matcher(text).matches() ? scalar(replaced) : TextNode.valueOf(replaced);
    }

    private static String replace(File file, String path, String text, Function<String, String> environment) {
        if (REFERENCE.matcher(text).replaceAll("").contains("${")) {
            throw new UserError(file + ": field '" + path + "': '" + text + "' has a ${ that is not a reference;"
                    + " write ${NAME} or ${NAME:-default} (letters, digits, _), or $${ for a literal ${");
        }
        Matcher matcher = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement;
            if (matcher.group(1) == null) {
                replacement = "${"; // $${ is the escape for a literal ${
            } else {
                String name = matcher.group(1);
                String set = environment.apply(name);
                if (set != null) {
                    replacement = set;
                } else if (matcher.group(2) != null) {
                    replacement = matcher.group(2);
                } else {
                    throw new UserError(file + ": field '" + path + "': environment variable " + name
                            + " is not set; export it, or give a default: ${" + name + ":-value}");
                }
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** A YAML scalar as YAML reads it: 5672 a number, true a boolean, anything else text. */
    static JsonNode scalar(String text) {
        JsonNode parsed = YamlFiles.parseValue(text);
        return parsed != null && parsed.isValueNode() && !parsed.isNull() ? parsed : TextNode.valueOf(text);
    }
}
