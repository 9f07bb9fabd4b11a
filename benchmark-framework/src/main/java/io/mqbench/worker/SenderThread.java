package io.mqbench.worker;

/**
 * The thread that sends for one producer, each message (or batch) at the time its {@link
 * PacedSchedule} says. One thread per producer, so that a send that blocks (the harness's or the
 * driver's window is full, a synchronous send) holds back that producer alone.
 */
final class SenderThread implements Runnable {
    private final ProducerSlot slot;
    private final PacedSchedule schedule;
    private final BatchDraw batches;
    private final Thread thread;
    private final ThreadTimes times;
    private volatile boolean running = true;

    SenderThread(String name, ProducerSlot slot, double rate, BatchDraw batches) {
        this.slot = slot;
        this.batches = batches;
        this.schedule = new PacedSchedule(rate);
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
        this.times = new ThreadTimes(thread);
    }

    void start() {
        thread.start();
    }

    void setRate(double rate) {
        schedule.setRate(rate);
    }

    @Override
    public void run() {
        times.learnOwnId();
        while (running) {
            int batch = batches.next();
            long intended = schedule.awaitNext(batch, slot.lastSentNanos());
            if (intended == Long.MIN_VALUE) {
                continue;
            }
            // With a bound on outstanding sends, waiting here is the synchronous send: the
            // schedule runs on, so the wait shows up as publish delay, not as a lower rate.
            if (!slot.awaitCapacity(batch, () -> running)) {
                return;
            }
            for (int i = 0; i < batch; i++) {
                if (!slot.send(intended)) {
                    return;
                }
            }
        }
    }

    /** This thread's time so far, for the saturation guard: a sender with none to spare is the limit. */
    SenderLoad load() {
        long[] sample = times.sample();
        return new SenderLoad(thread.getName(), thread.getId(), sample[0], sample[1]);
    }

    /** Stops sending and waits for the thread; sends already made may still complete later. */
    void stop() throws InterruptedException {
        // No interrupt: a thread inside a driver call (a socket write) must not be disturbed there.
        running = false;
        thread.join(10_000);
    }
}
