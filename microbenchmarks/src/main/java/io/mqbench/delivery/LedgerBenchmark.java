package io.mqbench.delivery;

import io.mqbench.bench.PerMessageBenchmark;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The delivery bookkeeping per message: a producer's sequence number, send-time mark and
 * confirmation bit; a consumer's receipt bit. Sequences only grow, as in a run, so the bitmaps
 * gain a page (128 KiB) every 1,048,576 messages: that is the only allocation, about 0.125 bytes
 * a message.
 */
public class LedgerBenchmark extends PerMessageBenchmark {
    private final ProducerLedger producer = new ProducerLedger(7, "topic");
    private final ConsumerReceipts consumer = new ConsumerReceipts("topic/subscription");
    private long received;
    private long micros = 1_700_000_000_000_000L;

    /** What the sender thread and the send's completion do for one message. */
    @Benchmark
    public long producerSendAndConfirm() {
        long sequence = producer.nextSequence();
        producer.sentAt(sequence, micros += 2);
        producer.confirmed(sequence);
        return sequence;
    }

    /** What the consumer callback does for one message of the delivery check. */
    @Benchmark
    public long consumerReceipt() {
        consumer.received(7, received);
        return received++;
    }
}
