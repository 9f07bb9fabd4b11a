package io.mqbench.driver.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses Redis's raw (RESP2) replies to XREADGROUP and XAUTOCLAIM. The binary form keeps payloads
 * byte-exact, which Jedis's String-typed stream replies would not.
 */
final class StreamReplies {
    private StreamReplies() {}

    /** XREADGROUP: {@code [[key, [[id, [field, value, ...]], ...]], ...]}, or null when BLOCK ran out. */
    static List<StreamEntry> readGroup(Object reply) {
        List<StreamEntry> entries = new ArrayList<>();
        if (reply == null) {
            return entries;
        }
        for (Object stream : list(reply)) {
            List<Object> keyAndEntries = list(stream);
            String key = new String((byte[]) keyAndEntries.get(0), StandardCharsets.UTF_8);
            addEntries(key, keyAndEntries.get(1), entries);
        }
        return entries;
    }

    /** One page of XAUTOCLAIM: the cursor to continue from, and the entries now owned by the caller. */
    record ClaimPage(byte[] nextCursor, List<StreamEntry> entries, int deleted) {
        boolean last() {
            return nextCursor.length == 3 && nextCursor[0] == '0' && nextCursor[1] == '-' && nextCursor[2] == '0';
        }
    }

    /**
     * XAUTOCLAIM: {@code [next-cursor, [[id, fields], ...], [deleted-id, ...]]}. The third element
     * (Redis 7) lists pending entries that were trimmed away before anyone read them: they are lost.
     */
    static ClaimPage autoClaim(String key, Object reply) {
        List<Object> parts = list(reply);
        List<StreamEntry> entries = new ArrayList<>();
        addEntries(key, parts.get(1), entries);
        int deleted = parts.size() > 2 && parts.get(2) != null ? list(parts.get(2)).size() : 0;
        return new ClaimPage((byte[]) parts.get(0), entries, deleted);
    }

    private static void addEntries(String key, Object reply, List<StreamEntry> into) {
        for (Object entry : list(reply)) {
            if (entry == null) {
                continue;
            }
            List<Object> idAndFields = list(entry);
            byte[] id = (byte[]) idAndFields.get(0);
            Object fields = idAndFields.get(1);
            if (fields == null) {
                // A pending entry that was trimmed from the stream: nothing left to deliver.
                continue;
            }
            into.add(new StreamEntry(key, id, StreamEntryFormat.decode(id, list(fields))));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object reply) {
        return (List<Object>) reply;
    }
}
