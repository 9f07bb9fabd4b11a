package io.mqbench.driver.mongo;

import com.mongodb.MongoClientSettings;
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
 * The MongoDB wire-protocol server that {@code bin/brokers start mongo} runs on 127.0.0.1:27017
 * (mongo-java-server, an emulation: no replication, write concerns accepted and ignored), a
 * database of its own for each test class, driver files pointing at it, and a plain client to look
 * at what the driver left there. A test class holds one in a static {@code @RegisterExtension}
 * field, which drops the database after the class's last test.
 */
final class LocalMongo implements AutoCloseable, AfterAllCallback {
    static final String URI = "mongodb://127.0.0.1:27017/?serverSelectionTimeoutMS=5000";

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
        db().drop();
        inspector.close();
    }
}
