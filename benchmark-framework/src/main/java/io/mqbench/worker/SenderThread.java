package io.mqbench.worker;

import java.util.List;

/**
 * A thread that sends for a group of producers, taking them in turn, each message (or batch) at the
 * time its {@link PacedSchedule} says. The group shares one schedule whose rate is the sum of its
 * producers' rates, so every producer gets an equal share.
 */
final class SenderThread implements Runnable {
    private final List<ProducerSlot> slots;
    private final PacedSchedule schedule;
    private final Thread thread;
    private volatile boolean running = true;
    private int next;

    private final BatchDraw batches;

    SenderThread(String name, List<ProducerSlot> slots, double rate, BatchDraw batches) {
        this.slots = slots;
        this.batches = batches;
        this.schedule = new PacedSchedule(rate);
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    int producers() {
        return slots.size();
    }

    void start() {
        thread.start();
    }

    void setRate(double rate) {
        schedule.setRate(rate);
    }

    @Override
    public void run() {
        while (running) {
            int batch = batches.next();
            long intended = schedule.awaitNext(batch);
            if (intended == Long.MIN_VALUE) {
                continue;
            }
            ProducerSlot slot = slots.get(next);
            next = next + 1 == slots.size() ? 0 : next + 1;
            // With a bound on outstanding sends, waiting here is the synchronous send: the
            // schedule runs on, so the wait shows up as publish delay, not as a lower rate.
            if (!slot.awaitCapacity(batch, () -> running)) {
                return;
            }
            for (int i = 0; i < batch; i++) {
                slot.send(intended);
            }
        }
    }

    /** Stops sending and waits for the thread; sends already made may still complete later. */
    void stop() throws InterruptedException {
        running = false;
        thread.join(10_000);
    }
}
