package io.mqbench.config;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A text field of {@code key=value} lines, as OMB's Kafka driver files carry their client
 * settings ({@code producerConfig}, {@code commonConfig}, {@code topicConfig}): sets one key,
 * replacing the line that has it (in Java properties' {@code key=value} or {@code key: value}
 * form) or adding a line.
 */
final class PropertyLines {
    private PropertyLines() {}

    static String with(String text, String key, String value) {
        Pattern line = Pattern.compile("^\\s*" + Pattern.quote(key) + "\\s*[=:].*$");
        List<String> lines = new ArrayList<>(text.lines().toList());
        boolean replaced = false;
        for (int i = 0; i < lines.size(); i++) {
            if (line.matcher(lines.get(i)).matches()) {
                lines.set(i, key + "=" + value);
                replaced = true;
            }
        }
        if (!replaced) {
            lines.add(key + "=" + value);
        }
        return String.join("\n", lines) + "\n";
    }
}
