package io.mqbench.driver.kafka;

import io.mqbench.driver.api.PausableConsumer;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a subscription's consumer group, with its own poll-loop thread. The KafkaConsumer
 * is not thread-safe, so everything that touches it (poll, commit, pause, resume, close) happens on
 * that thread; {@link #pause()} and {@link #resume()} only leave a request for it.
 *
 * <p>Each poll's records go to the callback one by one with the record timestamp (CreateTime, set
 * by the producer, in ms). Each value is a view of the fetched bytes, not a copy: the client's
 * {@code ByteBufferDeserializer} hands over the record's own buffer (checked for kafka-clients 3.6.1
 * to 4.1.1). A {@code byte[]} value would cost an array and a copy per message: 200 MB/s of garbage
 * at 200,000 msg/s of 1 KiB. After the callback, unless the client auto-commits, the next offsets of
 * the partitions in that poll are committed: at-least-once, a crash re-delivers the last poll rather
 * than losing it.
 * With a commit interval the offsets handed over since the last commit wait until the interval has
 * passed and go in one commit: a crash then re-delivers up to an interval's records, and the
 * consumer sends a commit request per interval instead of one per poll (at a few thousand messages a
 * second a poll holds a few records, and the commits cost the poll thread as much CPU as the fetches).
 */
final class KafkaBenchmarkConsumer implements BenchmarkConsumer, PausableConsumer, Runnable {
    private static final Logger log = LoggerFactory.getLogger(KafkaBenchmarkConsumer.class);
    /** Bounds how long pause, resume and close wait for the poll loop to notice them. */
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(50);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private static final long JOIN_MILLIS = 15_000;
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private final KafkaConsumer<String, ByteBuffer> consumer;
    private final ConsumerCallback callback;
    /** {@code null} when the client commits by itself (enable.auto.commit=true). */
    private final OffsetCommit commitMode;
    /** Shortest time between two commits; 0 commits after every poll. */
    private final long commitIntervalNanos;
    private final Thread thread;
    /** Offsets after the records already handed over, per partition; poll thread only. */
    private final Map<TopicPartition, OffsetAndMetadata> processed = new HashMap<>();
    /** The part of {@link #processed} not committed yet; poll thread only. */
    private final Map<TopicPartition, OffsetAndMetadata> uncommitted = new HashMap<>();
    private long lastCommitNanos = System.nanoTime();
    private final LongAdder failedCommits = new LongAdder();
    private volatile boolean running = true;
    private volatile boolean pauseRequested;
    private volatile Set<TopicPartition> assignment = Set.of();

