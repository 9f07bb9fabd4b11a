package io.mqbench.worker;

import io.mqbench.driver.support.ErrorText;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Send errors by message, so that a failing broker is reported (in the log once per kind, and in
 * the result with counts) instead of being swallowed or flooding the console.
 */
public final class SendErrors {
    private static final Logger log = LoggerFactory.getLogger(SendErrors.class);
    private static final int MAX_KINDS = 20;

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    private final LongAdder other = new LongAdder();

    public void record(Throwable error) {
        String kind = ErrorText.describe(error);
        LongAdder count = counts.get(kind);
        if (count == null) {
            if (counts.size() >= MAX_KINDS) {
                other.increment();
                return;
            }
            count = counts.computeIfAbsent(kind, k -> {
                log.warn("send failed: {}", k);
                return new LongAdder();
            });
        }
        count.increment();
    }

    /** Error message to count, most frequent first. */
    public Map<String, Long> snapshot() {
        Map<String, Long> result = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .forEach(e -> result.put(e.getKey(), e.getValue().sum()));
        if (other.sum() > 0) {
            result.put("(other kinds of error)", other.sum());
        }
        return result;
    }
}
