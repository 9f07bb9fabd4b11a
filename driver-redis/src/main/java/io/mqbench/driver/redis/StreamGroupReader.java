package io.mqbench.driver.redis;

import io.mqbench.driver.support.PauseGate;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One consumer's thread reading some streams of a topic through a consumer group: XREADGROUP (BLOCK,
 * COUNT), the callback for each entry, then XACK. Acknowledgements gather for up to {@code
 * ackIntervalMs} and travel in the same round trip as the next XREADGROUP, so acknowledging costs
 * no extra wait, and its reply, which Redis sends before the read's, wakes the thread once per
 * interval rather than once per read; an entry is acknowledged only after its callback returned.
 * Every so often it takes over entries that another consumer of the group read but left
 * unacknowledged for {@code claimIdleMs} (XAUTOCLAIM): that consumer is taken to be dead.
 */
final class StreamGroupReader implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(StreamGroupReader.class);
    private static final byte[] FROM_START = "0-0".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEW_ENTRIES = {'>'};
    private static final long RECONNECT_PAUSE_MILLIS = 1_000;
    /** Beyond this many ids the acknowledgements go with the next read, whatever the interval. */
    static final int MAX_GATHERED_ACKNOWLEDGEMENTS = 10_000;

    private final Supplier<Connection> connections;
    private final List<String> keys;
    private final byte[] group;
    private final byte[] consumer;
    private final String consumerName;
    private final ConsumerCallback callback;
    private final RedisSettings settings;
    private final CommandArguments read;
    private final Map<String, List<byte[]>> unacknowledged = new LinkedHashMap<>();
    private final Thread thread;
    private final PauseGate gate = new PauseGate();
    private volatile Connection connection;
    private volatile boolean running = true;
    private volatile boolean abandoned;
    private long nextClaimNanos;
    private long nextAcknowledgementNanos;
    private boolean callbackFailureLogged;

    StreamGroupReader(Supplier<Connection> connections, List<String> keys, String group, String consumerName,
                      ConsumerCallback callback, RedisSettings settings) {
        this.connections = connections;
        this.keys = keys;
        this.group = group.getBytes(StandardCharsets.UTF_8);
        this.consumer = consumerName.getBytes(StandardCharsets.UTF_8);
        this.consumerName = consumerName;
        this.callback = callback;
        this.settings = settings;
        this.read = readCommand();
        // Reclaim at once: a consumer that joins may find entries a dead member left behind.
        this.nextClaimNanos = System.nanoTime();
        this.connection = open();
        this.thread = new Thread(this, "redis-consumer-" + consumerName);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void pause() {
        gate.pause();
    }

    void resume() {
        gate.resume();
    }

    @Override
    public void run() {
        while (running) {
            try {
                if (gate.isPaused()) {
                    acknowledgeNow();
                    gate.awaitResumed();
                    continue;
                }
                if (settings.claimIdleMs > 0 && System.nanoTime() - nextClaimNanos >= 0) {
                    reclaimIdleEntries();
                    nextClaimNanos = System.nanoTime() + claimPeriodNanos();
                }
                deliver(readAndAcknowledge());
            } catch (JedisConnectionException e) {
                if (!running) {
                    return;
                }
                // Entries read but not acknowledged stay pending in Redis and are reclaimed later.
                log.warn("consumer {}: connection lost ({}); reconnecting", consumerName, e.getMessage());
                unacknowledged.clear();
                reconnect();
            } catch (JedisDataException e) {
                if (running && isGroupGone(e)) {
                    recreateGroup(e);
                    continue;
                }
                if (running) {
                    log.error("consumer {} of group {} stops: Redis answered {}", consumerName,
                            new String(group, StandardCharsets.UTF_8), e.getMessage());
                }
                return;
            } catch (InterruptedException e) {
                return;
            }
        }
        if (!abandoned) {
            try {
                acknowledgeNow();
            } catch (JedisException e) {
                log.debug("consumer {}: final XACK failed: {}", consumerName, e.toString());
            }
        }
    }

    /** Sends the XACKs that are due and the next XREADGROUP together, then waits for their replies. */
    private List<StreamEntry> readAndAcknowledge() {
        int acks = acknowledgementsDue() ? sendAcknowledgements() : 0;
        connection.sendCommand(read);
        List<Object> replies = connection.getMany(acks + 1);
        checkAcknowledgements(replies.subList(0, acks));
        Object reply = replies.get(acks);
        if (reply instanceof JedisDataException error) {
            throw error;
        }
        return StreamReplies.readGroup(reply);
    }

    private void acknowledgeNow() {
        int acks = sendAcknowledgements();
        if (acks > 0) {
            checkAcknowledgements(connection.getMany(acks));
        }
    }

    private boolean acknowledgementsDue() {
        return System.nanoTime() - nextAcknowledgementNanos >= 0 || gatheredIds() >= MAX_GATHERED_ACKNOWLEDGEMENTS;
    }

    private int gatheredIds() {
        int ids = 0;
        for (List<byte[]> stream : unacknowledged.values()) {
            ids += stream.size();
        }
        return ids;
    }

    private int sendAcknowledgements() {
        if (!unacknowledged.isEmpty()) {
            nextAcknowledgementNanos = System.nanoTime() + settings.ackIntervalMs * 1_000_000L;
        }
        int commands = 0;
        for (Map.Entry<String, List<byte[]>> stream : unacknowledged.entrySet()) {
            CommandArguments ack = new CommandArguments(Protocol.Command.XACK).key(stream.getKey()).add(group);
            for (byte[] id : stream.getValue()) {
                ack.add(id);
            }
            connection.sendCommand(ack);
            commands++;
        }
        unacknowledged.clear();
        return commands;
    }

    private void checkAcknowledgements(List<Object> replies) {
        for (Object reply : replies) {
            if (reply instanceof JedisDataException error) {
                log.warn("consumer {}: XACK failed: {}", consumerName, error.getMessage());
            }
        }
    }

    private void deliver(List<StreamEntry> entries) {
        for (StreamEntry entry : entries) {
            if (abandoned) {
                return;
            }
            try {
                callback.messageReceived(entry.message().payload(), entry.message().publishMillis());
            } catch (RuntimeException e) {
                // Not acknowledged: the entry stays pending and a live consumer reclaims it.
                if (!callbackFailureLogged) {
                    log.warn("consumer {}: the callback failed, entry left pending: {}", consumerName, e.toString());
                    callbackFailureLogged = true;
                }
                continue;
            }
            if (abandoned) {
                // Closed while the callback ran: the connection is gone, the entry stays pending.
                return;
            }
            unacknowledged.computeIfAbsent(entry.key(), key -> new ArrayList<>()).add(entry.id());
        }
    }

    /** Takes over, page by page, entries of this group idle for longer than claimIdleMs. */
    private void reclaimIdleEntries() {
        for (String key : keys) {
            byte[] cursor = FROM_START;
            StreamReplies.ClaimPage page;
            do {
                CommandArguments claim = new CommandArguments(Protocol.Command.XAUTOCLAIM).key(key).add(group)
                        .add(consumer).add(settings.claimIdleMs).add(cursor)
                        .add(Protocol.Keyword.COUNT).add(settings.readBatchSize);
                page = StreamReplies.autoClaim(key, connection.executeCommand(claim));
                if (page.deleted() > 0) {
                    log.warn("consumer {}: {} pending entries of {} were trimmed (maxLen) before anyone acknowledged them: lost",
                            consumerName, page.deleted(), key);
                }
                if (!page.entries().isEmpty()) {
                    log.info("consumer {}: reclaimed {} entries of {} idle for more than {} ms",
                            consumerName, page.entries().size(), key, settings.claimIdleMs);
                }
                deliver(page.entries());
                cursor = page.nextCursor();
            } while (!page.last() && running);
        }
    }

    private long claimPeriodNanos() {
        // Looking twice per idle period bounds how long a dead consumer's entries wait: at most 1.5x.
        return Math.max(100, settings.claimIdleMs / 2) * 1_000_000L;
    }

    /** NOGROUP: the stream or its group is gone, e.g. a server without persistence restarted empty. */
    private static boolean isGroupGone(JedisDataException e) {
        return e.getMessage() != null && e.getMessage().startsWith("NOGROUP");
    }

    /**
     * Creates the group again, at the start of each stream (creating the stream too), so the run
     * goes on with what is sent from now on. What the server lost stays lost: the delivery check
     * counts it.
     */
    private void recreateGroup(JedisDataException cause) {
        log.warn("consumer {}: {}; creating group {} again (the server lost it: restarted without persistence?)",
                consumerName, cause.getMessage(), new String(group, StandardCharsets.UTF_8));
        unacknowledged.clear(); // the entries they named are gone with the group
        for (String key : keys) {
            connection.sendCommand(new CommandArguments(Protocol.Command.XGROUP).add(Protocol.Keyword.CREATE).key(key)
                    .add(group).add(FROM_START).add(Protocol.Keyword.MKSTREAM));
            Object reply = connection.getMany(1).get(0);
            if (reply instanceof JedisDataException error && !error.getMessage().startsWith("BUSYGROUP")) {
                throw error; // another consumer of the subscription may have been first: that is fine
            }
        }
    }

    private void reconnect() {
        RedisEndpoint.discard(connection);
        while (running) {
            try {
                Thread.sleep(RECONNECT_PAUSE_MILLIS);
                connection = open();
                return;
            } catch (JedisException e) {
                log.warn("consumer {}: reconnecting failed: {}", consumerName, e.getMessage());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Connection open() {
        Connection opened = connections.get();
        // A blocked XREADGROUP answers after up to blockMs: the read timeout must allow for it.
        opened.setSoTimeout(settings.socketTimeoutMs + settings.blockMs);
        return opened;
    }

    private CommandArguments readCommand() {
        CommandArguments command = new CommandArguments(Protocol.Command.XREADGROUP)
                .add(Protocol.Keyword.GROUP).add(group).add(consumer)
                .add(Protocol.Keyword.COUNT).add(settings.readBatchSize)
                .add(Protocol.Keyword.BLOCK).add(settings.blockMs)
                .add(Protocol.Keyword.STREAMS);
        keys.forEach(command::key);
        keys.forEach(key -> command.add(NEW_ENTRIES));
        return command;
    }

    /**
     * Stops after the read in progress (at most blockMs) and acknowledges what was delivered. A
     * reader stuck in its callback is abandoned: its connection is closed and nothing more is
     * acknowledged, so its entries stay pending for the group's other consumers to reclaim.
     */
    void close() {
        running = false;
        gate.close();
        join(settings.blockMs + settings.socketTimeoutMs + 1_000L);
        if (thread.isAlive()) {
            abandoned = true;
            log.warn("consumer {} did not stop within {} ms; closing its connection", consumerName,
                    settings.blockMs + settings.socketTimeoutMs + 1_000L);
            RedisEndpoint.discard(connection);
            thread.interrupt();
            join(5_000);
        }
        RedisEndpoint.discard(connection);
    }

    private void join(long millis) {
        if (thread.getState() == Thread.State.NEW) {
            return;
        }
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
