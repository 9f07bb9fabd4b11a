package io.mqbench.driver.mongo;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A message handed to a producer's writer thread, and the future the harness waits on. */
record PendingSend(byte[] payload, Optional<String> key, long publishedAtMillis, CompletableFuture<Void> future) {

    static PendingSend of(Optional<String> key, byte[] payload) {
        return new PendingSend(payload, key, System.currentTimeMillis(), new CompletableFuture<>());
    }
}
