package io.mqbench.worker.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.worker.remote.HttpWorker;
import io.mqbench.worker.remote.WorkerConnector;
import io.mqbench.worker.remote.WorkerLostException;
import io.mqbench.worker.server.WorkerServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker that dies or hangs is noticed in time, named, and the run goes on with the others. */
class WorkerLossTest {
    private final HttpClient client = WorkerConnector.newClient();

    @Test
    void aWorkerThatAcceptsConnectionsButNeverAnswersIsLostWithinFifteenSeconds() throws Exception {
        // The kernel completes connections to a socket that is never accepted: a hung process.
        try (ServerSocket hung = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             WorkerEnsemble ensemble = new WorkerEnsemble(List.of(worker("http://127.0.0.1:" + hung.getLocalPort())), Placement.SPLIT, false)) {
            long start = System.nanoTime();
            WorkerLostException lost = assertThrows(WorkerLostException.class, ensemble::getCountersStats);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 15, "noticed after " + seconds + " s");
            assertTrue(seconds >= Heartbeat.LOST_AFTER.toSeconds() - 1, "not before the heartbeat's limit: " + seconds + " s");
            assertTrue(lost.getMessage().startsWith("worker http://127.0.0.1:" + hung.getLocalPort()
                    + " stopped answering: no reply to the heartbeat for 10 s"), lost.getMessage());
        }
    }

    @Test
    void aDeadWorkerFailsOneCallThenTheOthersGoOnAndTheResultSaysWhichWasLost() throws Exception {
        int deadPort;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = closed.getLocalPort();
        }
        try (WorkerServer live = WorkerServer.start(new WorkerServer.Settings("127.0.0.1", 0, null, true))) {
            String liveUrl = "http://127.0.0.1:" + live.port();
            WorkerIdentity liveIdentity = new WorkerConnector(client, null, "test/1").connect(List.of(URI.create(liveUrl))).get(0);
            try (WorkerEnsemble ensemble = new WorkerEnsemble(List.of(new HttpWorker(liveIdentity, client, null, "test/1"),
                    worker("http://127.0.0.1:" + deadPort)), Placement.COLOCATED, false)) {
                long start = System.nanoTime();
                WorkerLostException lost = assertThrows(WorkerLostException.class, ensemble::getCountersStats);
                assertTrue((System.nanoTime() - start) / 1e9 < 5, "a refused connection needs no heartbeat");
                assertTrue(lost.getMessage().startsWith("worker http://127.0.0.1:" + deadPort + " cannot be reached"), lost.getMessage());

                assertEquals(0, ensemble.getCountersStats().messagesSent, "the live worker still answers");
                ensemble.stopAll();
                assertTrue(ensemble.deliveryUnavailableReason().startsWith("worker http://127.0.0.1:" + deadPort + " was lost during the run"));
                assertEquals("ok", ensemble.workerReports().get(0).status);
                assertTrue(ensemble.workerReports().get(1).status.startsWith("lost: cannot be reached"), ensemble.workerReports().get(1).status);
            }
        }
    }

    private HttpWorker worker(String url) {
        return new HttpWorker(new WorkerIdentity(URI.create(url), true, "test", "instance-1"), client, null, "test/1");
    }
}
