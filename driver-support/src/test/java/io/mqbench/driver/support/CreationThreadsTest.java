package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CreationThreadsTest {
    @Test
    void theFutureCompletesWithWhatTheCreationReturns() throws Exception {
        try (CreationThreads threads = new CreationThreads("test-create")) {
            assertEquals("producer-1", threads.supply(() -> "producer-1").get(5, TimeUnit.SECONDS));
            List<String> ran = new ArrayList<>();
            threads.run(() -> ran.add("topic")).get(5, TimeUnit.SECONDS);
            assertEquals(List.of("topic"), ran);
        }
    }

    @Test
    void aCheckedExceptionIsTheCauseWrappedOnlyOnce() {
        try (CreationThreads threads = new CreationThreads("test-create")) {
            IOException refused = new IOException("connection refused");
            CompletableFuture<Object> future = threads.supply(() -> {
                throw refused;
            });
            ExecutionException got = assertThrows(ExecutionException.class, () -> future.get(5, TimeUnit.SECONDS));
            assertSame(refused, got.getCause());
            CompletionException joined = assertThrows(CompletionException.class, future::join);
            assertSame(refused, joined.getCause());
        }
    }

    @Test
    void anUncheckedExceptionAndADriversOwnCompletionExceptionPassThrough() {
        try (CreationThreads threads = new CreationThreads("test-create")) {
            IllegalArgumentException bad = new IllegalArgumentException("partitions: 0");
            ExecutionException got = assertThrows(ExecutionException.class,
                    () -> threads.run(() -> {
                        throw bad;
                    }).get(5, TimeUnit.SECONDS));
            assertSame(bad, got.getCause());
            // JMS describes the failure in its own CompletionException: not wrapped again.
            IOException cause = new IOException("no broker");
            CompletionException described = new CompletionException("cannot create producer-1: no broker", cause);
            CompletableFuture<Void> future = threads.run(() -> {
                throw described;
            });
            CompletionException joined = assertThrows(CompletionException.class, future::join);
            assertSame(described, joined);
        }
    }

    @Test
    void creationsRunInParallelOnNamedDaemonThreads() throws Exception {
        try (CreationThreads threads = new CreationThreads("test-create")) {
            // Each creation waits for all the others: only a pool that runs them side by side ends.
            int creations = 8;
            CountDownLatch allStarted = new CountDownLatch(creations);
            List<CompletableFuture<Thread>> futures = new ArrayList<>();
            for (int i = 0; i < creations; i++) {
                futures.add(threads.supply(() -> {
                    allStarted.countDown();
                    assertTrue(allStarted.await(5, TimeUnit.SECONDS), "creations queued behind each other");
                    return Thread.currentThread();
                }));
            }
            List<String> names = new ArrayList<>();
            for (CompletableFuture<Thread> future : futures) {
                Thread thread = future.get(10, TimeUnit.SECONDS);
                assertTrue(thread.isDaemon(), thread.getName() + " is not a daemon");
                names.add(thread.getName());
            }
            assertEquals(creations, names.stream().distinct().count(), names.toString());
            assertTrue(names.stream().allMatch(name -> name.matches("test-create-[1-8]")), names.toString());
        }
    }

    @Test
    void afterCloseACreationFailsAtOnceAndClosingAgainIsFine() throws Exception {
        CreationThreads threads = new CreationThreads("test-create");
        threads.close();
        threads.close();
        CompletableFuture<String> future = threads.supply(() -> "too late");
        assertTrue(future.isCompletedExceptionally(), "fails without running");
        ExecutionException got = assertThrows(ExecutionException.class, future::get);
        assertInstanceOf(IllegalStateException.class, got.getCause());
        assertEquals("test-create: the driver is closed, it creates nothing more", got.getCause().getMessage());
    }

    @Test
    void closeInterruptsACreationStillRunning() throws Exception {
        CreationThreads threads = new CreationThreads("test-create");
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Object> hanging = threads.supply(() -> {
            started.countDown();
            Thread.sleep(60_000);
            return "connected";
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        threads.close();
        ExecutionException got = assertThrows(ExecutionException.class, () -> hanging.get(5, TimeUnit.SECONDS));
        assertInstanceOf(InterruptedException.class, got.getCause());
    }
}
