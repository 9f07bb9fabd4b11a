package io.mqbench.driver.support;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the JVM put an object's fields (from {@code Unsafe}'s field offsets): how many bytes lie
 * between the named fields and either end of an object of a class, which {@link CacheLinePadding}
 * keeps at 128 or more.
 */
public final class FieldClearance {
    private FieldClearance() {}

    /** The fewest bytes between any of {@code fields} and the start or the end of a {@code type}. */
    public static long of(Class<?> type, String... fields) throws ReflectiveOperationException {
        Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
        Map<String, long[]> named = new HashMap<>();
        long end = 0;
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                long offset = unsafe.objectFieldOffset(field);
                long after = offset + bytes(field.getType());
                end = Math.max(end, after);
                named.putIfAbsent(field.getName(), new long[] {offset, after});
            }
        }
        long clearance = Long.MAX_VALUE;
        for (String name : fields) {
            long[] span = named.get(name);
            if (span == null) {
                throw new IllegalArgumentException(type.getName() + " has no field " + name);
            }
            clearance = Math.min(clearance, Math.min(span[0], end - span[1]));
        }
        return clearance;
    }

    private static long bytes(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == boolean.class || type == byte.class) {
            return 1;
        }
        return type == short.class || type == char.class ? 2 : 4; // int, float, a compressed reference
    }
}
