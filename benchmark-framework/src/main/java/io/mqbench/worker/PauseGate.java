package io.mqbench.worker;

/**
 * Holds a consumer's callback while consumers are paused, for drivers whose consumers cannot pause
 * themselves (see {@link io.mqbench.driver.api.PausableConsumer}). This is what upstream OMB does;
 * it blocks the driver's delivery thread, which is the point: the client stops fetching once its
 * buffers are full.
 */
final class PauseGate {
    private volatile boolean paused;

    void pause() {
        paused = true;
    }

    void resume() {
        paused = false;
    }

    void awaitOpen() {
        while (paused) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
