package io.mqbench.worker.ensemble;

import io.mqbench.delivery.DeliveryReport;
import io.mqbench.result.ClockOffset;
import io.mqbench.result.WorkerReport;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import io.mqbench.worker.ProcessLoad;
import io.mqbench.worker.Worker;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicSubscription;
import io.mqbench.worker.commands.TopicsInfo;
import io.mqbench.worker.remote.HttpWorker;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Many workers seen as one, so the run's phases need not know how many there are: it places topics,
 * producers and consumers on them (see {@link Placement}), fans every call out, and merges what comes
 * back: counters add up, histograms merge (never percentiles averaged), delivery ledgers merge.
 *
 * <p>A worker that is lost (see {@link Heartbeat}) fails the call that notices it, once; after that
 * the ensemble goes on with the others, so the run can stop them and save what was measured.
 */
public final class WorkerEnsemble implements Worker {
    private final List<Member> members = new ArrayList<>();
    private final Roles roles;
    private final FanOut fanOut = new FanOut();
    private final Heartbeat heartbeat;
    private final ClockProbe clockProbe = new ClockProbe();
    /** Colocated placement: which worker created (and so runs everything of) each topic. */
    private final Map<String, Member> topicOwner = new HashMap<>();

    public WorkerEnsemble(List<HttpWorker> workers, Placement placement, boolean extraConsumers) {
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("an ensemble needs at least one worker");
        }
        this.roles = Roles.of(placement, workers.size(), extraConsumers);
        for (int i = 0; i < workers.size(); i++) {
            members.add(new Member(workers.get(i), roles.roleOf(i), roles.produces()[i], roles.consumes()[i]));
        }
        this.heartbeat = new Heartbeat(workers).start();
    }

    private boolean colocated() {
        return members.stream().allMatch(m -> m.produces && m.consumes);
    }

    @Override
    public String id() {
        return "ensemble of " + members.size() + " worker(s)";
    }

    @Override
    public String placement() {
        return roles.description();
    }

    @Override
    public void initializeDriver(File driverConfigFile) throws IOException {
        fanOut.each(active(), m -> {
            m.worker().initializeDriver(driverConfigFile);
            return null;
        });
    }

    @Override
    public List<String> createTopics(TopicsInfo info) throws IOException {
        List<Member> active = active();
        if (!colocated()) {
            // OMB's way: the leader creates every topic; the broker makes them visible to all.
            Member leader = active.get(0);
            List<String> names = leader.worker().createTopics(info);
            leader.topicsCreated.addAll(names);
            return names;
        }
        int[] counts = Spread.evenCounts(info.numberOfTopics, active.size());
        List<List<String>> created = fanOut.each(active, m -> {
            int count = counts[active.indexOf(m)];
            return count == 0 ? List.<String>of() : m.worker().createTopics(new TopicsInfo(count, info.numberOfPartitionsPerTopic));
        });
        List<String> names = new ArrayList<>();
        for (int i = 0; i < active.size(); i++) {
            Member member = active.get(i);
            member.topicsCreated.addAll(created.get(i));
            created.get(i).forEach(topic -> topicOwner.put(topic, member));
            names.addAll(created.get(i));
        }
        return names;
    }

    @Override
    public void createProducers(List<String> topics) throws IOException {
        Map<Member, List<String>> plan = colocated() ? byOwner(topics, topic -> topic) : dealt(topics, m -> m.produces);
        fanOut.each(new ArrayList<>(plan.keySet()), m -> {
            m.worker().createProducers(plan.get(m));
            m.addProducers(plan.get(m));
            return null;
        });
    }

    @Override
    public void createConsumers(ConsumerAssignment assignment) throws IOException {
        Map<Member, List<TopicSubscription>> plan = colocated()
                ? byOwner(assignment.topicsSubscriptions, entry -> entry.topic)
                : dealt(assignment.topicsSubscriptions, m -> m.consumes);
        fanOut.each(new ArrayList<>(plan.keySet()), m -> {
            ConsumerAssignment part = new ConsumerAssignment();
            part.topicsSubscriptions = plan.get(m);
            m.worker().createConsumers(part);
            m.addConsumers(part.topicsSubscriptions.stream().map(TopicSubscription::key).toList());
            return null;
        });
    }

    @Override
    public void probeProducers() throws IOException {
        fanOut.each(withProducers(), m -> {
            m.worker().probeProducers();
            return null;
        });
    }

    /** Each worker gets its producers' share of the rate, so every producer sends at the same rate. */
    @Override
    public void startLoad(ProducerWorkAssignment assignment) throws IOException {
        List<Member> producing = withProducers();
        fanOut.each(producing, m -> {
            ProducerWorkAssignment part = copy(assignment);
            part.publishRate = share(assignment.publishRate, m);
            m.worker().startLoad(part);
            return null;
        });
    }

    @Override
    public void adjustPublishRate(double publishRate) throws IOException {
        fanOut.each(withProducers(), m -> {
            m.worker().adjustPublishRate(share(publishRate, m));
            return null;
        });
    }

    @Override
    public void pauseConsumers() throws IOException {
        fanOut.each(withConsumers(), m -> {
            m.worker().pauseConsumers();
            return null;
        });
    }

    @Override
    public void resumeConsumers() throws IOException {
        fanOut.each(withConsumers(), m -> {
            m.worker().resumeConsumers();
            return null;
        });
    }

    /**
     * The sum of the workers' counters. Probes: a (subscription, producer) pair whose subscription
     * has consumers on two workers may be counted by both when a resent probe lands on the other
     * one; the wait for subscriptions can then end a little early, which the warm-up absorbs.
     */
    @Override
    public CountersStats getCountersStats() throws IOException {
        return fanOut.each(active(), m -> m.worker().getCountersStats()).stream().reduce(new CountersStats(), CountersStats::plus);
    }

    @Override
    public PeriodStats getPeriodStats() throws IOException {
        List<Member> active = active();
        List<PeriodStats> periods = fanOut.each(active, m -> m.worker().getPeriodStats());
        PeriodStats merged = new PeriodStats();
        for (int i = 0; i < active.size(); i++) {
            active.get(i).addPeriod(periods.get(i));
            merged = merged.plus(periods.get(i));
        }
        return merged;
    }

    /** Each worker's window restarts; the dropped stretch counts for no worker's own figures either. */
    @Override
    public void startPeriod() throws IOException {
        fanOut.each(active(), m -> m.worker().getPeriodStats());
    }

    @Override
    public CumulativeLatencies getCumulativeLatencies() throws IOException {
        List<Member> active = active();
        List<CumulativeLatencies> latencies = fanOut.each(active, m -> m.worker().getCumulativeLatencies());
        CumulativeLatencies merged = new CumulativeLatencies();
        for (int i = 0; i < active.size(); i++) {
            active.get(i).latencies(latencies.get(i));
            merged = merged.plus(latencies.get(i));
        }
        return merged;
    }

    @Override
    public void resetStats() throws IOException {
        fanOut.each(active(), m -> {
            m.worker().resetStats();
            m.resetMeasured();
            return null;
        });
    }

    /** Stops every worker still there; never throws, whatever state the run is in. */
    @Override
    public void stopAll() {
        try {
            fanOut.each(members.stream().filter(Member::active).toList(), m -> {
                m.worker().stopAll();
                return null;
            });
        } catch (IOException | RuntimeException e) {
            // HttpWorker.stopAll logs and swallows its own failures; nothing else can fail here.
        }
    }

    @Override
    public void stopLoad(long maxWaitMillis) throws IOException {
        fanOut.each(withProducers().stream().filter(m -> m.worker().identity().mqbench()).toList(), m -> {
            m.worker().stopLoad(maxWaitMillis);
            return null;
        });
    }

    @Override
    public DeliveryReport getDeliveryReport() throws IOException {
        DeliveryReport merged = new DeliveryReport();
        for (DeliveryReport report : fanOut.each(active(), m -> m.worker().getDeliveryReport())) {
            merged.merge(report);
        }
        return merged;
    }

    @Override
    public Map<String, Long> getSendErrors() throws IOException {
        Map<String, Long> merged = new LinkedHashMap<>();
        for (Map<String, Long> errors : fanOut.each(active(), m -> m.worker().getSendErrors())) {
            errors.forEach((kind, count) -> merged.merge(kind, count, Long::sum));
        }
        return merged;
    }

    @Override
    public List<ProcessLoad> processLoad() throws IOException {
        List<ProcessLoad> loads = new ArrayList<>();
        fanOut.each(active(), m -> m.worker().processLoad()).forEach(loads::addAll);
        return loads;
    }

    /** The leader's: all workers run the same driver file, and the first is the one asked first. */
    @Override
    public Map<String, String> getDriverMetadata() throws IOException {
        for (Member member : active()) {
            if (member.worker().identity().mqbench()) {
                return member.worker().getDriverMetadata();
            }
        }
        return Map.of();
    }

    @Override
    public List<ClockOffset> estimateClockOffsets() throws IOException {
        List<ClockOffset> offsets = new ArrayList<>();
        for (Member member : active()) {
            ClockOffset offset = clockProbe.measure(member.worker());
            member.clock(offset);
            offsets.add(offset);
        }
        return offsets;
    }

    @Override
    public List<WorkerReport> workerReports() {
        return members.stream().map(Member::report).toList();
    }

    @Override
    public String deliveryUnavailableReason() {
        for (Member member : members) {
            if (!member.active()) {
                return "worker " + member.worker().id() + " was lost during the run: without its ledgers lost and duplicated messages cannot be counted";
            }
        }
        for (Member member : members) {
            if (!member.worker().identity().mqbench()) {
                return member.worker().id() + " is an upstream OMB worker: it keeps no delivery ledgers, so lost and duplicated messages were not counted";
            }
        }
        return null;
    }

    @Override
    public void close() {
        heartbeat.close();
        fanOut.close();
    }

    // ---- placement ----

    /** The workers still in the run; throws once for a worker lost since the last call. */
    private List<Member> active() throws IOException {
        for (Member member : members) {
            if (member.lossToReport()) {
                throw member.worker().lostException();
            }
        }
        List<Member> active = members.stream().filter(Member::active).toList();
        if (active.isEmpty()) {
            throw new IOException("every worker was lost");
        }
        return active;
    }

    private List<Member> withProducers() throws IOException {
        return active().stream().filter(m -> m.producers() > 0).toList();
    }

    private List<Member> withConsumers() throws IOException {
        return active().stream().filter(m -> m.consumers() > 0).toList();
    }

    /** Deals items round robin over the workers of one role (OMB's split). */
    private <T> Map<Member, List<T>> dealt(List<T> items, java.util.function.Predicate<Member> role) throws IOException {
        List<Member> candidates = active().stream().filter(role).toList();
        List<List<T>> dealt = Spread.roundRobin(items, candidates.size());
        Map<Member, List<T>> plan = new LinkedHashMap<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (!dealt.get(i).isEmpty()) {
                plan.put(candidates.get(i), dealt.get(i));
            }
        }
        return plan;
    }

    /** Gives each item to the worker that created its topic (colocated placement). */
    private <T> Map<Member, List<T>> byOwner(List<T> items, java.util.function.Function<T, String> topicOf) throws IOException {
        active();
        Map<Member, List<T>> plan = new LinkedHashMap<>();
        for (T item : items) {
            Member owner = topicOwner.get(topicOf.apply(item));
            if (owner == null) {
                throw new IllegalStateException("topic " + topicOf.apply(item) + " was not created through this ensemble");
            }
            plan.computeIfAbsent(owner, m -> new ArrayList<>()).add(item);
        }
        return plan;
    }

    private double share(double rate, Member member) {
        int total = members.stream().mapToInt(Member::producers).sum();
        return total == 0 ? 0 : rate * member.producers() / total;
    }

    private static ProducerWorkAssignment copy(ProducerWorkAssignment source) {
        ProducerWorkAssignment copy = new ProducerWorkAssignment();
        copy.payloadData = source.payloadData;
        copy.publishRate = source.publishRate;
        copy.keyDistributorType = source.keyDistributorType;
        copy.maxOutstandingSends = source.maxOutstandingSends;
        copy.batchSizeMin = source.batchSizeMin;
        copy.batchSizeMax = source.batchSizeMax;
        return copy;
    }
}
