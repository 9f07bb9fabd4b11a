package io.mqbench.driver.api;

/**
 * Optional, for a {@link io.openmessaging.benchmark.driver.BenchmarkProducer} whose {@code
 * sendAsync} is done with the payload array when it returns: it has copied the bytes into the
 * client's own message or buffer (a JMS {@code BytesMessage}, Kafka's record batch) before
 * returning, whenever the send completes.
 *
 * <p>The SPI otherwise lets a driver keep the array until the send completes, so the harness gives
 * every message a copy of its payload to write the message's header into (1 KB allocated per
 * message of 1 KB). For a producer with this interface it writes each header into one array per
 * payload, reused from message to message. A producer that declares it and keeps the array sends
 * payloads whose header a later message overwrote: the delivery check then counts as many lost and
 * duplicated as were in flight when the sends stopped, and end-to-end latency reads short. An
 * upstream OMB worker never looks at it.
 */
public interface CopiesPayload {}
