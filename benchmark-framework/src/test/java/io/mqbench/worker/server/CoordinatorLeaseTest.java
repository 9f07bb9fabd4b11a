package io.mqbench.worker.server;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.worker.protocol.WorkerProtocol;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One coordinator at a time, sessions that a restart forgets, and runs that end when their coordinator vanishes. */
class CoordinatorLeaseTest {
    private final AtomicLong now = new AtomicLong();
    private final CoordinatorLease lease = new CoordinatorLease(now::get);
    private final CoordinatorLease.Caller alice = CoordinatorLease.Caller.of("alice-host/1234abcd", "10.0.0.1");
    private final CoordinatorLease.Caller bob = CoordinatorLease.Caller.of("bob-host/99", "10.0.0.2");
    private final CoordinatorLease.Caller upstream = CoordinatorLease.Caller.of(null, "10.0.0.3");

    @Test
    void aSecondCoordinatorIsToldWhoHoldsTheWorker() {
        enterAndLeave(alice, null);
        String session = lease.begin(alice);
        WorkerRefusal refused = assertThrows(WorkerRefusal.class, () -> lease.enter(bob, null));
        assertEquals(409, refused.status);
        assertEquals(WorkerProtocol.KIND_BUSY, refused.kind);
        assertTrue(refused.getMessage().contains("serves coordinator alice-host/1234abcd at 10.0.0.1"), refused.getMessage());
        assertThrows(WorkerRefusal.class, () -> lease.enter(upstream, null), "an upstream coordinator is refused too");

        assertDoesNotThrow(() -> enterAndLeave(alice, session));
        lease.end(alice);
        assertDoesNotThrow(() -> enterAndLeave(bob, null), "free after the run ended");
    }

    @Test
    void aSessionTheWorkerDoesNotKnowIsRefused() {
        WorkerRefusal afterRestart = assertThrows(WorkerRefusal.class, () -> lease.enter(alice, "old-session"));
        assertEquals(WorkerProtocol.KIND_SESSION, afterRestart.kind);
        assertTrue(afterRestart.getMessage().contains("restarted"), afterRestart.getMessage());

        String first = lease.begin(alice);
        String second = lease.begin(alice);
        WorkerRefusal stale = assertThrows(WorkerRefusal.class, () -> lease.enter(alice, first));
        assertTrue(stale.getMessage().contains("now serves session " + second), stale.getMessage());
    }

    @Test
    void anUpstreamCoordinatorIsKnownByItsAddressAndNeedsNoSession() {
        enterAndLeave(upstream, null);
        lease.begin(upstream);
        assertDoesNotThrow(() -> enterAndLeave(CoordinatorLease.Caller.of("", "10.0.0.3"), null));
        assertThrows(WorkerRefusal.class, () -> lease.enter(CoordinatorLease.Caller.of(null, "10.0.0.4"), null));
    }

    @Test
    void aSilentCoordinatorLosesTheWorkerButNotDuringALongCall() {
        lease.begin(alice);
        lease.enter(alice, null);
        now.addAndGet(CoordinatorLease.IDLE_LIMIT.toNanos() * 3);
        assertNull(lease.releaseIfAbandoned(), "a call in progress keeps the lease");
        lease.leave(alice);
        now.addAndGet(CoordinatorLease.IDLE_LIMIT.toNanos() - 1);
        assertNull(lease.releaseIfAbandoned());
        lease.touch(alice);
        now.addAndGet(CoordinatorLease.IDLE_LIMIT.toNanos() - 1);
        assertNull(lease.releaseIfAbandoned(), "the heartbeat's clock reads keep it");
        now.addAndGet(2);
        assertEquals("coordinator alice-host/1234abcd at 10.0.0.1", lease.releaseIfAbandoned());
        assertNull(lease.ownerLabel());
        assertDoesNotThrow(() -> enterAndLeave(bob, null));
    }

    private void enterAndLeave(CoordinatorLease.Caller caller, String session) {
        lease.enter(caller, session);
        lease.leave(caller);
    }
}
