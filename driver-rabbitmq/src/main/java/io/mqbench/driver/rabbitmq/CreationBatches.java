package io.mqbench.driver.rabbitmq;

import io.mqbench.driver.support.CreationThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * OMB's creation batching ({@code producerCreationBatchSize} / {@code producerCreationDelay} and
 * the consumer pair): create that many clients at once, wait that many milliseconds, go on with the
 * next batch. Opening hundreds of connections at the same instant makes a broker's accept queue and
 * authentication the bottleneck, which is not what a benchmark wants to measure.
 */
final class CreationBatches {
    private CreationBatches() {}

    /** Creates one client; may block. */
    interface Creation<I, R> {
        R create(I item) throws Exception;
    }

    /** Creates every item in batches on {@code threads}; the list keeps the order of {@code items}. */
    static <I, R> CompletableFuture<List<R>> create(List<I> items, int batchSize, long delayMillis,
                                                   CreationThreads threads, Creation<I, R> creation) {
        return threads.supply(() -> {
            List<R> created = new ArrayList<>(items.size());
            for (int start = 0; start < items.size(); start += batchSize) {
                if (start > 0 && delayMillis > 0) {
                    Thread.sleep(delayMillis);
                }
                List<CompletableFuture<R>> batch = new ArrayList<>();
                for (I item : items.subList(start, Math.min(items.size(), start + batchSize))) {
                    batch.add(threads.supply(() -> creation.create(item)));
                }
                for (CompletableFuture<R> future : batch) {
                    created.add(future.join());
                }
            }
            return created;
        });
    }
}
