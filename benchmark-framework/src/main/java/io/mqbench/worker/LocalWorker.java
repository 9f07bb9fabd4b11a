package io.mqbench.worker;

import io.mqbench.config.DriverFile;
import io.mqbench.config.UserError;
import io.mqbench.delivery.ConsumerReceipts;
import io.mqbench.delivery.DeliveryReport;
import io.mqbench.delivery.MessageHeader;
import io.mqbench.delivery.ProducerLedger;
import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.support.ClientLibraryConflict;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.ErrorText;
import io.mqbench.driver.support.PauseGate;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import io.mqbench.stats.WorkerStats;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicSubscription;
import io.mqbench.worker.commands.TopicsInfo;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker in this process: it drives a {@link BenchmarkDriver} and measures. The coordinator uses
 * it directly in local mode; {@code bin/benchmark-worker} serves one over HTTP.
 */
public final class LocalWorker implements Worker {
    private static final Logger log = LoggerFactory.getLogger(LocalWorker.class);

    /** The driver metadata key that carries the driver's {@link RedeliveryHorizon}, in milliseconds. */
    public static final String REDELIVERY_HORIZON_KEY = "redeliveryHorizonMs";

    private final String id;
    private final DriverCalls calls = new DriverCalls();
    private final long producerIdPrefix = (long) ThreadLocalRandom.current().nextInt() << 32;

    /** Volatile: a metrics scrape reads the run (and so these stats) from another thread. */
    private volatile WorkerStats stats = new WorkerStats();
    private volatile WorkerRun run;
    private volatile Consumer<WorkerRun> runEndListener = ended -> {};
    private SendErrors sendErrors = new SendErrors();
    private final LongAdder inFlight = new LongAdder();
    private final Set<String> probesSeen = ConcurrentHashMap.newKeySet();
    private final LongAdder withoutHeader = new LongAdder();

    private BenchmarkDriver driver;
    private final List<ProducerSlot> producers = new ArrayList<>();
    private final List<ConsumerHandle> consumers = new ArrayList<>();
    /** Read by the load samples from other threads while a run starts or stops them. */
    private final List<SenderThread> senders = new CopyOnWriteArrayList<>();
    private boolean headerEnabled;

    private record ConsumerHandle(BenchmarkConsumer consumer, ConsumerReceipts receipts, PauseGate gate) {}

    public LocalWorker(String id) {
        this.id = id;
    }

    public LocalWorker() {
        this("local");
    }

    @Override
    public String id() {
        return id;
    }

    /** The run going on (a driver was started and not yet stopped), or null. */
    public WorkerRun currentRun() {
        return run;
    }

    /**
     * Told of each run just before {@link #stopAll} discards its counters and latencies, so a
     * metrics page can keep totals that only grow.
     */
    public void onRunEnd(Consumer<WorkerRun> listener) {
        runEndListener = listener;
    }

    @Override
    public void initializeDriver(File driverConfigFile) throws IOException {
        if (driver != null) {
            throw new IllegalStateException("worker " + id + " already runs a driver; stop it first");
        }
        DriverFile file = DriverFile.load(driverConfigFile);
        BenchmarkDriver created = file.newDriver();
        try {
            created.initialize(driverConfigFile, NullStatsLogger.INSTANCE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the driver started", e);
        } catch (UserError e) {
            Closing.quietly(created, log);
            throw e;
        } catch (Exception | LinkageError e) {
            Closing.quietly(created, log);
            // Two versions of a client library on one classpath show as a LinkageError, often wrapped
            // by the client into something that blames the settings: say what it really is.
            String why = ClientLibraryConflict.findIn(e).map(ClientLibraryConflict::describe).orElseGet(() -> startFailure(e));
            throw new UserError(driverConfigFile + ": the driver could not start: " + why, e);
        }
        driver = created;
        run = new WorkerRun(file.name(), stats);
    }

    /**
     * A driver's own one-line message as it is (drivers throw a plain IOException that names the
     * endpoint and what to check: "IOException: " before it would be noise); any other failure
     * with its kind, which says more than its message alone (a NullPointerException).
     */
    static String startFailure(Throwable e) {
        String described = ErrorText.describe(e);
        String plain = IOException.class.getSimpleName() + ": ";
        return described.startsWith(plain) ? described.substring(plain.length()) : described;
    }

    @Override
    public List<String> createTopics(TopicsInfo topicsInfo) throws IOException {
        List<BenchmarkDriver.TopicInfo> infos = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < topicsInfo.numberOfTopics; i++) {
            String name = String.format("%s-%07d-%s", driver().getTopicNamePrefix(), i, RandomNames.next(7));
            names.add(name);
            infos.add(new BenchmarkDriver.TopicInfo(name, topicsInfo.numberOfPartitionsPerTopic));
        }
        calls.await(driver().createTopics(infos), "create " + infos.size() + " topics");
        return names;
    }

