package io.mqbench.delivery;

/**
 * What one producer sent: the sequence numbers the broker confirmed. A message counts as lost only
 * if it was confirmed and then never delivered; a send that failed or was still unconfirmed when the
 * run stopped is not the broker's loss.
 */
public final class ProducerLedger {
    private final long producerId;
    private final String topic;
    private final SequenceBitmap confirmed = new SequenceBitmap();
    private final SendTimes sendTimes = new SendTimes();
    private long nextSequence;

    public ProducerLedger(long producerId, String topic) {
        this.producerId = producerId;
        this.topic = topic;
    }

    public long producerId() {
        return producerId;
    }

    public String topic() {
        return topic;
    }

    /** The next sequence number; called only by the one thread that sends for this producer. */
    public long nextSequence() {
        return nextSequence++;
    }

    /** Notes when a message went out (by its header's time); called by the sending thread. */
    public void sentAt(long sequence, long epochMicros) {
        sendTimes.sent(sequence, epochMicros);
    }

    public SendTimes sendTimesSnapshot() {
        return sendTimes.copy();
    }

    /** Called from the driver's completion threads. */
    public void confirmed(long sequence) {
        synchronized (confirmed) {
            confirmed.add(sequence);
        }
    }

    /** A copy of the confirmed set, safe to read while sends go on. */
    public SequenceBitmap confirmedSnapshot() {
        SequenceBitmap copy = new SequenceBitmap();
        synchronized (confirmed) {
            copy.addAll(confirmed);
        }
        return copy;
    }
}
