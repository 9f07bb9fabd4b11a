package io.mqbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.testing.ScrapedMetrics;
import io.mqbench.testing.ScrapedRun;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/grafana's dashboard asks only for what a worker exposes: every metric name in its
 * PromQL (panels and variables) is on the page of a real loopback run, and every fixed label
 * matcher ({@code area="heap"}) matches a sample. A renamed metric or label breaks this test,
 * not a dashboard in front of someone's benchmark.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = TempFiles.repositoryRoot().resolve("deploy/grafana/mqbench-dashboard.json");
    /** A selector: a name, then optionally its label matchers. */
    private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(\\{([^}]*)})?");
    private static final Pattern FIXED_MATCHER = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*=\\s*\"([^\"$]*)\"");
    /**
     * Words of PromQL that are not metric names: functions are told apart by the parenthesis after
     * them, but an aggregation may have its {@code by (...)} in between.
     */
    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "offset", "bool", "and", "or", "unless", "inf", "nan",
            "sum", "avg", "min", "max", "count", "group", "stddev", "stdvar", "topk", "bottomk", "quantile", "count_values");

    @TempDir
    Path dir;

    @Test
    void everyMetricTheDashboardAsksForIsOnAWorkersPage() throws Exception {
        Map<String, List<Map<String, String>>> asked = selectorsIn(expressions());
        assertTrue(asked.keySet().containsAll(List.of("mqbench_worker_messages_sent_total", "mqbench_worker_end_to_end_latency_seconds_bucket",
                "mqbench_worker_target_publish_messages_per_second", "jvm_memory_used_bytes")), "the extractor finds names: " + asked.keySet());

        ScrapedMetrics page = ScrapedRun.of(dir, "dashboard").during;

        List<String> missing = new ArrayList<>();
        asked.forEach((name, matcherSets) -> {
            if (!page.sampleNames().contains(name)) {
                missing.add(name);
                return;
            }
            for (Map<String, String> matchers : matcherSets) {
                String[] pairs = matchers.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                if (page.samples(name, pairs).isEmpty()) {
                    missing.add(name + matchers);
                }
            }
        });
        assertEquals(List.of(), missing, "asked for by the dashboard, not on the page: " + page.sampleNames());
    }

    /** The extractor: names, not functions, keywords, labels, variables or numbers. */
    @Test
    void theExtractorFindsMetricNamesAndFixedMatchersOnly() {
        Map<String, List<Map<String, String>>> found = selectorsIn(List.of(
                "histogram_quantile(0.99, sum by (le, driver) (rate(a_seconds_bucket{job=~\"$job\",area=\"heap\"}[$__rate_interval])))",
                "max without (gc) (e_seconds_sum) > 1e3",
                "b_total / on (instance) group_left (version) c_info * 2",
                "label_values(d_info{job=~\"$job\"}, job)"));
        assertEquals(Set.of("a_seconds_bucket", "e_seconds_sum", "b_total", "c_info", "d_info"), found.keySet());
        assertEquals(List.of(Map.of("area", "heap")), found.get("a_seconds_bucket"));
    }

    private static List<String> expressions() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        List<String> expressions = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                expressions.add(target.path("expr").asText());
            }
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asText().equals("query")) {
                expressions.add(variable.path("query").path("query").asText());
            }
        }
        assertTrue(expressions.size() > 10, "read the dashboard's queries: " + expressions);
        return expressions;
    }

    /** metric name -> the fixed label matchers of each selector of it. */
    static Map<String, List<Map<String, String>>> selectorsIn(List<String> expressions) {
        Map<String, List<Map<String, String>>> selectors = new LinkedHashMap<>();
        for (String expression : expressions) {
            // Ranges ([5m], [$__rate_interval]) and the label lists of by/on/group_left (...) hold no metric names.
            String cleaned = expression.replaceAll("\\[[^]]*]", "")
                    .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", "$1");
            Matcher selector = SELECTOR.matcher(cleaned);
            while (selector.find()) {
                String name = selector.group(1);
                int after = selector.end(1);
                boolean isFunction = cleaned.substring(after).stripLeading().startsWith("(");
                boolean isVariable = selector.start() > 0 && cleaned.charAt(selector.start() - 1) == '$';
                boolean isNumber = selector.start() > 0 && Character.isDigit(cleaned.charAt(selector.start() - 1));
                boolean isLabelArgument = cleaned.substring(0, selector.start()).matches("(?s).*,\\s*$") && cleaned.substring(after).startsWith(")");
                if (isFunction || isVariable || isNumber || isLabelArgument || KEYWORDS.contains(name.toLowerCase())) {
                    continue;
                }
                Map<String, String> fixed = new LinkedHashMap<>();
                if (selector.group(3) != null) {
                    Matcher matcher = FIXED_MATCHER.matcher(selector.group(3));
                    while (matcher.find()) {
                        fixed.put(matcher.group(1), matcher.group(2));
                    }
                }
                List<Map<String, String>> ofName = selectors.computeIfAbsent(name, k -> new ArrayList<>());
                if (!fixed.isEmpty()) {
                    ofName.add(fixed);
                }
            }
        }
        return selectors;
    }
}
