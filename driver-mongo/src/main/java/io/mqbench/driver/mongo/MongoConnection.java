package io.mqbench.driver.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.jar.Manifest;
import org.bson.Document;

/**
 * The one {@link MongoClient} of a driver (thread safe, with its own connection pool that
 * producers and consumers share), and what the server says about itself. Credentials stay inside
 * the connection string: logs and metadata only ever name the hosts.
 */
final class MongoConnection implements AutoCloseable {
    private final MongoClient client;
    private final MongoDatabase database;
    private final String hosts;

    private MongoConnection(MongoClient client, MongoDatabase database, String hosts) {
        this.client = client;
        this.database = database;
        this.hosts = hosts;
    }

    /**
     * Connects and checks the server answers (a {@code ping}), so an unreachable server or wrong
     * credentials stop the run before it starts. Waits at most the connection string's
     * {@code serverSelectionTimeoutMS} (the client's default: 30 s).
     */
    static MongoConnection open(MongoSettings settings, Consumer<MongoClientSettings.Builder> customizer)
            throws IOException {
        ConnectionString connectionString = settings.parsedConnectionString();
        String hosts = String.join(",", connectionString.getHosts());
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .applyConnectionString(connectionString)
                .applicationName(connectionString.getApplicationName() != null
                        ? connectionString.getApplicationName() : "mqbench")
                .writeConcern(settings.sendWriteConcern())
                .readPreference(settings.parsedReadPreference());
        customizer.accept(builder);
        MongoClient client = MongoClients.create(builder.build());
        try {
            MongoDatabase database = client.getDatabase(settings.database);
            database.runCommand(new Document("ping", 1));
            return new MongoConnection(client, database, hosts);
        } catch (MongoException e) {
            client.close();
            throw new IOException("cannot reach MongoDB at " + hosts + " (" + e.getClass().getSimpleName() + ": "
                    + firstLine(e.getMessage()) + "); check connectionString and that the server runs", e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    MongoDatabase database() {
        return database;
    }

    String hosts() {
        return hosts;
    }

    /** Client library, server version and topology, for the result file. */
    Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "org.mongodb:mongodb-driver-sync " + clientVersion());
        try {
            Document buildInfo = database.runCommand(new Document("buildInfo", 1));
            facts.put("brokerVersion", String.valueOf(buildInfo.get("version")));
        } catch (MongoException e) {
            facts.put("brokerVersion", "unknown (buildInfo failed: " + e.getClass().getSimpleName() + ")");
        }
        facts.put("topology", topology(client.getClusterDescription()));
        facts.put("hosts", hosts);
        return facts;
    }

    /** STANDALONE, REPLICA_SET (with the set's name and member count) or SHARDED. */
    private static String topology(ClusterDescription cluster) {
        ClusterType type = cluster.getType();
        if (type == ClusterType.REPLICA_SET) {
            String set = cluster.getServerDescriptions().stream()
                    .map(ServerDescription::getSetName).filter(n -> n != null).findFirst().orElse("?");
            return "replica set " + set + " (" + cluster.getServerDescriptions().size() + " members seen)";
        }
        return type.name().toLowerCase(Locale.ROOT);
    }

    /** The client jar's version, from its manifest (the client has no public version constant). */
    private static String clientVersion() {
        URL classFile = MongoClient.class.getResource("MongoClient.class");
        if (classFile != null && "jar".equals(classFile.getProtocol())) {
            String jar = classFile.toString();
            String manifest = jar.substring(0, jar.indexOf("!/") + 2) + "META-INF/MANIFEST.MF";
            try (InputStream in = java.net.URI.create(manifest).toURL().openStream()) {
                String version = new Manifest(in).getMainAttributes().getValue("Build-Version");
                if (version != null) {
                    return version;
                }
            } catch (IOException e) {
                return "unknown";
            }
        }
        return "unknown";
    }

    @Override
    public void close() {
        client.close();
    }
}
