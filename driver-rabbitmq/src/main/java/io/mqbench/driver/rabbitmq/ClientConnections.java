package io.mqbench.driver.rabbitmq;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hands producers and consumers their connection: a connection of their own
 * ({@code connectionPerProducer} / {@code connectionPerConsumer}, as PerfTest does), or one shared
 * per broker address and role (as upstream OMB does). Own connections spread over the addresses
 * in turn; shared ones are picked in turn.
 */
final class ClientConnections implements AutoCloseable {
    /** A connection for one client, and whether the client closes it. */
    record Assigned(ConnectionSlot slot, boolean owned) {}

    private final ConnectionSource source;
    private final boolean connectionPerProducer;
    private final boolean connectionPerConsumer;
    private final List<ConnectionSlot> sharedForProducers = new ArrayList<>();
    private final List<ConnectionSlot> sharedForConsumers = new ArrayList<>();
    private final AtomicInteger producers = new AtomicInteger();
    private final AtomicInteger consumers = new AtomicInteger();

    ClientConnections(ConnectionSource source, boolean connectionPerProducer, boolean connectionPerConsumer) {
        this.source = source;
        this.connectionPerProducer = connectionPerProducer;
        this.connectionPerConsumer = connectionPerConsumer;
        for (int i = 0; i < source.endpointCount(); i++) {
            sharedForProducers.add(new ConnectionSlot(source, i, "mqbench-producers-" + i));
            sharedForConsumers.add(new ConnectionSlot(source, i, "mqbench-consumers-" + i));
        }
    }

    /** @return the producer's number (for names) and its connection */
    Assigned forProducer(int number) {
        if (connectionPerProducer) {
            return new Assigned(new ConnectionSlot(source, source.nextEndpointIndex(), "mqbench-producer-" + number),
                    true);
        }
        return new Assigned(sharedForProducers.get(number % sharedForProducers.size()), false);
    }

    Assigned forConsumer(int number) {
        if (connectionPerConsumer) {
            return new Assigned(new ConnectionSlot(source, source.nextEndpointIndex(), "mqbench-consumer-" + number),
                    true);
        }
        return new Assigned(sharedForConsumers.get(number % sharedForConsumers.size()), false);
    }

    int nextProducerNumber() {
        return producers.getAndIncrement();
    }

    int nextConsumerNumber() {
        return consumers.getAndIncrement();
    }

    /** Closes the shared connections; clients close their own. */
    @Override
    public void close() {
        sharedForProducers.forEach(ConnectionSlot::close);
        sharedForConsumers.forEach(ConnectionSlot::close);
    }
}
