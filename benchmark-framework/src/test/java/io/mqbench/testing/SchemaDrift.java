package io.mqbench.testing;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyName;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares a hand-written JSON Schema with the Java class that reads or writes the same file, as
 * Jackson sees the class: the same property names (aliases too, where they are read), the same
 * JSON types, the same enum names, nested objects closed ({@code additionalProperties: false})
 * and compared in turn. A field added, renamed or retyped in the code without the schema (or the
 * other way round) is a difference, which the schema tests report with the path to fix.
 *
 * <p>Value ranges, required fields and cross-field rules are not compared: the tests that feed the
 * same wrong files to the schema and to the parser check those.
 */
public final class SchemaDrift {
    /** Files the class reads (workloads, driver settings) or results it writes: Jackson's view differs. */
    public enum Direction { READ, WRITE }

    private final ObjectMapper mapper;
    private final Direction direction;
    private final JsonNode root;
    private final List<String> differences = new ArrayList<>();

    private SchemaDrift(ObjectMapper mapper, Direction direction, JsonNode root) {
        this.mapper = mapper;
        this.direction = direction;
        this.root = root;
    }

    /** The differences between {@code schema} (a whole schema file) and {@code type}; empty when they agree. */
    public static List<String> differences(JsonNode schema, Class<?> type, ObjectMapper mapper, Direction direction) {
        return differences(schema, schema, type, mapper, direction);
    }

    /** As {@link #differences(JsonNode, Class, ObjectMapper, Direction)} for a part of {@code schema}. */
    public static List<String> differences(JsonNode schema, JsonNode part, Class<?> type, ObjectMapper mapper, Direction direction) {
        SchemaDrift drift = new SchemaDrift(mapper, direction, schema);
        drift.compare("(top)", part, mapper.constructType(type), false);
        return drift.differences;
    }

    private void compare(String path, JsonNode schema, JavaType type, boolean nullable) {
        schema = resolve(schema);
        Class<?> raw = type.getRawClass();
        if (JsonNode.class.isAssignableFrom(raw) || raw == Object.class) {
            return; // any JSON: nothing to compare
        }
        String expected = jsonType(type);
        if (expected == null) {
            differences.add(path + ": Java type " + type + " has no JSON type known to SchemaDrift; add it there");
            return;
        }
        Set<String> types = types(schema);
        if (!types.isEmpty()) {
            // "null" is required where Jackson writes nulls, allowed for any boxed value (a list's missing latency).
            Set<String> wanted = new TreeSet<>(List.of(expected));
            if (nullable || (types.contains("null") && !raw.isPrimitive())) {
                wanted.add("null");
            }
            if (!types.equals(wanted)) {
                differences.add(path + ": schema type " + types + ", Java " + raw.getSimpleName() + " is " + wanted);
            }
        } else if (!raw.isEnum() && !schema.has("const")) {
            differences.add(path + ": schema gives no type; Java " + raw.getSimpleName() + " is " + expected);
        }
        if (raw.isEnum()) {
            compareEnum(path, schema, raw);
        } else if (type.isContainerType() && !type.isMapLikeType()) {
            if (schema.has("items")) {
                compare(path + "[]", schema.get("items"), type.getContentType(), false);
            }
        } else if (type.isMapLikeType()) {
            if (schema.path("additionalProperties").isObject()) {
                compare(path + ".*", schema.get("additionalProperties"), type.getContentType(), false);
            }
        } else if ("object".equals(expected)) {
            compareBean(path, schema, type);
        }
    }

