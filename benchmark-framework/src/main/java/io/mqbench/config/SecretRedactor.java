package io.mqbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides secrets in driver settings before they reach a log or a result file: values of fields whose
 * name says secret (password, token, secret key, credentials, JAAS config), such lines inside
 * Java-properties blocks (Kafka's {@code commonConfig}), and the password part of URLs
 * ({@code amqp://user:pass@host}).
 */
public final class SecretRedactor {
    public static final String MASK = "*****";

    private static final Pattern SECRET_NAME =
            Pattern.compile("(?i).*(password|passwd|secret|token|credential|jaas|apikey|api[._-]key|"
                    + "accesskey|access[._-]key|privatekey|private[._-]key|auth[._-]?info).*"
                    // names that end in "pass" or "pwd", such as OMB's redisPass
                    + "|(?i).*(pass|pwd)");
    private static final Pattern URL_PASSWORD = Pattern.compile("(?<=://)([^:/@\\s]+):([^@/\\s]+)@");
    private static final Pattern PROPERTY_LINE = Pattern.compile("(?m)^(\\s*)([^=:#!\\s]+)(\\s*[=:]\\s*)(.*)$");

    private SecretRedactor() {}

    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** A redacted deep copy; the input is not changed. */
    public static JsonNode redact(JsonNode node) {
        JsonNode copy = node.deepCopy();
        redactInPlace(copy);
        return copy;
    }

    /** Redacts one text value: URL passwords, and secret lines if it is a properties block. */
    public static String redactText(String text) {
        String result = URL_PASSWORD.matcher(text).replaceAll("$1:" + MASK + "@");
        if (result.contains("\n") || result.contains("=")) {
            Matcher m = PROPERTY_LINE.matcher(result);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                String replacement = isSecretName(m.group(2))
                        ? m.group(1) + m.group(2) + m.group(3) + MASK
                        : m.group();
                m.appendReplacement(out, Matcher.quoteReplacement(replacement));
            }
            m.appendTail(out);
            result = out.toString();
        }
        return result;
    }

    private static void redactInPlace(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode value = field.getValue();
                if (isSecretName(field.getKey()) && (value.isValueNode() && !value.isNull())) {
                    field.setValue(TextNode.valueOf(MASK));
                } else if (value.isTextual()) {
                    field.setValue(TextNode.valueOf(redactText(value.asText())));
                } else {
                    redactInPlace(value);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode value = array.get(i);
                if (value.isTextual()) {
                    array.set(i, TextNode.valueOf(redactText(value.asText())));
                } else {
                    redactInPlace(value);
                }
            }
        }
    }
}
