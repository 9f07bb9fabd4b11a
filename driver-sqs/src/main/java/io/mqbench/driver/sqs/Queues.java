package io.mqbench.driver.sqs;

import io.mqbench.driver.support.ErrorText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.CreateQueueRequest;
import software.amazon.awssdk.services.sqs.model.DeleteQueueRequest;
import software.amazon.awssdk.services.sqs.model.ListQueuesRequest;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * Creates the queues of subscriptions (and of topics without any), finds a topic's queues for its
 * producers, and deletes what this driver created.
 *
 * <p>Producers look a topic's queues up with ListQueues by name prefix, so that a producer on one
 * worker finds the queues that consumers on other workers created (the harness creates consumers
 * first). The queues created by this driver instance are added even if ListQueues, which AWS
 * documents as eventually consistent, does not show them yet.
 */
final class Queues {
    private static final Logger log = LoggerFactory.getLogger(Queues.class);

    private final SqsAsyncClient client;
    private final QueueNames names;
    private final Map<QueueAttributeName, String> attributes;
    private final Map<String, Set<String>> subscriptionQueuesByTopic = new ConcurrentHashMap<>();
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    Queues(SqsAsyncClient client, SqsSettings settings) {
        this.client = client;
        this.names = new QueueNames(settings.fifo());
        this.attributes = attributes(settings);
    }

    /** The attributes every queue is created with. */
    static Map<QueueAttributeName, String> attributes(SqsSettings settings) {
        Map<QueueAttributeName, String> attributes = new LinkedHashMap<>();
        if (settings.fifo()) {
            attributes.put(QueueAttributeName.FIFO_QUEUE, "true");
            attributes.put(QueueAttributeName.CONTENT_BASED_DEDUPLICATION, String.valueOf(settings.contentBasedDeduplication));
        }
        attributes.put(QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(settings.visibilityTimeout));
        settings.queueAttributes.forEach((name, value) -> attributes.put(QueueAttributeName.fromValue(name), value));
        return attributes;
    }

    QueueNames names() {
        return names;
    }

    /** Creates (or finds: CreateQueue is idempotent) the queue of a subscription; returns its URL. */
    CompletableFuture<String> createSubscriptionQueue(String topic, String subscription) {
        String name = names.subscriptionQueue(topic, subscription);
        return create(name).thenApply(url -> {
            subscriptionQueuesByTopic.computeIfAbsent(topic, t -> ConcurrentHashMap.newKeySet()).add(url);
            return url;
        });
    }

    /** The URLs of every subscription queue of the topic; if there is none, the topic's own queue. */
    CompletableFuture<List<String>> queuesOfTopic(String topic) {
        return listByPrefix(names.subscriptionPrefix(topic), null, new TreeSet<>()).thenCompose(listed -> {
            Set<String> all = new TreeSet<>(listed);
            all.addAll(subscriptionQueuesByTopic.getOrDefault(topic, Set.of()));
            all.removeIf(url -> !names.isSubscriptionQueueOf(QueueNames.nameOf(url), topic));
            if (!all.isEmpty()) {
                return CompletableFuture.completedFuture(List.copyOf(all));
            }
            log.info("topic {} has no subscription: its producers send to queue {}", topic, names.topicQueue(topic));
            return create(names.topicQueue(topic)).thenApply(List::of);
        });
    }

    private CompletableFuture<Set<String>> listByPrefix(String prefix, String nextToken, Set<String> found) {
        ListQueuesRequest request = ListQueuesRequest.builder().queueNamePrefix(prefix).maxResults(1000)
                .nextToken(nextToken).build();
        return client.listQueues(request).thenCompose(response -> {
            found.addAll(response.queueUrls());
            if (response.nextToken() == null || response.nextToken().isEmpty()) {
                return CompletableFuture.completedFuture(found);
            }
            return listByPrefix(prefix, response.nextToken(), found);
        });
    }

    private CompletableFuture<String> create(String name) {
        CreateQueueRequest request = CreateQueueRequest.builder().queueName(name).attributes(attributes).build();
        return client.createQueue(request).thenApply(response -> {
            created.add(response.queueUrl());
            return response.queueUrl();
        });
    }

    /** Deletes every queue this driver created, waiting up to the timeout; a queue already gone is fine. */
    void deleteCreated(long timeoutMillis) throws InterruptedException {
        List<CompletableFuture<?>> deletes = new ArrayList<>();
        for (String url : created) {
            deletes.add(client.deleteQueue(DeleteQueueRequest.builder().queueUrl(url).build())
                    .exceptionally(error -> {
                        log.debug("queue {} not deleted: {}", url, ErrorText.describe(error));
                        return null;
                    }));
        }
        try {
            CompletableFuture.allOf(deletes.toArray(new CompletableFuture<?>[0])).get(timeoutMillis, TimeUnit.MILLISECONDS);
            created.clear();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("not every queue was deleted within {} ms: {}", timeoutMillis, ErrorText.describe(e));
        }
    }

    Set<String> created() {
        return Set.copyOf(created);
    }
}
