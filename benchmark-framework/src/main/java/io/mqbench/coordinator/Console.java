package io.mqbench.coordinator;

import io.mqbench.config.DurationParser;
import io.mqbench.result.ResultAssembler;
import io.mqbench.stats.PeriodStats;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What a run prints while it goes: one line per phase, and a live line every period with the phase's
 * progress, publish and consume rates in msg/s and MB/s, the backlog, and publish and end-to-end
 * latency (p50, p99, max).
 */
public final class Console {
    /** OMB's period: one live line per 10-s period unless asked otherwise. */
    public static final int DEFAULT_LIVE_SECONDS = 10;

    private final PrintStream out;
    private final int liveSeconds;

    public Console(PrintStream out) {
        this(out, DEFAULT_LIVE_SECONDS);
    }

    /** @param liveSeconds a live line every this many seconds of load ({@code --live-interval}) */
    public Console(PrintStream out, int liveSeconds) {
        this.out = out;
        this.liveSeconds = liveSeconds;
    }

    public int liveSeconds() {
        return liveSeconds;
    }

    public void phase(String text) {
        out.println("-- " + text);
        out.flush();
    }

    public void info(String text) {
        out.println("   " + text);
        out.flush();
    }

    /** A line of its own, as the live lines are. */
    public void line(String text) {
        out.println(text);
        out.flush();
    }

    /** {@code cpuShare}: the busiest worker's share of its cores in the period, NaN when unknown. */
    public void live(String progress, PeriodStats period, double seconds, long backlog, double cpuShare) {
        out.println(liveLine(progress, period, seconds, backlog, cpuShare));
        out.flush();
    }

    static String liveLine(String progress, PeriodStats p, double seconds, long backlog, double cpuShare) {
        return String.format(Locale.ROOT,
                "[%s] pub %s msg/s %s MB/s | cons %s msg/s %s MB/s | backlog %s | pub lat ms %s | e2e ms %s%s%s",
                progress,
                rate(p.messagesSent / seconds), mb(p.bytesSent / seconds),
                rate(p.messagesReceived / seconds), mb(p.bytesReceived / seconds),
                count(backlog),
                latencies(p.publishLatency), latencies(p.endToEndLatency),
                Double.isNaN(cpuShare) ? "" : String.format(Locale.ROOT, " | client cpu %.0f%%", cpuShare * 100),
                p.messageSendErrors > 0 ? " | send errors " + count(p.messageSendErrors) : "");
    }

    /** {@code 0:40/1:00} */
    public static String progress(String phase, Duration elapsed, Duration total) {
        return phase + " " + clock(elapsed) + "/" + clock(total);
    }

    static String clock(Duration duration) {
        long s = Math.max(0, duration.toSeconds());
        return s >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    private static String latencies(Histogram h) {
        if (h.getTotalCount() == 0) {
            return "-";
        }
        return "p50 " + ms(h.getValueAtPercentile(50)) + " p99 " + ms(h.getValueAtPercentile(99)) + " max " + ms(h.getMaxValue());
    }

    /** Milliseconds with the decimals that matter: 0.034, 5.03, 12.8, 250. */
    public static String ms(long micros) {
        return ms(micros / 1000.0);
    }

    public static String ms(double ms) {
        return ms < 1 ? String.format(Locale.ROOT, "%.3f", ms)
                : ms < 10 ? String.format(Locale.ROOT, "%.2f", ms) : ms < 100 ? String.format(Locale.ROOT, "%.1f", ms) : String.format(Locale.ROOT, "%.0f", ms);
    }

    private static String rate(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String mb(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f", bytesPerSecond / ResultAssembler.MB);
    }

    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    public static String duration(Duration duration) {
        return DurationParser.format(duration);
    }
}
