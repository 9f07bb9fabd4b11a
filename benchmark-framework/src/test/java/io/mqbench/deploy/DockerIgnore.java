package io.mqbench.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of a .dockerignore file, applied as Docker applies them: patterns in order, the last
 * one that matches a path decides, {@code !} lets a path back in, and a pattern also matches
 * everything under a folder it matches ({@code *} then {@code !bin} lets in all of bin/).
 * {@code *} and {@code ?} stay within one path segment, {@code **} spans any number of them.
 */
final class DockerIgnore {
    private record Rule(Pattern pattern, boolean letsIn) {}

    private final List<Rule> rules;

    private DockerIgnore(List<Rule> rules) {
        this.rules = rules;
    }

    static DockerIgnore parse(String text) {
        List<Rule> rules = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            boolean letsIn = line.startsWith("!");
            String pattern = clean(letsIn ? line.substring(1).strip() : line);
            rules.add(new Rule(Pattern.compile(regex(pattern)), letsIn));
        }
        return new DockerIgnore(rules);
    }

    /** Whether a path of the repository (relative, with '/') stays out of the build context. */
    boolean excludes(String path) {
        String[] segments = path.split("/");
        boolean excluded = false;
        for (Rule rule : rules) {
            if (matches(rule, path, segments)) {
                excluded = !rule.letsIn();
            }
        }
        return excluded;
    }

    private static boolean matches(Rule rule, String path, String[] segments) {
        if (rule.pattern().matcher(path).matches()) {
            return true;
        }
        // A folder the pattern names takes its contents with it: each folder the path lies in is
        // compared too (Docker's "matches or parent matches").
        for (int count = 1; count < segments.length; count++) {
            if (rule.pattern().matcher(String.join("/", List.of(segments).subList(0, count))).matches()) {
                return true;
            }
        }
        return false;
    }

    /** As Docker cleans a pattern: no leading "/" or "./", no trailing "/". */
    static String clean(String pattern) {
        String cleaned = pattern;
        while (cleaned.startsWith("/") || cleaned.startsWith("./")) {
            cleaned = cleaned.substring(cleaned.startsWith("/") ? 1 : 2);
        }
        while (cleaned.endsWith("/") && cleaned.length() > 1) {
            cleaned = cleaned.substring(0, cleaned.length() - 1);
        }
        return cleaned;
    }

    /** A glob as a regular expression over a whole relative path. */
    static String regex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                boolean folderPrefix = i + 2 < glob.length() && glob.charAt(i + 2) == '/';
                regex.append(folderPrefix ? "(.*/)?" : ".*");
                i += folderPrefix ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }
}
