package io.mqbench.coordinator.maxrate;

/**
 * What one window at a fixed target showed: the rates achieved (least-squares slopes of the
 * counters), how fast the backlog grew, the latency the objective limits (if any), and whether that
 * is sustainable within the tolerance used.
 *
 * @param publishRate acknowledged sends per second
 * @param consumeRate receipts per second over all subscriptions
 * @param backlogSlope growth of the backlog in messages per second (negative: shrinking)
 * @param unacknowledgedSlope growth of the sends awaiting acknowledgement (over all subscriptions),
 *     in messages per second, where the verdict counted it (a window judged as a fixed-rate run);
 *     null elsewhere
 * @param tolerance share of the target that shortfall and backlog growth may reach
 * @param latencyMs the objective's percentile over the window, or null without a latency limit
 * @param latencyOnly unsustainable only because of the latency limit: the rates kept up
 * @param marginal unsustainable by less than three times the tolerance: a hiccup the system had not
 *     yet made up for could explain it, so a longer window is worth a look
 */
public record Verdict(boolean healthy, double publishRate, double consumeRate, double backlogSlope, Double unacknowledgedSlope,
                      double tolerance,
                      Double latencyMs, String reason, boolean latencyOnly, boolean marginal) {}
