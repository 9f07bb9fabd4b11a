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
        String format = "%-28s %-14s %-9s %12s %12s %10s %10s %10s %8s %6s  %s%n";
        out.println();
        out.printf(Locale.ROOT, format, "workload", "driver", "status", "pub msg/s", "cons msg/s",
                "pub p99ms", "e2e p50ms", "e2e p99ms", "lost", "dup", "file");
        for (BenchmarkRun.Outcome outcome : outcomes) {
            TestResult r = outcome.result();
            boolean measured = r.summary != null && r.summary.measuredSeconds > 0;
            DeliverySummary d = r.delivery;
            boolean checked = d != null && d.checked;
            out.printf(Locale.ROOT, format,
                    clip(r.workload, 28), clip(r.driver, 14), outcome.status().label(),
                    measured ? String.format(Locale.ROOT, "%,.0f", r.summary.publishRate.mean) : "-",
                    measured ? String.format(Locale.ROOT, "%,.0f", r.summary.consumeRate.mean) : "-",
                    measured ? Console.ms(r.aggregatedPublishLatency99pct) : "-",
                    measured ? Console.ms(r.aggregatedEndToEndLatency50pct) : "-",
                    measured ? Console.ms(r.aggregatedEndToEndLatency99pct) : "-",
                    checked ? String.valueOf(d.lost) : "-",
                    checked ? String.valueOf(d.duplicated) : "-",
                    outcome.file() == null ? "(not written: " + r.statusReason + ")" : outcome.file());
        }
    }

    private static String clip(String text, int width) {
        return text == null ? "" : text.length() <= width ? text : text.substring(0, width - 1) + "~";
    }
}
