package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    @Test
    void oneExchangeAndOneQueuePerSubscriptionWithoutPartitions() {
        TopicLayout layout = new TopicLayout("mqbench-0000000-abc", 1);
        assertEquals(List.of("mqbench-0000000-abc"), layout.exchanges());
        assertEquals(List.of("mqbench-0000000-abc-sub-000-x"), layout.queues("sub-000-x"));
        assertEquals(0, layout.partitionFor(Optional.of("any"), 17));
    }

    @Test
    void partitionsGetAnExchangeAndAQueueEach() {
        TopicLayout layout = new TopicLayout("t", 3);
        assertEquals(List.of("t-p0", "t-p1", "t-p2"), layout.exchanges());
        assertEquals(List.of("t-s-p0", "t-s-p1", "t-s-p2"), layout.queues("s"));
        assertThrows(IllegalArgumentException.class, () -> new TopicLayout("t", 0));
    }

    @Test
    void aKeyAlwaysMapsToTheSamePartitionAndNoKeyGoesRoundRobin() {
        TopicLayout layout = new TopicLayout("t", 4);
        int first = layout.partitionFor(Optional.of("key-7"), 0);
        for (long counter = 1; counter < 50; counter++) {
            assertEquals(first, layout.partitionFor(Optional.of("key-7"), counter));
        }
        Set<Integer> seen = new HashSet<>();
        for (long counter = 0; counter < 4; counter++) {
            seen.add(layout.partitionFor(Optional.empty(), counter));
        }
        assertEquals(Set.of(0, 1, 2, 3), seen);
        Set<Integer> keyed = new HashSet<>();
        for (int k = 0; k < 100; k++) {
            keyed.add(layout.partitionFor(Optional.of("key-" + k), 0));
        }
        assertEquals(Set.of(0, 1, 2, 3), keyed, "keys spread over every partition");
    }

    @Test
    void streamConsumersSplitPartitionsOthersShareThem() {
        List<String> queues = List.of("q0", "q1", "q2");
        assertEquals(queues, QueueAssignment.queuesFor(queues, false, 1, 2));
        assertEquals(List.of("q0", "q2"), QueueAssignment.queuesFor(queues, true, 0, 2));
        assertEquals(List.of("q1"), QueueAssignment.queuesFor(queues, true, 1, 2));
        assertEquals(List.of(), QueueAssignment.queuesFor(List.of("q0"), true, 1, 2));
    }
}
