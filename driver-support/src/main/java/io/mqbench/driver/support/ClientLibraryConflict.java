package io.mqbench.driver.support;

import java.io.IOException;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says what a {@link LinkageError} during a driver's start really means: two versions of a client
 * library on one classpath (a driver built against jedis 5.2 running beside an OMB worker's jedis
 * 5.0, say). Without this the error surfaces as whatever the client made of it, e.g. Artemis
 * reporting a good URL as "not an Artemis URL". The description names the class, the jar it was
 * loaded from with its version, and every other jar on the classpath that has the same class.
 */
public final class ClientLibraryConflict {

    /** A dotted class name in an error message: lower-case package segments, then the class. */
    private static final Pattern CLASS_NAME = Pattern.compile("(?:[a-z_$][\\w$]*[./])+[A-Z][\\w$]*");

    private ClientLibraryConflict() {}

    /** The linkage error in {@code failure}'s cause chain, if there is one. */
    public static Optional<LinkageError> findIn(Throwable failure) {
        Set<Throwable> seen = new LinkedHashSet<>();
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof LinkageError linkage) {
                return Optional.of(linkage);
            }
        }
        return Optional.empty();
    }

    /** One line for the user, looking the classes up in the context class loader. */
    public static String describe(LinkageError error) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return describe(error, loader != null ? loader : ClientLibraryConflict.class.getClassLoader());
    }

    /** One line for the user, looking the classes up in {@code loader}. */
    public static String describe(LinkageError error, ClassLoader loader) {
        String what = error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage());
        List<String> where = new ArrayList<>();
        for (String className : classesNamedIn(error.getMessage())) {
            where.add(whereIs(className, loader));
        }
        String kind = error instanceof NoClassDefFoundError
                ? "a class the driver needs is missing from the classpath"
                : "client-library version conflict";
        return kind + " (" + what + ")" + (where.isEmpty() ? "" : "; " + String.join("; ", where))
                + "; keep one version of each client library on the classpath (for an OMB worker, use the driver's"
                + " mqbench-driver-<name>-omb.jar, which carries its own relocated copy)";
    }

    /** Class names in the message other than the JDK's, in order, without repeats. */
    static List<String> classesNamedIn(String message) {
        Set<String> names = new LinkedHashSet<>();
        if (message != null) {
            Matcher m = CLASS_NAME.matcher(message);
            while (m.find()) {
                String name = m.group().replace('/', '.');
                if (!name.startsWith("java.") && !name.startsWith("javax.") && !name.startsWith("jdk.")) {
                    names.add(name);
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** "X is loaded from a.jar (1.2), also in b.jar (1.3)", or that it is on the classpath nowhere. */
    private static String whereIs(String className, ClassLoader loader) {
        List<String> jars = new ArrayList<>();
        try {
            Enumeration<URL> found = loader.getResources(className.replace('.', '/') + ".class");
            while (found.hasMoreElements()) {
                jars.add(describeLocation(found.nextElement()));
            }
        } catch (IOException e) {
            return className + ": its jar could not be looked up (" + e.getMessage() + ")";
        }
        if (jars.isEmpty()) {
            return className + " is on the classpath nowhere";
        }
        String first = className + " is loaded from " + jars.get(0);
        return jars.size() == 1 ? first : first + ", and also found in " + String.join(", ", jars.subList(1, jars.size()));
    }

    /** The jar's file name and the version its manifest states, for a class resource inside a jar. */
    private static String describeLocation(URL resource) {
        String text = resource.toString();
        int bang = text.indexOf("!/");
        if (!text.startsWith("jar:file:") || bang < 0) {
            return text;
        }
        String path = text.substring("jar:file:".length(), bang);
        String name = path.substring(path.lastIndexOf('/') + 1);
        String version = null;
        try (JarFile jar = new JarFile(URLDecoder.decode(path, StandardCharsets.UTF_8))) {
            if (jar.getManifest() != null) {
                Attributes attributes = jar.getManifest().getMainAttributes();
                version = attributes.getValue("Implementation-Version");
                if (version == null) {
                    version = attributes.getValue("Bundle-Version");
                }
            }
        } catch (IOException e) {
            // the name alone still says which jar
        }
        return version == null ? name : name + " (version " + version + ")";
    }
}
