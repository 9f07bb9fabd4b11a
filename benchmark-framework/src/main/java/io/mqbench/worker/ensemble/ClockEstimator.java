package io.mqbench.worker.ensemble;

import io.mqbench.result.ClockOffset;
import java.util.List;

/**
 * A worker's clock offset from round trips: for each, the coordinator notes its time before
 * sending and after the answer, the worker its time in between. Assuming the answer was made
 * halfway, offset = worker time − (sent + received) / 2, off by at most half the round trip; so the
 * sample with the smallest round trip is kept (Cristian's algorithm, as NTP does per exchange).
 */
final class ClockEstimator {
    /** One exchange, all in epoch microseconds. */
    record Sample(long sentMicros, long workerMicros, long receivedMicros) {
        long roundTrip() {
            return receivedMicros - sentMicros;
        }

        long offset() {
            // The sum of two epoch-microsecond values fits easily in a long.
            return workerMicros - (sentMicros + receivedMicros) / 2;
        }
    }

    private ClockEstimator() {}

    static ClockOffset estimate(String worker, List<Sample> samples) {
        if (samples.isEmpty()) {
            return ClockOffset.unknown(worker, "no clock samples");
        }
        Sample best = samples.get(0);
        for (Sample sample : samples) {
            if (sample.roundTrip() < best.roundTrip()) {
                best = sample;
            }
        }
        return new ClockOffset(worker, best.offset(), best.roundTrip(), samples.size(), null);
    }
}
