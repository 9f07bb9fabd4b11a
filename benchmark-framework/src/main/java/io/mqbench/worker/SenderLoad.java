package io.mqbench.worker;

/**
 * One sending thread's time since it started: running, and runnable but waiting for a core. The
 * rest it slept, until its next message was due or a full window had room. Two samples of the same
 * thread give the share of the time between them it had no time to spare.
 *
 * @param thread the thread's name
 * @param threadId the JVM's id of the thread: names repeat from run to run, ids do not
 * @param runNanos time the thread ran; -1 when the platform does not say
 * @param waitNanos time it waited on a run queue for a core; -1 when the platform does not say
 */
public record SenderLoad(String thread, long threadId, long runNanos, long waitNanos) {}
