package io.mqbench.driver.redis;

/** A message as the consumer callback gets it: the payload bytes and the producer's epoch ms. */
record ReceivedMessage(byte[] payload, long publishMillis) {}
