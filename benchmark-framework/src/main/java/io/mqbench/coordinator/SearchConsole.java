package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.result.TestResult;
import java.time.Duration;
import java.util.Locale;

/** Prints the rate search as it goes: one line per trial with its verdict, and the search's notes. */
final class SearchConsole implements RateSearch.Listener {
    private final Console console;

    SearchConsole(Console console) {
        this.console = console;
    }

    @Override
    public void trial(long secondsSinceLoadStart, TestResult.RateTrial t) {
        console.line(line(secondsSinceLoadStart, t));
    }

    static String line(long secondsSinceLoadStart, TestResult.RateTrial t) {
        String latency = t.latencyMs == null ? "" : " | latency " + Console.ms(t.latencyMs) + " ms";
        String verdict = t.verdict.equals("sustainable") ? "sustainable" : "unsustainable: " + t.reason;
        String drain = t.drainSeconds == null || t.drainSeconds < 0.05 ? ""
                : String.format(Locale.ROOT, "; producers paused %.1f s to drain", t.drainSeconds);
        return String.format(Locale.ROOT, "[search %s] %-7s %,.0f msg/s: pub %,.0f | cons %,.0f | backlog %+,.0f/s%s -> %s%s",
                Console.clock(Duration.ofSeconds(secondsSinceLoadStart)), t.stage, t.targetRate, t.publishRate, t.consumeRate,
                t.backlogSlope, latency, verdict, drain);
    }

    @Override
    public void note(String text) {
        console.info(text);
    }
}
