package io.mqbench.delivery;

import java.util.HashMap;
import java.util.Map;

/**
 * The receipts of one consumer, by producer. Drivers may call a consumer's callback from more than
 * one thread, so every method locks; one consumer's lock is rarely contended.
 */
public final class ConsumerReceipts {
    private final String subscriptionKey;
    private final Map<Long, ReceiptLedger> byProducer = new HashMap<>();
    private long lastProducer = Long.MIN_VALUE;
    private ReceiptLedger lastLedger;

    public ConsumerReceipts(String subscriptionKey) {
        this.subscriptionKey = subscriptionKey;
    }

    public String subscriptionKey() {
        return subscriptionKey;
    }

    public synchronized void received(long producerId, long sequence) {
        // Messages mostly come from the same producer as the one before: skip the map then.
        if (producerId != lastProducer || lastLedger == null) {
            lastLedger = byProducer.computeIfAbsent(producerId, id -> new ReceiptLedger());
            lastProducer = producerId;
        }
        lastLedger.record(sequence);
    }

    /** Copies of the ledgers, safe to merge while messages keep arriving. */
    public synchronized Map<Long, ReceiptLedger> snapshot() {
        Map<Long, ReceiptLedger> copy = new HashMap<>();
        byProducer.forEach((id, ledger) -> copy.put(id, ledger.copy()));
        return copy;
    }
}
