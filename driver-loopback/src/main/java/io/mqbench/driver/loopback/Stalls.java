package io.mqbench.driver.loopback;

/**
 * The in-memory broker's misbehaviours in time, made once from the settings and shared by every
 * producer and consumer of the driver: the {@code sendStall} (sends wait), the {@code
 * deliveryStall} (deliveries wait), the {@code ackLag} (acknowledgements late) and the {@code
 * stallAtEndMs} (deliveries wait once the producers stop).
 */
record Stalls(SendStall send, StallWindow delivery, AckLag ackLag, EndStall end) {
    static Stalls from(LoopbackSettings settings) {
        return new Stalls(new SendStall(settings.sendStall), new StallWindow(settings.deliveryStall),
                new AckLag(settings.ackLag), new EndStall(settings.stallAtEndMs));
    }

    /** A producer handed a message over at {@code now}: the windows' clocks start with the first one. */
    void sent(long now) {
        end.sent(now);
        delivery.sent(now);
        ackLag.sent(now);
    }
}
