package io.mqbench.driver.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Reads a driver's YAML file into its settings class, strictly: an unknown or misspelt field, a
 * value of the wrong type, a name outside an enum's choices is an {@link IOException} whose message
 * is one line naming the field and what is allowed. The harness prints it after the file's name,
 * so messages do not repeat the file.
 */
public final class DriverSettings {

    private DriverSettings() {}

    /**
     * A new mapper with the strict settings, the one definition of "strict" for every YAML file
     * mqbench reads (the harness's workloads, suites and driver files too, through YamlFiles), for
     * callers that bind trees themselves.
     */
    public static ObjectMapper strictMapper() {
        return new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                // A key given twice: which one was meant? (Jackson would keep the last.)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                // 1.5 connections is a mistake, not 1.
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    }

    public static <T> T read(File file, Class<T> type) throws IOException {
        ObjectMapper mapper = strictMapper();
        try {
            JsonNode tree = mapper.readTree(file);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new IOException("the file is empty; it needs at least 'name' and 'driverClass'");
            }
            return mapper.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw new IOException(YamlErrors.describe(e), e);
        }
    }

    /**
     * {@link #read(File, Class)}, then the settings' own checks ({@code XSettings::validate}): an
     * IllegalArgumentException they throw becomes an IOException with the same one-line message.
     */
    public static <T> T read(File file, Class<T> type, Consumer<? super T> validate) throws IOException {
        return check(read(file, type), validate);
    }

    /**
     * The settings' own checks on settings built in code (tests): an IllegalArgumentException
     * becomes an IOException with the same one-line message, as when read from a file.
     */
    public static <T> T check(T settings, Consumer<? super T> validate) throws IOException {
        try {
            validate.accept(settings);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        return settings;
    }
}
