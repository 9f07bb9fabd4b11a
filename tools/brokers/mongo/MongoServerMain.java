// A main class for mongo-java-server, which ships none: bin/brokers compiles this once
// (tools/brokers/servers/mongo.py) and runs it in the foreground.
// Usage: java -cp <mongo-java-server jars>:<classes> MongoServerMain <host> <port>
// Memory backend: data lives as long as the process (stop or `reset` empties it).

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public final class MongoServerMain {
    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 27017;
        MongoServer server = new MongoServer(new MemoryBackend());
        // SIGTERM from `bin/brokers stop` runs this: close the listener and client connections
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "shutdown"));
        server.bind(host, port);
        System.out.println("mongo-java-server listening on " + host + ":" + port);
        Thread.currentThread().join();
    }
}
