package io.mqbench.suite;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code suite.json} in a suite's run folder: every point and how it ended, rewritten after each
 * point so an interrupted suite knows, when run again, what is already measured.
 */
public final class SuiteManifest {
    static final String FILE_NAME = "suite.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String suite;
    public String suiteFile;
    public String runId;
    /** Command-line overrides the points were measured with (--duration, --warmup); a resume needs the same. */
    public String overrides;
    public boolean finished;
    public List<Point> points = new ArrayList<>();

    /** One driver × workload (× sweep point) of the suite. */
    public static final class Point {
        public String key;
        public String driver;
        public String workload;
        /** complete, partial, aborted, or null before it ran. */
        public String status;
        /** The result file's name in the run folder. */
        public String result;
    }

    public Point point(String key) {
        return points.stream().filter(p -> p.key.equals(key)).findFirst().orElse(null);
    }

    public static SuiteManifest read(Path folder) throws IOException {
        return JSON.readValue(folder.resolve(FILE_NAME).toFile(), SuiteManifest.class);
    }

    public void write(Path folder) throws IOException {
        Path temp = folder.resolve(FILE_NAME + ".writing");
        JSON.writeValue(temp.toFile(), this);
        Files.move(temp, folder.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static boolean exists(Path folder) {
        return Files.isRegularFile(folder.resolve(FILE_NAME));
    }
}
