package io.mqbench.driver.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoSocketException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The MongoDB wire-protocol server of {@code bin/brokers} the integration tests run against, a
 * database of its own for each test class, driver files pointing at it, and a plain client to look
 * at what the driver left there. A test class holds one in a static {@code @RegisterExtension}
 * field, which drops the database after the class's last test.
 *
 * <p>Failsafe runs every IT twice (this module's pom.xml): against {@code mongo}, mongo-java-server
 * on 127.0.0.1:27017 (memory only; write concerns accepted and ignored), and against {@code
 * ferretdb}, FerretDB on SQLite files on 127.0.0.1:27018 (persistent); the system property {@code
 * mqbench.it.mongo} names the one.
 */
final class LocalMongo implements AutoCloseable, AfterAllCallback {
    /** The bin/brokers name of the server under test. */
    static final String BROKER = System.getProperty("mqbench.it.mongo", "mongo");
    /** Whether the server keeps its data across a restart. */
    static final boolean PERSISTENT = BROKER.equals("ferretdb");
    static final String ADDRESS = "127.0.0.1:" + (PERSISTENT ? 27018 : 27017);
    static final String URI = "mongodb://" + ADDRESS + "/?serverSelectionTimeoutMS=5000";
    /**
     * What the tests' loads are divided by. FerretDB on SQLite pushes down no filter but an exact
     * {@code _id}, so every claim reads the whole queue, and it syncs every write to disk: it
     * sustains about 100 msg/s of this queue here (measured at 50, 100 and 200 msg/s: the last fell
     * behind, and the claims slowed as the backlog grew), mongo-java-server thousands.
     */
    static final int LOAD_DIVISOR = PERSISTENT ? 10 : 1;
    /**
     * Whether a findAndModify is one atomic step, so two consumers of a subscription never claim
     * the same message. FerretDB 1.24 reads the document, then writes it back, as two steps: two
     * consumers racing for a message both get it (measured: 92 extra deliveries of 500 with 2
     * consumers, 39 of 100 with 6), so on it the shared subscriptions deliver at least once.
     */
    static final boolean ATOMIC_CLAIMS = !PERSISTENT;
    /** The module's shipped driver file for this server. */
    static final String SHIPPED_FILE = PERSISTENT ? "mongo-ferretdb.yaml" : "mongo-local.yaml";

    final String database = "mqbench_it_" + UUID.randomUUID().toString().substring(0, 8);
    private final MongoClient inspector = MongoClients.create(URI);

    /** A driver file: name, class, this server and database, then {@code settings}. */
    Path driverFile(Path dir, String settings) throws IOException {
        Path file = Files.createTempFile(dir, "mongo-", ".yaml");
        Files.writeString(file, "name: Mongo-IT\n"
                + "driverClass: io.mqbench.driver.mongo.MongoBenchmarkDriver\n"
                + "connectionString: \"" + URI + "\"\n"
                + "database: " + database + "\n"
                + settings);
        return file;
    }

    MongoBenchmarkDriver driver(Path dir, String settings) throws Exception {
        return driver(dir, settings, builder -> { });
    }

    MongoBenchmarkDriver driver(Path dir, String settings, Consumer<MongoClientSettings.Builder> customizer)
            throws Exception {
        MongoBenchmarkDriver driver = new MongoBenchmarkDriver(customizer);
        driver.initialize(driverFile(dir, settings).toFile(), null);
        return driver;
    }

    MongoDatabase db() {
        return inspector.getDatabase(database);
    }

    List<String> collections() {
        return db().listCollectionNames().into(new ArrayList<>());
    }

    /** Documents left in a subscription's queue (unacknowledged messages). */
    long queued(String topic, String subscription) {
        return db().getCollection(new TopicCollections(topic).queue(subscription)).countDocuments();
    }

    static String topic() {
        return "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        try {
            db().drop();
        } catch (MongoSocketException e) {
            db().drop(); // the server was restarted under the pooled connection (DurabilityIT): once more on a new one
        } finally {
            inspector.close();
        }
    }
}
