package io.mqbench.driver.nats;

import java.util.ArrayList;
import java.util.List;

/**
 * How benchmark names become NATS names. A stream, a durable consumer and a subject token may not
 * contain {@code .}, {@code *}, {@code >}, white space or path separators, so every other character
 * than letters, digits, {@code -} and {@code _} becomes {@code _}. A topic is one stream whose
 * subjects are {@code <topic>.<partition>}, one per partition.
 */
final class NatsNames {
    private NatsNames() {}

    /** {@code name} with every character NATS would refuse replaced by {@code _}. */
    static String token(String name) {
        StringBuilder safe = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            safe.append(allowed ? c : '_');
        }
        return safe.toString();
    }

    static String stream(String topic) {
        return token(topic);
    }

    /** The subjects of a topic with {@code partitions} partitions, in partition order. */
    static List<String> partitionSubjects(String topic, int partitions) {
        List<String> subjects = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            subjects.add(token(topic) + '.' + p);
        }
        return subjects;
    }

    /** Every partition subject of a topic: what a core NATS subscription listens to. */
    static String allPartitions(String topic) {
        return token(topic) + ".*";
    }
}
