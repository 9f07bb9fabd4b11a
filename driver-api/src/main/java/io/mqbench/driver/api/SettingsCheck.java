package io.mqbench.driver.api;

import java.io.File;
import java.io.IOException;

/**
 * Optional: a driver that can check its driver file without connecting to anything. The harness
 * calls it on an instance made with the no-argument constructor, never initialized, when it loads
 * a driver file: {@code bin/benchmark --validate} then reports a misspelt or out-of-range setting,
 * and a run reports it before any broker is touched. A driver that does not implement it has its
 * settings checked when {@code initialize} reads them.
 */
public interface SettingsCheck {

    /**
     * Reads the file as {@code initialize} would, and connects to nothing.
     *
     * @throws IOException with a one-line message naming the field and what is allowed (the
     *     harness puts the file's name in front)
     */
    void checkSettings(File driverFile) throws IOException;
}
