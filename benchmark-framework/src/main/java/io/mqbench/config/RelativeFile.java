package io.mqbench.config;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds a file named inside another file (a payload in a workload, a workload in a suite) the way
 * users expect after running OMB from its own folder: as given (absolute, or relative to the current
 * folder), then relative to the mqbench folder, then relative to the naming file's folder.
 */
public final class RelativeFile {
    private final List<File> candidates;

    private RelativeFile(List<File> candidates) {
        this.candidates = candidates;
    }

    /** The places where {@code path}, written in {@code namedIn}, may be, in the order they are tried. */
    public static RelativeFile of(String path, File namedIn) {
        Set<File> candidates = new LinkedHashSet<>();
        File given = new File(path);
        candidates.add(given);
        if (!given.isAbsolute()) {
            String home = System.getProperty("mqbench.home");
            if (home != null) {
                candidates.add(new File(home, path));
            }
            File folder = namedIn.getAbsoluteFile().getParentFile();
            if (folder != null) {
                candidates.add(new File(folder, path));
            }
        }
        return new RelativeFile(new ArrayList<>(candidates));
    }

    /** The first place that holds a file. */
    public Optional<File> find() {
        return candidates.stream().filter(File::isFile).findFirst();
    }

    /** Where it looked, for the error message. */
    public String looked() {
        return String.join(", ", candidates.stream().map(File::getPath).toList());
    }
}
