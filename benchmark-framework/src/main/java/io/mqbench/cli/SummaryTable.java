package io.mqbench.cli;

import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.Console;
import io.mqbench.delivery.DeliverySummary;
import io.mqbench.result.TestResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The table printed after all runs: one line per run with its headline numbers and file. */
final class SummaryTable {
    private SummaryTable() {}

    static void print(PrintStream out, List<BenchmarkRun.Outcome> outcomes) {
        if (outcomes.isEmpty()) {
            return;
        }
        int workloadWidth = Math.min(70, Math.max(8, outcomes.stream().mapToInt(o -> length(o.result().workload)).max().orElse(8)));
        int driverWidth = Math.min(30, Math.max(6, outcomes.stream().mapToInt(o -> length(o.result().driver)).max().orElse(6)));
        String format = "%-" + workloadWidth + "s %-" + driverWidth + "s %-9s %12s %12s %10s %10s %10s %8s %6s %8s  %s%n";
        out.println();
        out.printf(Locale.ROOT, format, "workload", "driver", "status", "pub msg/s", "cons msg/s",
                "pub p99ms", "e2e p50ms", "e2e p99ms", "lost", "dup", "send err", "file");
        for (BenchmarkRun.Outcome outcome : outcomes) {
            TestResult r = outcome.result();
            boolean measured = r.summary != null && r.summary.measuredSeconds > 0;
            DeliverySummary d = r.delivery;
            boolean checked = d != null && d.checked;
            out.printf(Locale.ROOT, format,
                    clip(r.workload, workloadWidth), clip(r.driver, driverWidth), statusText(outcome),
                    measured ? String.format(Locale.ROOT, "%,.0f", r.summary.publishRate.mean) : "-",
                    measured ? String.format(Locale.ROOT, "%,.0f", r.summary.consumeRate.mean) : "-",
                    measured ? Console.ms(r.aggregatedPublishLatency99pct) : "-",
                    measured ? Console.ms(r.aggregatedEndToEndLatency50pct) : "-",
                    measured ? Console.ms(r.aggregatedEndToEndLatency99pct) : "-",
                    checked ? (d.lost != null ? count(d.lost) : count(d.missing) + "?") : "-",
                    checked ? count(d.duplicated) : "-",
                    count(outcome.sendErrors()),
                    outcome.file() == null ? "(not written: " + r.statusReason + ")" : outcome.file());
        }
        if (outcomes.stream().anyMatch(o -> o.result().delivery != null && o.result().delivery.checked && o.result().delivery.lost == null)) {
            out.println("? not received when the drain ended, before the broker's redelivery horizon had passed: not counted as lost");
        }
        if (outcomes.stream().anyMatch(SummaryTable::warned)) {
            out.println(WARNED + " warned: read the run's warnings (printed above and kept in the result's 'warnings') before its"
                    + " figures");
        }
    }

    /** Marks the status of a run that warned, so that a "complete" in a long suite's table is not read alone. */
    static final String WARNED = "*";

    private static String statusText(BenchmarkRun.Outcome outcome) {
        return outcome.status().label() + (warned(outcome) ? WARNED : "");
    }

    private static boolean warned(BenchmarkRun.Outcome outcome) {
        return outcome.result().warnings != null && !outcome.result().warnings.isEmpty();
    }

    /** A count as the rates are printed: 30,070, not 30070. */
    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    private static String clip(String text, int width) {
        return text == null ? "" : text.length() <= width ? text : text.substring(0, width - 1) + "~";
    }
}