    @Override
    public void createProducers(List<String> topics) throws IOException {
        List<BenchmarkDriver.ProducerInfo> infos = new ArrayList<>();
        for (int i = 0; i < topics.size(); i++) {
            infos.add(new BenchmarkDriver.ProducerInfo(producers.size() + i, topics.get(i)));
        }
        List<BenchmarkProducer> created = calls.await(driver().createProducers(infos), "create " + infos.size() + " producers");
        for (int i = 0; i < created.size(); i++) {
            BenchmarkDriver.ProducerInfo info = infos.get(i);
            ProducerLedger ledger = new ProducerLedger(producerIdPrefix | info.getId(), info.getTopic());
            producers.add(new ProducerSlot(created.get(i), ledger, stats, sendErrors, inFlight));
        }
        if (!created.isEmpty()) {
            run.producing();
        }
    }

    @Override
    public void createConsumers(ConsumerAssignment assignment) throws IOException {
        List<BenchmarkDriver.ConsumerInfo> infos = new ArrayList<>();
        List<ConsumerReceipts> receipts = new ArrayList<>();
        List<PauseGate> gates = new ArrayList<>();
        for (TopicSubscription entry : assignment.topicsSubscriptions) {
            ConsumerReceipts ledger = new ConsumerReceipts(entry.key());
            PauseGate gate = new PauseGate();
            MeasuringCallback callback = new MeasuringCallback(stats, ledger, probesSeen, withoutHeader, gate);
            infos.add(new BenchmarkDriver.ConsumerInfo(consumers.size() + infos.size(), entry.topic, entry.subscription, callback));
            receipts.add(ledger);
            gates.add(gate);
        }
        List<BenchmarkConsumer> created = calls.await(driver().createConsumers(infos), "create " + infos.size() + " consumers");
        for (int i = 0; i < created.size(); i++) {
            consumers.add(new ConsumerHandle(created.get(i), receipts.get(i), gates.get(i)));
        }
        if (!created.isEmpty()) {
            run.consuming();
        }
    }

