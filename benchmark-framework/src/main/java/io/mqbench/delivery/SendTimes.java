package io.mqbench.delivery;

import java.util.Arrays;

/**
 * When a producer sent its messages, to within a fraction of a second, in a few bytes a second:
 * the sequence number and send time of the first message of each wall-clock second. A message's
 * time is interpolated between the two marks around it (sends are paced, so evenly spread within
 * a second). It lets a confirmed message that never arrived be placed before, during or after a
 * fault.
 */
public final class SendTimes {
    private long[] sequences = new long[64];
    private long[] micros = new long[64];
    private int size;
    private long nextSecondMicros = Long.MIN_VALUE;

    /** Notes a send; called by the producer's one sending thread, with the time written in the message's header. */
    public void sent(long sequence, long epochMicros) {
        if (epochMicros < nextSecondMicros) {
            return; // the common case: one comparison per message
        }
        synchronized (this) {
            if (size == sequences.length) {
                sequences = Arrays.copyOf(sequences, size * 2);
                micros = Arrays.copyOf(micros, size * 2);
            }
            sequences[size] = sequence;
            micros[size] = epochMicros;
            size++;
        }
        nextSecondMicros = (Math.floorDiv(epochMicros, 1_000_000) + 1) * 1_000_000;
    }

    /** Rebuilt from {@link #sequences()} and {@link #micros()} (see the worker HTTP protocol). */
    public static SendTimes of(long[] sequences, long[] micros) {
        SendTimes times = new SendTimes();
        times.sequences = sequences.clone();
        times.micros = micros.clone();
        times.size = sequences.length;
        return times;
    }

    public synchronized SendTimes copy() {
        return of(sequences(), micros());
    }

    public synchronized long[] sequences() {
        return Arrays.copyOf(sequences, size);
    }

    public synchronized long[] micros() {
        return Arrays.copyOf(micros, size);
    }

    /** The send time of a sequence number in epoch microseconds, or -1 if it is before the first mark. */
    public synchronized long microsOf(long sequence) {
        int index = Arrays.binarySearch(sequences, 0, size, sequence);
        if (index >= 0) {
            return micros[index];
        }
        int before = -index - 2;
        if (before < 0) {
            return -1;
        }
        if (before + 1 >= size) {
            return micros[before]; // after the last mark: within the last second it started
        }
        // Every message between two marks went out in the first mark's second (a later second
        // would have made it a mark): spread them over that second, or up to the next mark.
        long end = Math.min(micros[before + 1], (Math.floorDiv(micros[before], 1_000_000) + 1) * 1_000_000);
        double share = (double) (sequence - sequences[before]) / (sequences[before + 1] - sequences[before]);
        return micros[before] + Math.round(share * (end - micros[before]));
    }
}
