package io.mqbench.driver.jms;

import io.mqbench.driver.support.Choices;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;

/**
 * The settings every JMS broker shares: how messages are sent, acknowledged and subscribed. A
 * provider's settings class adds its connection fields. Unknown fields are rejected, and every
 * check names the field and what it accepts. See driver-artemis/README.md for defaults and costs.
 */
public abstract class JmsSettings {
    public String name;
    public String driverClass;

    /** Credentials for the connection; the harness redacts the password in result files. */
    public String user;
    public String password;

    /** persistent (written to the broker's journal before it acknowledges) or non_persistent. */
    public String deliveryMode = "persistent";

    /** sync: each send blocks until the broker answered; async: the broker's answer completes the send later. */
    public String sendMode = "async";

    /** async only: most unanswered sends per producer before a send waits (default 1000); 0: no limit. */
    public Integer maxPendingSends;

    /** auto, client, dups_ok or transacted. */
    public String ackMode = "auto";

    /** client only: call Message.acknowledge() every N messages (it acknowledges all before it). */
    public Integer clientAckBatchSize;

    /** transacted only: commit the consumer's session every N messages. */
    public Integer transactionBatchSize;

    /** Subscriptions keep messages while no consumer is connected and survive a broker restart. */
    public boolean durableSubscriptions = true;

    /** A message's key becomes its JMSXGroupID: one consumer of a subscription gets a key, in order. */
    public boolean messageGroups = false;

    /** Remove the subscriptions and topics this driver created when it closes. */
    public boolean deleteTopologyOnClose = true;

    public enum DeliveryMode { PERSISTENT, NON_PERSISTENT }

    public enum SendMode { SYNC, ASYNC }

    public enum AckMode { AUTO, CLIENT, DUPS_OK, TRANSACTED }

    private DeliveryMode parsedDeliveryMode;
    private SendMode parsedSendMode;
    private AckMode parsedAckMode;

    /** Reads and checks a driver file; every problem is an IOException naming the field. */
    public static <T extends JmsSettings> T read(File file, Class<T> type) throws IOException {
        return DriverSettings.read(file, type, JmsSettings::validate);
    }

    /** Checks every field; a subclass checks its own fields and then calls this. */
    public void validate() {
        parsedDeliveryMode = Choices.choice("deliveryMode", deliveryMode, DeliveryMode.class);
        parsedSendMode = Choices.choice("sendMode", sendMode, SendMode.class);
        parsedAckMode = Choices.choice("ackMode", ackMode, AckMode.class);
        if (parsedSendMode == SendMode.SYNC && maxPendingSends != null) {
            throw new IllegalArgumentException("maxPendingSends applies to sendMode async only (a sync send waits"
                    + " for its answer, so one is pending at a time); remove it or set sendMode: async");
        }
        if (parsedSendMode == SendMode.ASYNC) {
            maxPendingSends = maxPendingSends == null ? 1000 : maxPendingSends;
            Choices.atLeast("maxPendingSends", maxPendingSends, 0);
        }
        clientAckBatchSize = batchSize("clientAckBatchSize", clientAckBatchSize, AckMode.CLIENT, 1);
        transactionBatchSize = batchSize("transactionBatchSize", transactionBatchSize, AckMode.TRANSACTED, 100);
        if ((password == null) != (user == null)) {
            throw new IllegalArgumentException((user == null ? "password" : "user") + " is set but "
                    + (user == null ? "user" : "password") + " is not; give both or neither");
        }
    }

    private Integer batchSize(String field, Integer value, AckMode mode, int defaultValue) {
        if (value == null) {
            return parsedAckMode == mode ? defaultValue : null;
        }
        if (parsedAckMode != mode) {
            throw new IllegalArgumentException(field + " applies to ackMode " + mode.name().toLowerCase()
                    + " only; remove it or set ackMode: " + mode.name().toLowerCase());
        }
        Choices.atLeast(field, value, 1);
        return value;
    }

    public DeliveryMode deliveryModeKind() {
        return parsedDeliveryMode;
    }

    public SendMode sendModeKind() {
        return parsedSendMode;
    }

    public AckMode ackModeKind() {
        return parsedAckMode;
    }

    /** sendMode async: the broker's answer completes a send later, with at most {@link #maxPendingSends} pending. */
    public boolean asyncSends() {
        return parsedSendMode == SendMode.ASYNC;
    }

    public boolean persistent() {
        return parsedDeliveryMode == DeliveryMode.PERSISTENT;
    }

    /** The acknowledgement policy as one phrase, for the result's metadata. */
    public String describeAcks() {
        return switch (parsedAckMode) {
            case AUTO -> "auto (each message after the callback returned)";
            case DUPS_OK -> "dups_ok (lazy, batched by the client)";
            case CLIENT -> "client, acknowledge() every " + clientAckBatchSize;
            case TRANSACTED -> "transacted, commit every " + transactionBatchSize;
        };
    }
}
