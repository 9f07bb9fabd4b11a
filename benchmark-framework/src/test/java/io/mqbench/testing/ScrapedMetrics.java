package io.mqbench.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page in Prometheus' text format (0.0.4), read strictly: client_java writes it but has no
 * parser, so this one refuses what Prometheus would refuse or misread. Every sample belongs to a
 * family declared before it with HELP and TYPE, under a name its type allows; every histogram
 * series has buckets in rising {@code le} order with counts that never fall, a {@code +Inf}
 * bucket equal to its {@code _count}, and a {@code _sum}.
 */
public final class ScrapedMetrics {
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)( -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"(,|$)");

    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {}

    private final Map<String, String> types = new LinkedHashMap<>();
    private final List<Sample> samples = new ArrayList<>();
    private final String text;

    private ScrapedMetrics(String text) {
        this.text = text;
    }

    public static ScrapedMetrics parse(String page) {
        ScrapedMetrics parsed = new ScrapedMetrics(page);
        Set<String> helped = new java.util.HashSet<>();
        for (String line : page.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("# HELP ")) {
                helped.add(line.substring(7).split(" ", 2)[0]);
            } else if (line.startsWith("# TYPE ")) {
                String[] words = line.substring(7).split(" ");
                check(words.length == 2 && helped.contains(words[0]), "TYPE without HELP before it", line);
                check(parsed.types.put(words[0], words[1]) == null, "family declared twice", line);
            } else if (line.startsWith("#")) {
                throw new AssertionError("unexpected comment: " + line);
            } else {
                parsed.samples.add(parsed.sample(line));
            }
        }
        parsed.checkHistograms();
        return parsed;
    }

    /** The page as it was served, for checkers of its own (Prometheus' parser and lint, in PromlintTest). */
    public String text() {
        return text;
    }

    /** Every family's name, as declared in TYPE lines. */
    public Set<String> families() {
        return types.keySet();
    }

    /** Every sample name (with its suffix: {@code _total}, {@code _bucket}, ...). */
    public Set<String> sampleNames() {
        Set<String> names = new java.util.TreeSet<>();
        samples.forEach(s -> names.add(s.name()));
        return names;
    }

    public String type(String family) {
        return types.get(family);
    }

    /** The samples of a name whose labels include the given ones ({@code "driver", "Loopback", ...}). */
    public List<Sample> samples(String name, String... labelPairs) {
        Map<String, String> wanted = new TreeMap<>();
        for (int i = 0; i < labelPairs.length; i += 2) {
            wanted.put(labelPairs[i], labelPairs[i + 1]);
        }
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(wanted.entrySet())).toList();
    }

    /** The value of the one sample that matches. */
    public double value(String name, String... labelPairs) {
        List<Sample> found = samples(name, labelPairs);
        check(found.size() == 1, "expected one sample of " + name + " " + List.of(labelPairs) + ", found " + found.size(), "");
        return found.get(0).value();
    }

    /** A sample value or an {@code le} label as Prometheus reads it ({@code +Inf}, {@code NaN}, ...). */
    public static double number(String text) {
        return parseValue(text, text);
    }

    private Sample sample(String line) {
        Matcher matcher = SAMPLE.matcher(line);
        check(matcher.matches(), "not a sample line", line);
        String name = matcher.group(1);
        Map<String, String> labels = new TreeMap<>();
        if (matcher.group(3) != null && !matcher.group(3).isEmpty()) {
            Matcher label = LABEL.matcher(matcher.group(3));
            int end = 0;
            while (label.find() && label.start() == end) {
                check(labels.put(label.group(1), label.group(2)) == null, "label given twice", line);
                end = label.end();
            }
            check(end == matcher.group(3).length(), "bad labels", line);
        }
        String family = familyOf(name);
        check(family != null, "sample of no declared family (or a name its type does not allow)", line);
        return new Sample(name, labels, parseValue(matcher.group(4), line));
    }

    /** The declared family a sample name belongs to under its type's naming rules, or null. */
    private String familyOf(String name) {
        for (Map.Entry<String, String> family : types.entrySet()) {
            String base = family.getKey();
            List<String> allowed = switch (family.getValue()) {
                case "counter" -> List.of(base + "_total", base + "_created", base);
                case "histogram" -> List.of(base + "_bucket", base + "_count", base + "_sum", base + "_created");
                case "summary" -> List.of(base, base + "_count", base + "_sum", base + "_created");
                default -> List.of(base);
            };
            if (allowed.contains(name)) {
                return base;
            }
        }
        return null;
    }

    private void checkHistograms() {
        types.forEach((family, type) -> {
            if (!type.equals("histogram")) {
                return;
            }
            Map<Map<String, String>, List<Sample>> bySeries = new LinkedHashMap<>();
            for (Sample bucket : samples) {
                if (bucket.name().equals(family + "_bucket")) {
                    check(bucket.labels().containsKey("le"), "bucket without le", bucket.toString());
                    Map<String, String> series = new TreeMap<>(bucket.labels());
                    series.remove("le");
                    bySeries.computeIfAbsent(series, k -> new ArrayList<>()).add(bucket);
                }
            }
            bySeries.forEach((series, buckets) -> {
                double previousLe = Double.NEGATIVE_INFINITY;
                double previousCount = 0;
                for (Sample bucket : buckets) {
                    double le = parseValue(bucket.labels().get("le"), bucket.toString());
                    check(le > previousLe, family + ": le not rising", bucket.toString());
                    check(bucket.value() >= previousCount, family + ": bucket count falls", bucket.toString());
                    previousLe = le;
                    previousCount = bucket.value();
                }
                check(previousLe == Double.POSITIVE_INFINITY, family + ": no +Inf bucket", series.toString());
                String[] pairs = series.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                check(samplesExactly(family + "_count", series).size() == 1, family + ": one _count per series", series.toString());
                check(samplesExactly(family + "_sum", series).size() == 1, family + ": one _sum per series", series.toString());
                check(samplesExactly(family + "_count", series).get(0).value() == previousCount,
                        family + ": +Inf bucket differs from _count", List.of(pairs).toString());
            });
        });
    }

    private List<Sample> samplesExactly(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().equals(labels)).toList();
    }

    private static double parseValue(String text, String line) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new AssertionError("not a number '" + text + "' in: " + line);
                }
            }
        };
    }

    private static void check(boolean condition, String what, String line) {
        if (!condition) {
            throw new AssertionError(what + ": " + line);
        }
    }
}
