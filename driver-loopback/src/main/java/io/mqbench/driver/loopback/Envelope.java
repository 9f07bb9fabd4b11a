package io.mqbench.driver.loopback;

/** A message waiting in a partition of a subscription, with the time it becomes deliverable. */
record Envelope(byte[] payload, long publishMillis, long dueNanos) {}
