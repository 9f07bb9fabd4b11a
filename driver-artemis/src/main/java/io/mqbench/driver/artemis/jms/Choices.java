package io.mqbench.driver.artemis.jms;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Parses a setting's named value into an enum, with an error that names the field and the allowed values. */
public final class Choices {
    private Choices() {}

    public static <E extends Enum<E>> E choice(String field, String value, Class<E> type) {
        String allowed = Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase())
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
