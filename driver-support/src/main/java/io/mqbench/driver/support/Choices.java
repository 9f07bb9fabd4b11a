package io.mqbench.driver.support;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Checks that drivers' settings run in {@code validate()}: a named value parsed into an enum, a
 * lower bound. Each failure is an IllegalArgumentException whose one-line message names the field
 * and what is allowed, in the same words as {@link YamlErrors}.
 */
public final class Choices {
    private Choices() {}

    /** The constant named {@code value} (any case, surrounding spaces ignored); else an error listing the names in lower case. */
    public static <E extends Enum<E>> E choice(String field, String value, Class<E> type) {
        String allowed = Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is empty; allowed: " + allowed);
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.trim())) {
                return constant;
            }
        }
        throw new IllegalArgumentException(field + " is '" + value + "'; allowed: " + allowed);
    }

    public static void atLeast(String field, long value, long minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + minimum + " or more");
        }
    }
}
