package io.mqbench.cli;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Words joined into a command line a POSIX shell reads back as the same words (for commands printed to copy). */
final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    private ShellWords() {}

    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
