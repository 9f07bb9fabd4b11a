package io.mqbench.driver.redis;

/** One entry read from a stream: where it came from (key and id, to acknowledge it) and the message. */
record StreamEntry(String key, byte[] id, ReceivedMessage message) {}
