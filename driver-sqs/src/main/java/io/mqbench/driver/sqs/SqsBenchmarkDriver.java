package io.mqbench.driver.sqs;

import io.mqbench.driver.support.ErrorText;
import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.DaemonThreads;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.ListQueuesRequest;

/**
 * Amazon SQS (or an SQS-compatible server) through the AWS SDK for Java v2's async client. A
 * subscription is a queue; a producer sends each message to every subscription queue of its topic;
 * a consumer receives, calls back, and deletes. See driver-sqs/README.md for the mapping and every
 * setting.
 */
public final class SqsBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(SqsBenchmarkDriver.class);
    private static final long CHECK_TIMEOUT_SECONDS = 30;
    private static final long DELETE_QUEUES_MILLIS = 10_000;

    private SqsSettings settings;
    private SqsAsyncClient client;
    private Queues queues;
    private ScheduledExecutorService batchWindows;
    private final AtomicInteger producerNumbers = new AtomicInteger();
    private final AtomicInteger consumerNumbers = new AtomicInteger();
    private final OpenClients<SqsProducer> producers = new OpenClients<>();
    private final OpenClients<SqsConsumer> consumers = new OpenClients<>();
    private volatile boolean partitionsNoted;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        SqsSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException, InterruptedException {
        settings = SqsSettings.read(configurationFile);
        try {
            client = SqsClients.build(settings);
        } catch (RuntimeException | LinkageError e) {
            throw new IOException("httpClient " + settings.httpClient + ": the SQS client could not be built ("
                    + ErrorText.describe(e) + ")" + (settings.httpClientKind() == SqsSettings.HttpClientKind.CRT
                            ? "; httpClient: netty needs no native library" : ""), e);
        }
        batchWindows = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sqs-batch-window"));
        queues = new Queues(client, settings);
        checkReachable();
    }

    /** One cheap call now, so that an unreachable endpoint or refused credentials stop the run before it starts. */
    private void checkReachable() throws IOException, InterruptedException {
        String where = settings.endpoint != null ? settings.endpoint : "AWS region " + settings.region;
        try {
            client.listQueues(ListQueuesRequest.builder().queueNamePrefix(getTopicNamePrefix() + "-check").maxResults(1).build())
                    .get(CHECK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            close();
            throw new IOException("SQS at " + where + " did not answer ListQueues (" + ErrorText.describe(e)
                    + "); check endpoint, region and credentials (" + SqsClients.credentialsSource(settings) + ")", e);
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        // SQS has no topics: queues are made per subscription. Check now that the names will fit.
        try {
            queues.names().topicQueue(topic);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (partitions > 1 && !partitionsNoted) {
            partitionsNoted = true;
            log.info("SQS queues have no partitions: partitionsPerTopic {} changes nothing{}", partitions,
                    settings.fifo() ? " (a FIFO queue orders by message group, i.e. by key)" : "");
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return queues.queuesOfTopic(topic).thenApply(urls -> {
            List<SendBatcher> batchers = new ArrayList<>(urls.size());
            for (String url : urls) {
                batchers.add(new SendBatcher(client, url, settings.sendBatchSize, settings.maxBatchBytes,
                        TimeUnit.MILLISECONDS.toMicros(settings.sendBatchWindowMs), settings.sendsInFlight(), batchWindows));
            }
            SqsProducer producer = new SqsProducer(batchers, settings.fifo() ? new FifoIds() : null,
                    settings.fifo() && !settings.contentBasedDeduplication);
            producers.add(producer);
            log.debug("producer {} of topic {} sends to {}", producerNumbers.incrementAndGet(), topic, urls);
            return producer;
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        return queues.createSubscriptionQueue(topic, subscriptionName).thenApply(url -> {
            SqsConsumer consumer = new SqsConsumer("sqs-consumer-" + consumerNumbers.incrementAndGet(), client, url,
                    settings, consumerCallback);
            consumers.add(consumer);
            consumer.start();
            return consumer;
        });
    }

    /** A message received but not deleted becomes visible again after the visibility timeout. */
    @Override
    public Duration redeliveryHorizon() {
        return Duration.ofSeconds(settings.visibilityTimeout);
    }

    @Override
    public Map<String, String> metadata() {
        return DriverFacts.of(settings);
    }

    @Override
    public void close() {
        producers.takeAll().forEach(SqsProducer::close);
        consumers.takeAll().forEach(SqsConsumer::close);
        if (batchWindows != null) {
            batchWindows.shutdownNow();
        }
        if (queues != null && settings.deleteQueuesAtEnd) {
            try {
                queues.deleteCreated(DELETE_QUEUES_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (client != null) {
            client.close();
            client = null;
        }
    }
}
