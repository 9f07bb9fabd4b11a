package io.mqbench.driver.support;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of the client library a driver is built against, from a {@code client.properties}
 * file next to the driver class that Maven writes at build time ({@code library=${version}}).
 * For libraries that do not tell their own version at run time (jnats says "development"), and
 * the same in a drop-in jar, where the library's own metadata is gone with the relocation.
 */
public final class ClientVersion {
    private ClientVersion() {}

    /** {@code library}'s version from {@code driverClass}' {@code client.properties}, or "unknown". */
    public static String of(Class<?> driverClass, String library) {
        try (InputStream in = driverClass.getResourceAsStream("client.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty(library, "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
