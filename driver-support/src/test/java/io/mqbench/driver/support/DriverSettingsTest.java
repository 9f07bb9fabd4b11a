package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverSettingsTest {
    public enum Mode { FAST, SAFE }

    /** A driver's settings, as drivers write them: public fields with defaults. */
    public static class Settings {
        public String name;
        public String driverClass;
        public int windowSize = 10;
        public Mode mode = Mode.SAFE;
        public List<String> hosts;
        public Nested nested = new Nested();
        public String choice;

        public void setChoice(String value) {
            if (!value.equals("a") && !value.equals("b")) {
                throw new IllegalArgumentException("choice is '" + value + "'; allowed: a, b");
            }
            choice = value;
        }
    }

    public static class Nested {
        public double rate;
    }

    @TempDir
    Path dir;

    @Test
    void readsFieldsAndKeepsDefaults() throws IOException {
        Settings settings = read("name: x\ndriverClass: y\nmode: FAST\nhosts: [h1, h2]\nnested: {rate: 0.5}\n");
        assertEquals(Mode.FAST, settings.mode);
        assertEquals(10, settings.windowSize);
        assertEquals(List.of("h1", "h2"), settings.hosts);
        assertEquals(0.5, settings.nested.rate);
    }

    /** A key given twice is a mistake (which one was meant?), here as in the harness's own reader (YamlFiles). */
    @Test
    void aFieldGivenTwiceIsRefused() {
        assertMessage("windowSize: 3\nmode: FAST\nwindowSize: 4\n", "field 'windowSize' is given twice (line 3); keep one");
        assertMessage("nested:\n  rate: 1\n  rate: 2\n", "field 'rate' is given twice (line 3); keep one");
    }

    @Test
    void everyMistakeIsOneLineNamingTheField() {
        assertMessage("windowSise: 3\n", "unknown field 'windowSise' (did you mean 'windowSize'?); allowed fields: choice, driverClass, hosts, mode, name, nested, windowSize");
        assertMessage("nested: {rat: 1}\n", "unknown field 'nested.rat' (did you mean 'rate'?); allowed fields: rate");
        assertMessage("windowSize: many\n", "field 'windowSize' has value 'many'; allowed: a whole number");
        assertMessage("mode: QUICK\n", "field 'mode' has value 'QUICK'; allowed: one of FAST, SAFE");
        assertMessage("hosts: {a: 1}\n", "field 'hosts' has the wrong kind of value; allowed: a list");
        assertMessage("windowSize: \n", "field 'windowSize' has the wrong kind of value; allowed: a whole number");
        assertMessage("choice: c\n", "choice is 'c'; allowed: a, b");
        assertMessage("name: x\n mode: : FAST\n", "YAML syntax error at line 2");
        assertMessage("", "the file is empty; it needs at least 'name' and 'driverClass'");
    }

    @Test
    void theSettingsOwnCheckRunsAfterReadingAndItsMistakeIsAnIOException() throws IOException {
        Path file = Files.writeString(dir.resolve("checked.yaml"), "name: x\ndriverClass: y\nwindowSize: 0\n");
        IOException e = assertThrows(IOException.class, () -> DriverSettings.read(file.toFile(), Settings.class, s -> {
            if (s.windowSize < 1) {
                throw new IllegalArgumentException("windowSize is " + s.windowSize + "; allowed: 1 or more");
            }
        }));
        assertEquals("windowSize is 0; allowed: 1 or more", e.getMessage());
        assertTrue(e.getCause() instanceof IllegalArgumentException, String.valueOf(e.getCause()));
        Files.writeString(file, "name: x\ndriverClass: y\nwindowSize: 3\n");
        assertEquals(3, DriverSettings.read(file.toFile(), Settings.class, s -> { }).windowSize);
    }

    private Settings read(String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("d.yaml"), yaml);
        return DriverSettings.read(file.toFile(), Settings.class);
    }

    private void assertMessage(String yaml, String expectedStart) {
        IOException e = assertThrows(IOException.class, () -> read(yaml));
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