    private void compareBean(String path, JsonNode schema, JavaType type) {
        if (!schema.path("additionalProperties").isBoolean() || schema.get("additionalProperties").asBoolean()) {
            differences.add(path + ": not closed; mqbench's objects are strict, give additionalProperties: false");
        }
        JsonNode properties = schema.path("properties");
        Set<String> inSchema = new LinkedHashSet<>();
        properties.fieldNames().forEachRemaining(inSchema::add);
        Set<String> inJava = new LinkedHashSet<>();
        BeanDescription bean = introspect(type);
        JsonInclude.Value classInclusion = bean.findPropertyInclusion(config().getDefaultPropertyInclusion());
        for (BeanPropertyDefinition property : bean.findProperties()) {
            if (direction == Direction.READ ? !property.couldDeserialize() : !property.couldSerialize()) {
                continue;
            }
            List<String> names = new ArrayList<>(List.of(property.getName()));
            if (direction == Direction.READ) {
                names.addAll(aliases(property.getPrimaryMember()));
            }
            boolean nullable = direction == Direction.WRITE && !property.getPrimaryType().isPrimitive()
                    && writesNull(classInclusion.withOverrides(property.findInclusion()));
            for (String name : names) {
                inJava.add(name);
                String where = path.equals("(top)") ? name : path + "." + name;
                if (!properties.has(name)) {
                    differences.add(where + ": in " + type.getRawClass().getSimpleName() + " but not in the schema");
                } else {
                    compare(where, properties.get(name), property.getPrimaryType(), nullable);
                }
            }
        }
        for (String name : inSchema) {
            if (!inJava.contains(name)) {
                differences.add((path.equals("(top)") ? name : path + "." + name) + ": in the schema but not in "
                        + type.getRawClass().getSimpleName());
            }
        }
    }

    private void compareEnum(String path, JsonNode schema, Class<?> type) {
        Set<String> inJava = new TreeSet<>();
        for (Object constant : type.getEnumConstants()) {
            inJava.add(mapper.convertValue(constant, String.class));
        }
        Set<String> inSchema = new TreeSet<>();
        schema.path("enum").forEach(value -> inSchema.add(value.asText()));
        if (!inJava.equals(inSchema)) {
            differences.add(path + ": schema enum " + inSchema + ", Java " + type.getSimpleName() + " takes " + inJava);
        }
    }

    private BeanDescription introspect(JavaType type) {
        return direction == Direction.READ
                ? mapper.getDeserializationConfig().introspect(type)
                : mapper.getSerializationConfig().introspect(type);
    }

    private MapperConfig<?> config() {
        return direction == Direction.READ ? mapper.getDeserializationConfig() : mapper.getSerializationConfig();
    }

    private List<String> aliases(AnnotatedMember member) {
        List<PropertyName> aliases = config().getAnnotationIntrospector().findPropertyAliases(member);
        return aliases == null ? List.of() : aliases.stream().map(PropertyName::getSimpleName).toList();
    }

    private static boolean writesNull(JsonInclude.Value inclusion) {
        JsonInclude.Include include = inclusion.getValueInclusion();
        return include == JsonInclude.Include.ALWAYS || include == JsonInclude.Include.USE_DEFAULTS;
    }

    /** The schema a {@code $ref} within the same file points to ({@code #/$defs/X}, {@code #/properties/x}). */
    private JsonNode resolve(JsonNode schema) {
        while (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                differences.add("a $ref outside the file is not followed: " + ref);
                return schema;
            }
            schema = root.at(ref.substring(1));
        }
        return schema;
    }

    private static Set<String> types(JsonNode schema) {
        Set<String> types = new TreeSet<>();
        JsonNode type = schema.path("type");
        if (type.isTextual()) {
            types.add(type.asText());
        } else {
            type.forEach(t -> types.add(t.asText()));
        }
        return types;
    }

    /** The JSON type Jackson reads or writes for a Java type, or null for one this class does not know. */
    private static String jsonType(JavaType type) {
        Class<?> raw = type.getRawClass();
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if (Arrays.asList(int.class, long.class, short.class, byte.class, Integer.class, Long.class, Short.class, Byte.class).contains(raw)) {
            return "integer";
        }
        if (Arrays.asList(double.class, float.class, Double.class, Float.class).contains(raw)) {
            return "number";
        }
        if (raw == String.class || raw.isEnum()) {
            return "string";
        }
        if (type.isMapLikeType()) {
            return "object";
        }
        if (type.isContainerType()) {
            return "array";
        }
        // The project's own classes are beans Jackson reads field by field; anything else is unknown here.
        return raw.getName().startsWith("io.mqbench.") && !raw.isPrimitive() ? "object" : null;
    }
}
