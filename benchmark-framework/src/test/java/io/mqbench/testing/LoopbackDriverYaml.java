package io.mqbench.testing;

/** Driver files for the loopback driver, as the tests write them. */
public final class LoopbackDriverYaml {
    /** The line that makes a driver file the loopback's; settings may follow it. */
    public static final String CLASS_LINE = "driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver\n";

    private LoopbackDriverYaml() {}

    /** A loopback driver file's first two lines: its name and its class. */
    public static String named(String name) {
        return "name: " + name + "\n" + CLASS_LINE;
    }
}
