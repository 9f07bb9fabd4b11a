package io.mqbench.driver.mongo;

import static io.mqbench.driver.support.Choices.choice;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.Durations;
import java.io.File;
import java.io.IOException;

/**
 * The Mongo driver's YAML file. Unknown fields are rejected, and every check names the field and
 * what it accepts. driver-mongo/README.md explains what each setting costs.
 */
public final class MongoSettings {
    public String name;
    public String driverClass;

    /** A standard MongoDB connection string: hosts, replica set, pool size, timeouts, TLS, credentials. */
    public String connectionString = "mongodb://127.0.0.1:27017";

    /** The database that holds the topics' collections. */
    public String database = "mqbench";

    /** The write concern of sends: w1, w2 or majority. */
    public String writeConcern = "w1";

    /** Also wait until the write is in the on-disk journal (j: true). */
    public boolean journal = false;

    /** How long a w2 / majority write waits for the other members before it fails (0ms: forever). */
    public String writeConcernTimeout = "10s";

    /** The write concern of claims and acknowledgements; unset: the same as {@link #writeConcern}. */
    public String consumerWriteConcern;

    /** Where the few plain reads (the topic's subscription list) go; claims and acks are writes. */
    public String readPreference = "primary";

    /** The lease: how long a claimed message stays invisible to other consumers before it is redelivered. */
    public String visibilityTimeout = "30s";

    /** The most messages a consumer claims before it hands them over and acknowledges them together. */
    public int receiveBatch = 10;

    /** The most messages a producer writes with one insertMany. */
    public int insertBatch = 100;

    /** How long a consumer waits before it looks again when its queue had nothing to claim. */
    public String pollInterval = "10ms";

    /** The most sends a producer holds before its writer thread takes them; further sends wait. */
    public int maxPendingSends = 1000;

    /** fifo: claim the oldest visible message first (sort by visibleAt, _id); any: the first the server finds. */
    public String claimOrder = "fifo";

    /** Drop the collections of the topics this driver created when it closes. */
    public boolean deleteTopicsOnClose = true;

    /** What a claim sorts by. */
    enum ClaimOrder { FIFO, ANY }

    private WriteConcernLevel sendLevel;
    private WriteConcernLevel consumerLevel;
    private ReadPreference parsedReadPreference;
    private ClaimOrder parsedClaimOrder;
    private long writeConcernTimeoutMillis;
    private long visibilityTimeoutMillis;
    private long pollIntervalMillis;

    /** Reads the file strictly and {@link #validate()}s it; every problem is an IOException naming the field. */
    static MongoSettings read(File file) throws IOException {
        return DriverSettings.read(file, MongoSettings.class, MongoSettings::validate);
    }

    /** Checks every field and parses the named choices; throws naming the field and what it allows. */
    void validate() {
        checkConnectionString();
        checkDatabase();
        sendLevel = choice("writeConcern", writeConcern, WriteConcernLevel.class);
        consumerLevel = consumerWriteConcern == null ? sendLevel
                : choice("consumerWriteConcern", consumerWriteConcern, WriteConcernLevel.class);
        writeConcernTimeoutMillis = Durations.parse(writeConcernTimeout, "writeConcernTimeout").toMillis();
        parsedReadPreference = readPreference();
        parsedClaimOrder = choice("claimOrder", claimOrder, ClaimOrder.class);
        visibilityTimeoutMillis = Durations.parse(visibilityTimeout, "visibilityTimeout").toMillis();
        if (visibilityTimeoutMillis < 100) {
            throw new IllegalArgumentException("visibilityTimeout is " + visibilityTimeout + "; allowed: 100ms or"
                    + " more (a shorter lease expires before a consumer has handed its batch over)");
        }
        pollIntervalMillis = Durations.parse(pollInterval, "pollInterval").toMillis();
        if (pollIntervalMillis < 1 || pollIntervalMillis > 10_000) {
            throw new IllegalArgumentException("pollInterval is " + pollInterval + "; allowed: 1ms to 10s");
        }
        within("receiveBatch", receiveBatch, 1, 1_000);
        // 100 000 is the server's maxWriteBatchSize: one insertMany command holds no more.
        within("insertBatch", insertBatch, 1, 100_000);
        within("maxPendingSends", maxPendingSends, 1, 10_000_000);
    }

    private void checkConnectionString() {
        if (connectionString == null || connectionString.isBlank()) {
            throw new IllegalArgumentException("connectionString is empty; give one, e.g. mongodb://127.0.0.1:27017");
        }
        try {
            new ConnectionString(connectionString.trim());
        } catch (IllegalArgumentException e) {
            // The client's message may quote the string, password included: name the rule only.
            throw new IllegalArgumentException("connectionString is not a MongoDB connection string ("
                    + firstSentence(e.getMessage()) + "); allowed: mongodb://host[:port][,host...][/?options]"
                    + " or mongodb+srv://host", e);
        }
    }

    private static String firstSentence(String message) {
        if (message == null) {
            return "unreadable";
        }
        String redacted = message.replaceAll("(?<=://)[^:/@\\s]+:[^@/\\s]+@", "*****@");
        int end = redacted.indexOf(". ");
        return end > 0 ? redacted.substring(0, end) : redacted;
    }

    private void checkDatabase() {
        // The server's rules for database names: short, and none of these characters.
        if (database == null || database.isEmpty() || database.length() > 63
                || database.chars().anyMatch(c -> "/\\. \"$".indexOf(c) >= 0 || c == 0)) {
            throw new IllegalArgumentException("database is '" + database + "'; allowed: 1 to 63 characters"
                    + " without / \\ . space \" $");
        }
    }

    private ReadPreference readPreference() {
        String[] names = {"primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"};
        for (String known : names) {
            if (known.equalsIgnoreCase(readPreference == null ? "" : readPreference.trim())) {
                return ReadPreference.valueOf(known);
            }
        }
        throw new IllegalArgumentException("readPreference is '" + readPreference + "'; allowed: "
                + String.join(", ", names));
    }

    private static void within(String field, long value, long minimum, long maximum) {
        if (value < minimum || value > maximum) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + minimum + " to " + maximum);
        }
    }

    ConnectionString parsedConnectionString() {
        return new ConnectionString(connectionString.trim());
    }

    WriteConcern sendWriteConcern() {
        return sendLevel.toWriteConcern(journal, writeConcernTimeoutMillis);
    }

    WriteConcern consumerWriteConcern() {
        return consumerLevel.toWriteConcern(journal, writeConcernTimeoutMillis);
    }

    WriteConcernLevel sendLevel() {
        return sendLevel;
    }

    WriteConcernLevel consumerLevel() {
        return consumerLevel;
    }

    ReadPreference parsedReadPreference() {
        return parsedReadPreference;
    }

    ClaimOrder claimOrderKind() {
        return parsedClaimOrder;
    }

    long visibilityTimeoutMillis() {
        return visibilityTimeoutMillis;
    }

    long pollIntervalMillis() {
        return pollIntervalMillis;
    }

    long writeConcernTimeoutMillis() {
        return writeConcernTimeoutMillis;
    }
}
