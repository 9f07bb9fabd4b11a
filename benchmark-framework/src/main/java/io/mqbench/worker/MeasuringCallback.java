package io.mqbench.worker;

import io.mqbench.delivery.ConsumerReceipts;
import io.mqbench.delivery.MessageHeader;
import io.mqbench.driver.support.PauseGate;
import io.mqbench.stats.MicrosClock;
import io.mqbench.stats.WorkerStats;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * The callback every consumer gets. It measures end-to-end latency from the mqbench header's
 * microsecond send time when the payload has one, and from the driver's millisecond timestamp
 * otherwise; it records the message in the consumer's delivery ledger, and notes probes.
 */
final class MeasuringCallback implements ConsumerCallback {
    private final WorkerStats stats;
    private final ConsumerReceipts receipts;
    private final Set<String> probesSeen;
    private final LongAdder withoutHeader;
    private final PauseGate gate;

    MeasuringCallback(WorkerStats stats, ConsumerReceipts receipts, Set<String> probesSeen, LongAdder withoutHeader, PauseGate gate) {
        this.stats = stats;
        this.receipts = receipts;
        this.probesSeen = probesSeen;
        this.withoutHeader = withoutHeader;
        this.gate = gate;
    }

    @Override
    public void messageReceived(byte[] payload, long publishTimestamp) {
        awaitResumed();
        long nowMicros = MicrosClock.nowMicros();
        if (!MessageHeader.isStamped(payload)) {
            recordWithoutHeader(payload.length, publishTimestamp);
        } else if (MessageHeader.isProbe(payload)) {
            recordProbe(MessageHeader.producerId(payload));
        } else {
            record(MessageHeader.producerId(payload), MessageHeader.sequence(payload), MessageHeader.sendMicros(payload),
                    payload.length, nowMicros);
        }
    }

    @Override
    public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        awaitResumed();
        long nowMicros = MicrosClock.nowMicros();
        if (!MessageHeader.isStamped(payload)) {
            recordWithoutHeader(payload.remaining(), publishTimestamp);
        } else if (MessageHeader.isProbe(payload)) {
            recordProbe(MessageHeader.producerId(payload));
        } else {
            record(MessageHeader.producerId(payload), MessageHeader.sequence(payload), MessageHeader.sendMicros(payload),
                    payload.remaining(), nowMicros);
        }
    }

    /**
     * Holds the driver's delivery thread while consumers are paused, for drivers whose consumers
     * cannot pause themselves (see {@link io.mqbench.driver.api.PausableConsumer}): as upstream OMB
     * does, so the client stops fetching once its buffers are full. The message is counted either
     * way: it was delivered.
     */
    private void awaitResumed() {
        try {
            gate.awaitResumed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void recordWithoutHeader(int size, long publishMillis) {
        withoutHeader.increment();
        stats.recordReceived(size, (System.currentTimeMillis() - publishMillis) * 1_000);
    }

    private void recordProbe(long producerId) {
        probesSeen.add(receipts.subscriptionKey() + '#' + producerId);
        stats.recordProbeReceived();
    }

    private void record(long producerId, long sequence, long sendMicros, int size, long nowMicros) {
        receipts.received(producerId, sequence);
        stats.recordReceived(size, nowMicros - sendMicros);
    }
}
