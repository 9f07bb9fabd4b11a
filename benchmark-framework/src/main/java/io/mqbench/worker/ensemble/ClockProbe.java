package io.mqbench.worker.ensemble;

import io.mqbench.result.ClockOffset;
import io.mqbench.worker.remote.HttpWorker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads a worker's clock several times and keeps the tightest estimate (see {@link ClockEstimator}). */
final class ClockProbe {
    static final int SAMPLES = 20;

    ClockOffset measure(HttpWorker worker) throws IOException {
        if (!worker.identity().mqbench()) {
            return ClockOffset.unknown(worker.id(), "upstream OMB worker: it has no " + io.mqbench.worker.protocol.WorkerProtocol.CLOCK + " endpoint");
        }
        // The first exchanges pay for the connection and cold code: not samples.
        for (int i = 0; i < 3; i++) {
            worker.readClock();
        }
        List<ClockEstimator.Sample> samples = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            long[] exchange = worker.readClock();
            samples.add(new ClockEstimator.Sample(exchange[0], exchange[1], exchange[2]));
        }
        return ClockEstimator.estimate(worker.id(), samples);
    }
}
