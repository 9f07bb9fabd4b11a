package io.mqbench.driver.loopback;

import java.util.Comparator;
import java.util.concurrent.PriorityBlockingQueue;

/** Envelopes in the order they fall due, so a message with a shorter random delay overtakes. */
final class DueOrderMessages implements PartitionMessages {
    private final PriorityBlockingQueue<Object> byDueTime =
            new PriorityBlockingQueue<>(64, Comparator.comparingLong(message -> ((Envelope) message).dueNanos()));

    @Override
    public void offer(Object message) {
        byDueTime.offer(message);
    }

    @Override
    public Object poll() {
        return byDueTime.poll();
    }

    @Override
    public Object peek() {
        return byDueTime.peek();
    }

    @Override
    public boolean isEmpty() {
        return byDueTime.isEmpty();
    }
}
