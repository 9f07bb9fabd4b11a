package io.mqbench;

/** mqbench's version, from the jar manifest ("dev" when run from compiled classes). */
public final class Version {
    private Version() {}

    public static String current() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
