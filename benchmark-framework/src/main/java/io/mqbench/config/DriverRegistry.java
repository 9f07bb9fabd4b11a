package io.mqbench.config;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The drivers on this classpath, as each driver module registers itself: a {@code
 * META-INF/services/io.openmessaging.benchmark.driver.BenchmarkDriver} file naming its classes. No
 * framework class names a driver, so a new driver module needs nothing here. What the harness must
 * know about a driver beyond the OMB SPI it learns from the optional interfaces of {@code
 * io.mqbench.driver.api} that the class implements.
 */
public final class DriverRegistry {
    private DriverRegistry() {}

    /** The registered driver classes that load here, by name, sorted. */
    public static List<String> available() {
        List<String> found = new ArrayList<>();
        ServiceLoader<BenchmarkDriver> loader =
                ServiceLoader.load(BenchmarkDriver.class, Thread.currentThread().getContextClassLoader());
        Iterator<ServiceLoader.Provider<BenchmarkDriver>> providers = loader.stream().iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                found.add(providers.next().type().getName());
            } catch (ServiceConfigurationError | LinkageError e) {
                // A registered driver whose class or libraries do not load here is not available; skip it.
            }
        }
        found.sort(null);
        return List.copyOf(found);
    }
}
