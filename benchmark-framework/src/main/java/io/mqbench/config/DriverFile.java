package io.mqbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.ClientLibraryConflict;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.function.Function;

/**
 * A driver YAML file: {@code name} and {@code driverClass} at the top level (OMB's convention), the
 * rest belongs to the driver. Loading checks that the class exists and is a driver, so a wrong file
 * stops the run before anything starts.
 *
 * <p>The coordinator {@linkplain #prepare prepares} the user's file: {@code ${ENV}} references
 * and {@code --set driver.*} change it, and then the driver reads a resolved copy ({@link
 * #effectiveFile()}), because an OMB driver reads its settings from a file itself. Workers load
 * the file they are given as it is.
 *
 * @param file the user's file, named in messages and results
 * @param effectiveFile what the driver reads: {@code file}, or its resolved copy
 */
public record DriverFile(File file, String name, String driverClass, JsonNode settings, File effectiveFile) {

    /** The file as it is (a worker's view: the coordinator resolved it already). */
    public static DriverFile load(File file) {
        return check(read(file, (ObjectNode) YamlFiles.readTree(file), file), false);
    }

    /**
     * The coordinator's view: {@code ${ENV}} references resolved from {@code environment} and
     * {@code overrides} applied; when either changed anything, the driver reads a resolved copy
     * in a private temporary folder, deleted when this process ends.
     *
     * @param classMayBeRemote for a coordinator with remote workers, which need not have the driver
     *     itself (an upstream OMB worker runs OMB's own drivers): when the class is not on this
     *     classpath, the file is loaded without the driver's settings check; the workers check class
     *     and settings when they initialize the driver ({@link #foundHere()} tells which)
     */
    public static DriverFile prepare(File file, SetOverrides overrides, Function<String, String> environment,
                                     boolean classMayBeRemote) {
        ObjectNode tree = (ObjectNode) YamlFiles.readTree(file);
        boolean references = EnvironmentReferences.present(tree);
        if (!references && !overrides.changesDrivers()) {
            return check(read(file, tree, file), classMayBeRemote);
        }
        EnvironmentReferences.resolve(file, tree, environment);
        overrides.applyToDriver(file, tree);
        File resolved = ResolvedCopy.write(file, tree);
        String how = (references ? "${...} resolved" : "") + (references && overrides.changesDrivers() ? ", " : "")
                + overrides.describe(SetOverrides.Target.DRIVER);
        try {
            return check(read(file, tree, resolved), classMayBeRemote);
        } catch (UserError e) {
            throw e.changedBy(file, resolved, how);
        }
    }

    private static DriverFile read(File file, ObjectNode tree, File effectiveFile) {
        JsonNode className = tree.get("driverClass");
        if (className == null || !className.isTextual() || className.asText().isBlank()) {
            throw new UserError(
                    file + ": field 'driverClass' is missing; give the driver's Java class, one of: "
                            + String.join(", ", availableDrivers()));
        }
        JsonNode nameNode = tree.get("name");
        String name = nameNode != null && nameNode.isTextual() && !nameNode.asText().isBlank()
                ? nameNode.asText()
                : file.getName().replaceFirst("\\.ya?ml$", "");
        return new DriverFile(file, name, className.asText().trim(), tree, effectiveFile);
    }

    private static DriverFile check(DriverFile driver, boolean classMayBeRemote) {
        if (!classMayBeRemote || driver.foundHere()) {
            driver.checkSettings();
        }
        return driver;
    }

    /** Whether the driver class is on this process's classpath. */
    public boolean foundHere() {
        return onClasspath(driverClass);
    }

    private static boolean onClasspath(String className) {
        try {
            Class.forName(className, false, Thread.currentThread().getContextClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false; // not built, or not on the classpath
        }
    }

    /**
     * The driver's own check of its settings where it offers one ({@link SettingsCheck}), on an
     * instance that is never initialized: nothing connects, and a misspelt key fails here, before
     * any run, as one line.
     */
    private void checkSettings() {
        if (!SettingsCheck.class.isAssignableFrom(driverType())) {
            return;
        }
        try {
            ((SettingsCheck) newDriver()).checkSettings(effectiveFile);
        } catch (IOException e) {
            throw new UserError(file + ": " + e.getMessage(), e);
        }
    }

    /** The driver class, checked to exist and to implement {@link BenchmarkDriver}. */
    public Class<? extends BenchmarkDriver> driverType() {
        Class<?> type;
        try {
            type = Class.forName(driverClass, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UserError(
                    file + ": field 'driverClass': class '" + driverClass + "' was not found;"
                            + " drivers available here: " + String.join(", ", availableDrivers())
                            + " (a driver module must be built and on the classpath)");
        }
        if (!BenchmarkDriver.class.isAssignableFrom(type)) {
            throw new UserError(
                    file + ": field 'driverClass': " + driverClass + " does not implement "
                            + BenchmarkDriver.class.getName());
        }
        return type.asSubclass(BenchmarkDriver.class);
    }

    /** A new, uninitialized driver instance. */
    public BenchmarkDriver newDriver() {
        try {
            return driverType().getDeclaredConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new UserError(file + ": field 'driverClass': " + driverClass + " has no public no-argument constructor");
        } catch (InvocationTargetException | InstantiationException | IllegalAccessException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new UserError(file + ": cannot create " + driverClass + ": " + cause, cause);
        } catch (LinkageError e) {
            // The driver class is there but a library it needs is missing, or there in another version.
            throw new UserError(file + ": cannot create " + driverClass + ": " + ClientLibraryConflict.describe(e), e);
        }
    }

    /** The settings as they may appear in results and logs: secrets replaced. */
    public JsonNode redactedSettings() {
        return SecretRedactor.redact(settings);
    }

    static List<String> availableDrivers() {
        List<String> found = DriverRegistry.available();
        return found.isEmpty() ? List.of("(none)") : found;
    }
}