    @Override
    public void probeProducers() throws IOException {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (ProducerSlot slot : producers) {
            sends.add(slot.sendProbe());
        }
        try {
            calls.await(CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])), "send probe messages");
        } catch (IOException e) {
            log.warn("probe send failed (will retry): {}", e.getMessage());
        }
    }

    @Override
    public void startLoad(ProducerWorkAssignment assignment) {
        if (!senders.isEmpty()) {
            throw new IllegalStateException("load already started on worker " + id);
        }
        if (producers.isEmpty()) {
            return;
        }
        headerEnabled = assignment.payloadData.stream().allMatch(p -> MessageHeader.fits(p.length));
        // Every producer gets a sender thread of its own, like mqperf's sender threads: a driver
        // call that blocks (a full confirm window, a synchronous send, a full client buffer) then
        // holds back only its own producer, never the others.
        for (int i = 0; i < producers.size(); i++) {
            ProducerSlot slot = producers.get(i);
            slot.prepare(assignment.payloadData, KeyDistributor.of(assignment.keyDistributorType), headerEnabled, assignment.maxOutstandingSends);
            double rate = assignment.publishRate / producers.size();
            senders.add(new SenderThread("mqbench-sender-" + i, slot, rate, new BatchDraw(assignment.batchSizeMin, assignment.batchSizeMax)));
        }
        senders.forEach(SenderThread::start);
        run.targetPublishRate(assignment.publishRate);
    }

    @Override
    public void adjustPublishRate(double publishRate) {
        for (SenderThread sender : senders) {
            sender.setRate(publishRate / producers.size());
        }
        if (!senders.isEmpty()) {
            run.targetPublishRate(publishRate);
        }
    }

    @Override
    public void pauseConsumers() {
        for (ConsumerHandle handle : consumers) {
            if (handle.consumer() instanceof PausableConsumer pausable) {
                pausable.pause();
            } else {
                handle.gate().pause();
            }
        }
    }

    @Override
    public void resumeConsumers() {
        for (ConsumerHandle handle : consumers) {
            if (handle.consumer() instanceof PausableConsumer pausable) {
                pausable.resume();
            }
            handle.gate().resume();
        }
    }

    @Override
    public CountersStats getCountersStats() {
        CountersStats counters = stats.counters();
        counters.probesReceived = probesSeen.size();
        counters.messagesInFlight = inFlight.sum();
        return counters;
    }

    @Override
    public PeriodStats getPeriodStats() {
        return stats.takePeriod();
    }

    @Override
    public CumulativeLatencies getCumulativeLatencies() {
        return stats.cumulativeLatencies();
    }

    @Override
    public void resetStats() {
        stats.reset();
    }

    @Override
    public void stopLoad(long maxWaitMillis) throws IOException {
        try {
            for (SenderThread sender : senders) {
                sender.stop();
            }
            WorkerRun current = run;
            if (current != null) {
                current.targetPublishRate(0);
            }
            long deadline = System.nanoTime() + maxWaitMillis * 1_000_000;
            while (inFlight.sum() > 0 && System.nanoTime() - deadline < 0) {
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the load", e);
        }
        if (inFlight.sum() > 0) {
            log.warn("{} sends were still unconfirmed after {} ms", inFlight.sum(), maxWaitMillis);
        }
    }

    @Override
    public DeliveryReport getDeliveryReport() {
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = headerEnabled;
        report.withoutHeader = withoutHeader.sum();
        producers.forEach(slot -> report.addProducer(slot.ledger()));
        consumers.forEach(handle -> report.addConsumer(handle.receipts()));
        return report;
    }

    @Override
    public Map<String, Long> getSendErrors() {
        return sendErrors.snapshot();
    }

    /** This process: in a local run the coordinator and an in-process broker (loopback) count too. */
    @Override
    public List<ProcessLoad> processLoad() {
        List<SenderLoad> senderLoads = new ArrayList<>(senders.size());
        for (SenderThread sender : senders) {
            senderLoads.add(sender.load());
        }
        return List.of(ProcessLoad.sample(id, senderLoads));
    }

    /**
     * What the driver says of itself ({@link DriverMetadata}), plus {@value #REDELIVERY_HORIZON_KEY}
     * when it states its {@link RedeliveryHorizon}: the metadata already travels to the
     * coordinator from workers on other hosts, so the horizon needs no endpoint of its own.
     */
    @Override
    public Map<String, String> getDriverMetadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        if (driver instanceof DriverMetadata described) {
            try {
                facts.putAll(described.metadata());
            } catch (RuntimeException e) {
                log.warn("driver metadata unavailable: {}", e.toString());
            }
        }
        if (driver instanceof RedeliveryHorizon horizon) {
            try {
                facts.put(REDELIVERY_HORIZON_KEY, String.valueOf(horizon.redeliveryHorizon().toMillis()));
            } catch (RuntimeException e) {
                log.warn("redelivery horizon unavailable: {}", e.toString());
            }
        }
        return facts;
    }

    @Override
    public void stopAll() {
        try {
            stopLoad(5_000);
        } catch (IOException e) {
            log.warn("stopping the load: {}", e.getMessage());
        }
        senders.clear();
        // A paused consumer's delivery thread may be held in the gate: let it go before closing.
        consumers.forEach(handle -> handle.gate().close());
        consumers.forEach(handle -> Closing.quietly(handle.consumer(), log));
        consumers.clear();
        producers.forEach(slot -> Closing.quietly(slot.producer(), log));
        producers.clear();
        if (driver != null) {
            Closing.quietly(driver, log);
            driver = null;
        }
        WorkerRun ended = run;
        if (ended != null) {
            // Everything the run will ever count has been counted: its clients are closed.
            runEndListener.accept(ended);
            run = null;
        }
        stats = new WorkerStats();
        sendErrors = new SendErrors();
        inFlight.reset();
        probesSeen.clear();
        withoutHeader.reset();
        headerEnabled = false;
    }

    private BenchmarkDriver driver() {
        if (driver == null) {
            throw new IllegalStateException("worker " + id + " has no driver: initialize it first");
        }
        return driver;
    }
}
