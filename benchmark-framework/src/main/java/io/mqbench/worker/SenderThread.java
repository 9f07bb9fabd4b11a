package io.mqbench.worker;

import java.util.List;

/**
 * A thread that sends for a group of producers, taking them in turn, each message at the time its
 * {@link PacedSchedule} says. The group shares one schedule whose rate is the sum of its
 * producers' rates, so every producer gets an equal share.
 */
final class SenderThread implements Runnable {
    private final List<ProducerSlot> slots;
    private final PacedSchedule schedule;
    private final Thread thread;
    private volatile boolean running = true;
    private int next;

    SenderThread(String name, List<ProducerSlot> slots, double rate) {
        this.slots = slots;
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
            long intended = schedule.awaitNext();
            if (intended == Long.MIN_VALUE) {
                continue;
            }
            ProducerSlot slot = slots.get(next);
            next = next + 1 == slots.size() ? 0 : next + 1;
            slot.send(intended);
        }
    }

    /** Stops sending and waits for the thread; sends already made may still complete later. */
    void stop() throws InterruptedException {
        running = false;
        thread.join(10_000);
    }
}
