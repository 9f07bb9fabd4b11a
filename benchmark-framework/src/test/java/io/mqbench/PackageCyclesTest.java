package io.mqbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The framework's packages form layers: no package imports, directly or through others, a package
 * that imports it back. A cycle means two packages can only be understood (and changed) together;
 * this test names the imports that close one. Read from the sources' import lines, so it needs no
 * library and sees exactly what a reader sees.
 */
class PackageCyclesTest {
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    /** An import of a class (or a static member of one) of this project: the package is what comes before the class. */
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(io\\.mqbench(?:\\.[a-z]\\w*)*)\\.([A-Z]\\w*)[\\w.]*;",
            Pattern.MULTILINE);

    @Test
    void noPackageOfTheFrameworkDependsOnItself() {
        Map<String, Map<String, Set<String>>> imports = importsByPackage(
                TempFiles.repositoryRoot().resolve("benchmark-framework/src/main/java"));
        assertTrue(imports.size() > 10, "read the framework's packages: " + imports.keySet());
        List<List<String>> cycles = cycles(imports);
        StringBuilder why = new StringBuilder();
        for (List<String> cycle : cycles) {
            why.append("\ncycle ").append(cycle).append(':');
            for (String from : cycle) {
                for (String to : cycle) {
                    Set<String> classes = imports.get(from).get(to);
                    if (classes != null) {
                        why.append("\n  ").append(from).append(" imports ").append(to).append(' ').append(classes);
                    }
                }
            }
        }
        assertEquals(List.of(), cycles, why.toString());
    }

    /**
     * The layering the packages' descriptions promise where it matters most: the worker process
     * and the coordinator's side of it share only {@code worker.protocol}, and a run's phases do
     * not know whether their workers are local or remote.
     */
    @Test
    void theTwoEndsOfTheWorkerProtocolShareOnlyTheProtocol() {
        Map<String, Map<String, Set<String>>> imports = importsByPackage(
                TempFiles.repositoryRoot().resolve("benchmark-framework/src/main/java"));
        String server = "io.mqbench.worker.server";
        String remote = "io.mqbench.worker.remote";
        Map<String, List<String>> forbidden = Map.of(
                server, List.of(remote, "io.mqbench.worker.ensemble", "io.mqbench.coordinator", "io.mqbench.cli"),
                remote, List.of(server, "io.mqbench.coordinator", "io.mqbench.cli"),
                "io.mqbench.worker.protocol", List.of(server, remote, "io.mqbench.worker.ensemble", "io.mqbench.worker"),
                "io.mqbench.coordinator", List.of(server, remote, "io.mqbench.worker.ensemble", "io.mqbench.worker.protocol"),
                "io.mqbench.worker", List.of("io.mqbench.coordinator", server, remote, "io.mqbench.worker.protocol"));
        forbidden.forEach((from, targets) -> {
            assertTrue(imports.containsKey(from), "package " + from + " exists");
            for (String to : targets) {
                assertEquals(null, imports.get(from).get(to), from + " imports " + to);
            }
        });
    }

    /** The cycle finder itself: a chain back to its start is found, a layered graph is not. */
    @Test
    void aCycleThroughThreePackagesIsFoundAndALayeredGraphIsNot() {
        Map<String, Map<String, Set<String>>> cyclic = Map.of(
                "a", Map.of("b", Set.of("B")), "b", Map.of("c", Set.of("C")), "c", Map.of("a", Set.of("A")), "d", Map.of("a", Set.of("A")));
        assertEquals(List.of(List.of("a", "b", "c")), cycles(cyclic));
        Map<String, Map<String, Set<String>>> layered = Map.of(
                "a", Map.of("b", Set.of("B"), "c", Set.of("C")), "b", Map.of("c", Set.of("C")), "c", Map.of());
        assertEquals(List.of(), cycles(layered));
    }

    /** package -> imported package of the same source tree -> the classes imported from it. */
    private static Map<String, Map<String, Set<String>>> importsByPackage(Path sources) {
        Map<String, Map<String, Set<String>>> imports = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                Matcher declared = PACKAGE.matcher(text);
                if (!declared.find()) {
                    continue;
                }
                Map<String, Set<String>> of = imports.computeIfAbsent(declared.group(1), p -> new TreeMap<>());
                Matcher imported = IMPORT.matcher(text);
                while (imported.find()) {
                    if (!imported.group(1).equals(declared.group(1))) {
                        of.computeIfAbsent(imported.group(1), p -> new TreeSet<>()).add(imported.group(2));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Imports of other modules (driver-api, driver-support) are not packages of this tree.
        imports.values().forEach(targets -> targets.keySet().retainAll(imports.keySet()));
        return imports;
    }

    /** The strongly connected components of more than one package (Tarjan), each sorted, in a stable order. */
    static List<List<String>> cycles(Map<String, Map<String, Set<String>>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> found = new ArrayList<>();
        for (String start : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, found);
            }
        }
        found.sort((x, y) -> x.get(0).compareTo(y.get(0)));
        return found;
    }

    private static void connect(String node, Map<String, Map<String, Set<String>>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> found) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : new TreeSet<>(graph.getOrDefault(node, Map.of()).keySet())) {
            if (!index.containsKey(next)) {
                connect(next, graph, index, low, stack, onStack, found);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            List<String> component = new ArrayList<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                component.add(member);
            } while (!member.equals(node));
            if (component.size() > 1) {
                component.sort(null);
                found.add(component);
            }
        }
    }
}