    KafkaBenchmarkConsumer(KafkaConsumer<String, ByteBuffer> consumer, String topic, String group, ConsumerCallback callback,
                           OffsetCommit commitMode, Duration commitInterval) {
        this.consumer = consumer;
        this.callback = callback;
        this.commitMode = commitMode;
        this.commitIntervalNanos = commitInterval.toNanos();
        consumer.subscribe(List.of(topic), new Rebalance());
        this.thread = new Thread(this, "kafka-consumer-" + group + "-" + topic);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    @Override
    public void run() {
        try {
            while (running) {
                applyPauseRequest();
                ConsumerRecords<String, ByteBuffer> records = consumer.poll(POLL_TIMEOUT);
                if (!records.isEmpty()) {
                    deliver(records);
                    noteProcessed(records);
                }
                commitIfDue();
            }
            commitProcessedSync();
        } catch (WakeupException e) {
            // close() woke a poll that did not return in time; nothing was lost, the loop just ends.
        } catch (RuntimeException e) {
            // A consumer that stops must not look like one that has nothing to read: say it loudly.
            log.error("Kafka consumer {} stopped: {}", thread.getName(), e.toString(), e);
        } finally {
            closeClient();
        }
    }

    private void deliver(ConsumerRecords<String, ByteBuffer> records) {
        for (ConsumerRecord<String, ByteBuffer> record : records) {
            ByteBuffer value = record.value();
            callback.messageReceived(value == null ? EMPTY : value, record.timestamp());
        }
    }

    private void noteProcessed(ConsumerRecords<String, ByteBuffer> records) {
        if (commitMode == null) {
            return;
        }
        for (TopicPartition partition : records.partitions()) {
            List<ConsumerRecord<String, ByteBuffer>> inPartition = records.records(partition);
            OffsetAndMetadata next = new OffsetAndMetadata(inPartition.get(inPartition.size() - 1).offset() + 1);
            processed.put(partition, next);
            uncommitted.put(partition, next);
        }
    }

    /** Commits what was handed over since the last commit, once the interval has passed (an idle poll commits the rest). */
    private void commitIfDue() {
        if (uncommitted.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastCommitNanos < commitIntervalNanos) {
            return;
        }
        lastCommitNanos = now;
        // The client keeps the map until the commit completes: it gets a copy of its own.
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(uncommitted);
        uncommitted.clear();
        if (commitMode == OffsetCommit.SYNC) {
            try {
                consumer.commitSync(offsets);
            } catch (KafkaException e) {
                if (e instanceof WakeupException) {
                    throw e;
                }
                // Usually a rebalance took the partitions away: their new owner starts from the last
                // commit and re-delivers (the harness counts those duplicates).
                noteFailedCommit(e);
            }
        } else {
            consumer.commitAsync(offsets, (committed, error) -> {
                if (error != null) {
                    noteFailedCommit(error);
                }
            });
        }
    }

    private void noteFailedCommit(Exception error) {
        failedCommits.increment();
        if (failedCommits.sum() == 1) {
            log.warn("offset commit failed for {} (later failures are counted, not logged): {}", thread.getName(), error.toString());
        }
    }

    /** On the way out and before partitions move: the next owner starts exactly after what we handed over. */
    private void commitProcessedSync() {
        if (commitMode == null || processed.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(processed);
        } catch (KafkaException e) {
            noteFailedCommit(e);
        }
        processed.clear();
        uncommitted.clear();
    }

    private void applyPauseRequest() {
        if (pauseRequested) {
            // Every loop, so that partitions assigned while paused are paused too.
            consumer.pause(consumer.assignment());
        } else if (!consumer.paused().isEmpty()) {
            consumer.resume(consumer.paused());
        }
    }

    // close(Duration) is deprecated from kafka-clients 4.1 on, but CloseOptions does not exist in the
    // 3.x clients an upstream OMB worker may put next to this jar.
    @SuppressWarnings("deprecation")
    private void closeClient() {
        try {
            consumer.close(CLOSE_TIMEOUT);
        } catch (RuntimeException e) {
            log.warn("closing Kafka consumer {}: {}", thread.getName(), e.toString());
        }
    }

    /** Keeps a snapshot of the assignment for tests and commits before partitions move away. */
    private final class Rebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (commitMode != null) {
                Map<TopicPartition, OffsetAndMetadata> leaving = new HashMap<>();
                for (TopicPartition partition : partitions) {
                    uncommitted.remove(partition);
                    OffsetAndMetadata offset = processed.remove(partition);
                    if (offset != null) {
                        leaving.put(partition, offset);
                    }
                }
                if (!leaving.isEmpty()) {
                    try {
                        consumer.commitSync(leaving);
                    } catch (KafkaException e) {
                        noteFailedCommit(e);
                    }
                }
            }
            assignment = Set.copyOf(consumer.assignment().stream().filter(p -> !partitions.contains(p)).toList());
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            assignment = Set.copyOf(consumer.assignment());
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            partitions.forEach(processed::remove);
            partitions.forEach(uncommitted::remove);
            assignment = Set.copyOf(consumer.assignment().stream().filter(p -> !partitions.contains(p)).toList());
        }
    }

    /** The partitions this consumer holds now, as of its last rebalance. */
    Set<TopicPartition> assignment() {
        return assignment;
    }

    long failedCommits() {
        return failedCommits.sum();
    }

    @Override
    public void pause() {
        pauseRequested = true;
    }

    @Override
    public void resume() {
        pauseRequested = false;
    }

    @Override
    public void close() {
        running = false;
        if (Thread.currentThread() == thread) {
            return;
        }
        try {
            thread.join(JOIN_MILLIS);
            if (thread.isAlive()) {
                consumer.wakeup();
                thread.join(JOIN_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn("Kafka consumer {} did not stop within {} s", thread.getName(), 2 * JOIN_MILLIS / 1000);
        }
    }
}
