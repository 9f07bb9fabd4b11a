package io.mqbench.driver.rocketmq;

import io.mqbench.driver.support.Choices;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;

/**
 * The RocketMQ driver's YAML file, read strictly. Every key of upstream OMB's {@code rocketmq.yaml}
 * (driver-rocketmq, the remoting client) keeps its name and meaning at the top level, so an upstream
 * file loads with only {@code driverClass} changed. mqbench adds the keys from {@code
 * sendTimeoutMs} on. A key left out keeps the RocketMQ client's own default, as upstream's driver
 * does with a key it does not find; the defaults here say what that default is.
 */
public final class RocketMqSettings {
    public String name;
    public String driverClass;

    /** The name servers, {@code host:port[;host:port...]}. */
    public String namesrvAddr = "127.0.0.1:9876";
    /** The cluster whose master brokers get every topic. */
    public String clusterName = "DefaultCluster";
    /** Send over the broker's second ("VIP") port, listenPort - 2. The client's default is false. */
    public boolean vipChannelEnabled;
    /** Largest message body a producer sends; larger sends fail. Client default 4 MiB. */
    public Integer maxMessageSize;
    /** Bodies larger than this are compressed by the producer. Client default 4 KiB. */
    public Integer compressMsgBodyOverHowmuch;
    /** Create topics with the batch consume queue ({@code queue.type=BatchCQ}), which indexes a batch as one entry. */
    public boolean batchCQ;
    /** The producer gathers asynchronous sends into batches per queue (RocketMQ 5's accumulator). */
    public boolean autoBatch;
    /** With autoBatch: a batch is sent when it holds this many bytes. Client default 32 KiB. */
    public Integer batchMaxBytes;
    /** With autoBatch: how long a batch waits for more messages. Client default 10 ms. */
    public Integer batchMaxDelayMs;
    /** With autoBatch: bytes all batches of the producer may hold before sends wait. Client default 32 MiB. */
    public Long totalBatchMaxBytes;
    /** Asynchronous sends wait for room when backpressureConcurrency sends are unconfirmed (else they queue in the client). */
    public boolean enableBackpressure;
    /** With enableBackpressure: most unconfirmed asynchronous sends. Client default 10,000. */
    public Integer backpressureConcurrency;
    /** ACL credentials: not supported by this driver (left empty as in upstream's file). */
    public String accessKey;
    public String secretKey;

    /**
     * mqbench: threads that carry out the producer's asynchronous sends. The client's default is one per
     * core, which lets two sends of one producer overtake each other on their way to the broker; one
     * thread keeps each producer's sends in the order they were made.
     */
    public int asyncSenderThreads = 1;
    /** mqbench: a send not confirmed within this long fails. Client default 3 s. */
    public int sendTimeoutMs = 3_000;
    /**
     * mqbench: how a push consumer hands messages over: {@code concurrently} (upstream's driver; a pool
     * of consumeThreads, so messages of one queue can be handed over out of order) or {@code orderly}
     * (one queue at a time, in queue order, holding the broker's lock on the queue).
     */
    public String consumeMode = "concurrently";
    /** mqbench: the consumer's thread pool (min and max alike). Client default 20. */
    public int consumeThreads = 20;
    /** mqbench: messages a consumer asks a queue for in one pull. Client default 32. */
    public int pullBatchSize = 32;
    /** mqbench: messages a consumer holds per queue before it stops pulling (its prefetch). Client default 1,000. */
    public int pullThresholdForQueue = 1_000;
    /** mqbench: delete the topics and consumer groups this driver created when it closes. */
    public boolean deleteTopicsOnClose = true;

    enum ConsumeMode {
        CONCURRENTLY,
        ORDERLY
    }

    ConsumeMode consumeMode() {
        return Choices.choice("consumeMode", consumeMode, ConsumeMode.class);
    }

    /** Strictly, then {@link #validate()}; every problem is a one-line IOException naming the field. */
    static RocketMqSettings read(File file) throws IOException {
        return DriverSettings.read(file, RocketMqSettings.class, RocketMqSettings::validate);
    }

    void validate() {
        if (namesrvAddr == null || namesrvAddr.isBlank()) {
            throw new IllegalArgumentException("namesrvAddr is empty; give the name server, e.g. 127.0.0.1:9876");
        }
        for (String address : namesrvAddr.trim().split(";")) {
            if (!address.trim().matches("[^:\\s]+:\\d{1,5}")) {
                throw new IllegalArgumentException("namesrvAddr is '" + namesrvAddr + "'; give host:port, several separated"
                        + " by ';', e.g. 127.0.0.1:9876");
            }
        }
        if (clusterName == null || clusterName.isBlank()) {
            throw new IllegalArgumentException("clusterName is empty; give the cluster whose brokers get the topics"
                    + " (a single broker's default: DefaultCluster)");
        }
        if (!blank(accessKey) || !blank(secretKey)) {
            throw new IllegalArgumentException("accessKey and secretKey (RocketMQ ACL) are not supported by mqbench's"
                    + " RocketMQ driver; leave them empty and benchmark a cluster without ACL");
        }
        consumeMode();
        range("maxMessageSize", maxMessageSize, 1, 1024 * 1024 * 1024);
        range("compressMsgBodyOverHowmuch", compressMsgBodyOverHowmuch, 0, Integer.MAX_VALUE);
        range("batchMaxBytes", batchMaxBytes, 1, 1024 * 1024 * 1024);
        range("batchMaxDelayMs", batchMaxDelayMs, 0, 60_000);
        range("totalBatchMaxBytes", totalBatchMaxBytes, 1, Long.MAX_VALUE);
        range("backpressureConcurrency", backpressureConcurrency, 1, 10_000_000);
        range("asyncSenderThreads", (long) asyncSenderThreads, 1, 1_000);
        range("sendTimeoutMs", (long) sendTimeoutMs, 1, 3_600_000);
        range("consumeThreads", (long) consumeThreads, 1, 1_000);
        // The broker answers at most 32 messages per pull unless its maxTransferCountOnMessageInMemory is raised.
        range("pullBatchSize", (long) pullBatchSize, 1, 1_024);
        range("pullThresholdForQueue", (long) pullThresholdForQueue, 1, 65_535);
        if (pullThresholdForQueue < pullBatchSize) {
            throw new IllegalArgumentException("pullThresholdForQueue (" + pullThresholdForQueue + ") is below pullBatchSize ("
                    + pullBatchSize + "); a consumer must be able to hold one pull's messages");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static void range(String field, Number value, long min, long max) {
        if (value != null && (value.longValue() < min || value.longValue() > max)) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + min + " to " + max);
        }
    }
}
