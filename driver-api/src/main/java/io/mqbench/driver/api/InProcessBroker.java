package io.mqbench.driver.api;

/**
 * Optional: the driver's broker lives inside the worker process (the loopback driver), so a message
 * sent in one worker is only ever received in that worker. The harness refuses a run that would put
 * a topic's producers and consumers in different worker processes, where they would never meet.
 */
public interface InProcessBroker {}
