package io.mqbench.coordinator.maxrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.TestResult;
import io.mqbench.workload.LatencyLimit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The search against a simulated system whose capacity is known exactly, in simulated time: it must
 * converge close below the capacity whichever side binds, whatever the scale, despite noise, a slow
 * start and loss, and say so when it cannot.
 */
class RateSearchTest {
    private final List<String> notes = new ArrayList<>();
    private final TestResult.RateDiscovery record = new TestResult.RateDiscovery();

    @ParameterizedTest
    @ValueSource(doubles = {50, 2_000, 50_000, 400_000, 1_900_000})
    void convergesJustBelowAConsumerCapacity(double capacity) throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = capacity;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(capacity, found);
        assertEquals(found, system.rate(), "producers are left at the rate found");
    }

    @ParameterizedTest
    @ValueSource(doubles = {2_000, 400_000})
    void convergesJustBelowABrokerCapacityThatHoldsBackAcknowledgements(double capacity) throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.brokerCapacity = capacity;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(capacity, found);
        assertTrue(record.trials.stream().anyMatch(t -> t.reason.startsWith("producers reached")), "the producers fell short above it");
    }

    @Test
    void aBrokerThatBuildsAStandingConfirmQueueIsJudgedOnceTheQueueHasSettled() throws Exception {
        // Measured on RabbitMQ without a confirm window: at 47,779 msg/s a trial saw 93 % of the sends
        // acknowledged while the broker's confirm lag built up to 0.4 s, though it held 54,500 msg/s
        // for a minute once settled.
        SimulatedSystem system = new SimulatedSystem();
        system.brokerCapacity = 50_000;
        system.confirmLagAtCapacity = 0.6;
        system.confirmLagSeconds = 10;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(50_000, found);
    }

    @Test
    void findsTheClientsOwnCeilingWithoutConsumers() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.clientLimit = 150_000;
        TestResult.RateDiscovery own = new TestResult.RateDiscovery();
        double found = new RateSearch(system, 0, false, null, own, listener()).run(Duration.ofSeconds(60), 0);
        assertTrue(own.converged);
        assertEquals(150_000, found, 150_000 * 0.03);
    }

    @Test
    void manySubscriptionsCountEveryCopy() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.subscriptions = 3;
        system.consumerCapacity = 90_000;
        RateSearch search = new RateSearch(system, 3, true, null, record, listener());
        double found = search.run(Duration.ofSeconds(60), 0);
        assertConvergedNear(30_000, found);
        // What a trial achieved counts each message once, not its three copies.
        assertEquals(30_000, search.mostAchieved().rate(), 30_000 * 0.03, trials());
    }

    @Test
    void pollingConsumersAndAWobblingCapacityStillConverge() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 140_000;
        system.pollIntervalMs = 50;
        system.capacityWobble = 0.01;
        double found = search(system, null, Duration.ofSeconds(60));
        assertTrue(record.converged, record.note);
        assertEquals(140_000, found, 140_000 * 0.04, trials());
    }

    @Test
    void aCapacityThatWandersSlowlyGetsLongerWindows() throws Exception {
        // 100 000 msg/s on average, but 85 000 and 115 000 in turns of 5 s: two windows of a few
        // seconds at one rate disagree; longer ones average the turns out, and the search settles
        // near the mean rather than on the luck of one window.
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 100_000;
        system.swing = 0.15;
        system.swingSeconds = 5;
        double found = search(system, null, Duration.ofSeconds(60));
        assertTrue(record.converged, record.note);
        assertTrue(notes.stream().anyMatch(n -> n.contains("times as long")), "windows grew: " + notes + trials());
        assertTrue(found >= 95_000 && found <= 100_000 * 1.006, "near the mean: " + found + trials());
        assertTrue(record.trials.get(record.trials.size() - 1).seconds >= 7.9, "the last windows are longer" + trials());
    }

    @Test
    void aClientThatDipsAndCatchesUpIsFoundWithinFivePercentOfWhatAFixedRunHolds() throws Exception {
        // The uncapped loopback on two cores: in one second out of five the client manages a
        // quarter less, then makes it up, so a fixed-rate run holds a rate that a few seconds' window
        // ending in a dip calls short. The rate such a system holds is the mean, over ten of them, of
        // the highest rate a fixed run of 30 s (after 10 s of warm-up) holds to 99 %. Eight searches
        // in ten must find it within 5 % (over thirty such systems: 0.92 to 1.05 of it); judged on
        // short windows alone, five did (0.85 to 1.05 of it).
        int systems = 10;
        double[] found = new double[systems];
        double held = 0;
        for (int i = 0; i < systems; i++) {
            TestResult.RateDiscovery own = new TestResult.RateDiscovery();
            found[i] = new RateSearch(dippingClient(i + 1), 1, true, null, own, listener()).run(Duration.ofSeconds(10), 0);
            assertTrue(own.converged, own.note);
            double highest = 0;
            for (double rate = 80_000; rate <= 125_000; rate += 1_000) {
                if (fixedRunHolds(dippingClient(i + 1), rate)) {
                    highest = rate;
                }
            }
            held += highest / systems;
        }
        int close = 0;
        StringBuilder shares = new StringBuilder();
        for (double rate : found) {
            close += Math.abs(rate / held - 1) <= 0.05 ? 1 : 0;
            shares.append(String.format(" %.3f", rate / held));
        }
        assertTrue(close >= 8, "found / " + Math.round(held) + " held:" + shares);
    }

    private static SimulatedSystem dippingClient(long seed) {
        SimulatedSystem system = new SimulatedSystem(seed);
        system.clientLimit = 125_000;
        system.clientDipChance = 0.2;
        system.clientDipShare = 0.75;
        return system;
    }

    private static boolean fixedRunHolds(SimulatedSystem system, double rate) {
        system.setRate(rate);
        system.sleep(10_000);
        LoadSample start = system.sample();
        system.sleep(30_000);
        return system.sample().sent() - start.sent() >= 0.99 * rate * 30;
    }

    @Test
    void aBracketWhoseSustainableEndWasOverturnedStillKnowsTheHighestRateBelowItsLimit() {
        // Seen in simulation: a confirmation overturned the sustainable end, the search then ran out
        // of time, and the measured phase ran at 1 msg/s, the search's floor.
        RateBracket bracket = new RateBracket(RateSearch.TOLERANCE, RateSearch.RAMP_TOLERANCE, RateSearch.MIN_RATE, RateSearch.MAX_RATE);
        bracket.record(90_000, true, Double.NaN);
        bracket.record(100_000, true, Double.NaN);
        bracket.record(110_000, false, 104_000);
        bracket.record(100_000, false, 97_000);
        assertEquals(0, bracket.healthy());
        assertEquals(90_000, bracket.highestSustainableBelowTheLimit());
    }

    @Test
    void aSlowStartDoesNotCapTheResult() throws Exception {
        // Consumers manage a fifth of their capacity for the first 20 s (a cold JVM, a broker still
        // loading): the early verdicts are wrong by the end, and the retest must find that out.
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 100_000;
        system.slowStartSeconds = 20;
        system.slowStartShare = 0.2;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(100_000, found);
        assertTrue(record.trials.stream().anyMatch(t -> t.stage.equals("retest") && t.verdict.equals("sustainable")),
                "the retest overturned the early ceiling");
    }

    @Test
    void aBrokerThatWarmsUpLongerThanTheBracketTakesIsClimbedToItsCapacity() throws Exception {
        // Consumers manage 80 % of their capacity for the first minute (a broker's JIT, caches or
        // page cache still warming): the bracket and its retest settle on the cold capacity; the
        // last climb's long windows find the warm one.
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 100_000;
        system.slowStartSeconds = 60;
        system.slowStartShare = 0.8;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(100_000, found);
        assertNotNull(record.climbedFromRate);
        assertTrue(record.climbedFromRate < 85_000, "the bracket converged on the cold capacity: " + record.climbedFromRate + trials());
        assertTrue(record.trials.stream().filter(t -> t.stage.equals("climb") && t.verdict.equals("sustainable")).count() >= 3, trials());
    }

    @Test
    void aBrokerThatSlowsOnceTheBracketHasConvergedIsMeasuredAtWhatItStillHolds() throws Exception {
        // Consumers take 100 000 msg/s until the bracket converges, then 85 000 (seen on Artemis: a
        // 4-s confirmation held 18,584 msg/s, the climb's next 20 s achieved 15,212, and the
        // measured minute at 18,584 published 86 % of it). The climb's failed step achieved far less
        // than the rate that held before it, so that rate is judged again, and the search goes down.
        RateSearch search = searchWhoseCapacityChanges(100_000, Map.of("the bracket converged", 85_000.0));
        double found = search.run(Duration.ofSeconds(60), 0);
        assertConvergedNear(85_000, found);
        // The capacity it had before the slowdown is kept, for the warning that it moved.
        RateSearch.Achieved most = search.mostAchieved();
        assertEquals("sustainable", most.trial().verdict);
        assertTrue(most.rate() > 95_000 && most.rate() <= 100_000 * 1.01, most + trials());
        assertTrue(record.climbedFromRate > 95_000, "the bracket converged before the slowdown: " + record.climbedFromRate + trials());
        assertTrue(notes.stream().anyMatch(n -> n.contains("judging that rate again")), notes + trials());
        // Found 15 % below what held before: one more window between the two, which fails as the
        // broker is still slow, and the rate found stands.
        assertTrue(notes.stream().anyMatch(n -> n.contains("to see whether it has recovered")), notes + trials());
        TestResult.RateTrial lookAgain = record.trials.get(record.trials.size() - 1);
        assertEquals(List.of("climb", "unsustainable"), List.of(lookAgain.stage, lookAgain.verdict), trials());
        assertEquals(Math.sqrt(found * most.rate()), lookAgain.targetRate, 0.01 * found, trials());
        TestResult.RateTrial held = record.trials.get(record.trials.size() - 2);
        assertEquals("sustainable", held.verdict, "the rate found held after the slowdown" + trials());
        assertEquals(found, held.targetRate, 1, trials());
    }

    @Test
    void aBrokerThatRecoversFromASlowSpellDuringTheSearchIsMeasuredAsItIsAgain() throws Exception {
        // The uncapped loopback of 2026-12-05 13:18: 2.28 M msg/s held at 0:48, slower spells after
        // it, 1.97 M found; fixed runs a minute later held 2.17 M. Here consumers take 100 000 msg/s,
        // 85 000 from the bracket's convergence, and 100 000 again by the time the search ends.
        RateSearch search = searchWhoseCapacityChanges(100_000,
                Map.of("the bracket converged", 85_000.0, "an earlier trial held", 100_000.0));
        double found = search.run(Duration.ofSeconds(60), 0);
        assertConvergedNear(100_000, found);
        assertTrue(notes.stream().anyMatch(n -> n.contains("to see whether it has recovered")), notes + trials());
    }

    @Test
    void aLossyBrokerIsJudgedOnLagNotOnWhatItLost() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 100_000;
        system.lossShare = 0.02;
        double found = search(system, null, Duration.ofSeconds(60));
        assertConvergedNear(100_000 / 0.98, found);
        assertNotNull(record.lossShare);
        assertEquals(0.02, record.lossShare, 0.005);
        assertTrue(notes.stream().anyMatch(n -> n.contains("never arrived")), notes.toString());
    }

    @Test
    void theWarmUpIsExtendedAndSaysSoWhenTheSearchHasNotSettled() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 400_000;
        double found = search(system, null, Duration.ofSeconds(5));
        assertConvergedNear(400_000, found);
        assertTrue(record.warmupExtendedSeconds > 10, "extended by " + record.warmupExtendedSeconds);
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("warm-up extended")), notes.toString());
    }

    @Test
    void aSearchThatCannotSettleInTimeSaysSoAndMeasuresAtTheHighestSustainableRate() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 400_000;
        double found = new RateSearch(system, 1, true, null, record, listener(), Duration.ofSeconds(12))
                .run(Duration.ofSeconds(10), 0);
        assertFalse(record.converged);
        assertNull(record.convergedAtSecond);
        assertTrue(record.note.startsWith("the search did not settle within the warm-up and 12 s more"), record.note);
        assertEquals(record.sustainableRate, found, 1);
        assertTrue(found > 10_000 && found < 400_000, "the highest sustainable rate seen: " + found);
        assertEquals(found, system.rate());
        assertTrue(system.seconds() >= 22 && system.seconds() < 40, "stopped after the extension: " + system.seconds());
    }

    @Test
    void aLatencyLimitFindsTheKnee() throws Exception {
        // 5 ms base latency; queueing above the capacity of 50 000 msg/s adds latency fast:
        // a p99 limit of 10 ms is crossed right at the capacity.
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 50_000;
        system.baseLatencyMs = 5;
        LatencyLimit limit = new LatencyLimit();
        limit.percentile = 99.0;
        limit.endToEndMs = 10.0;
        double found = search(system, limit, Duration.ofSeconds(60));
        assertTrue(record.converged, record.note);
        assertEquals(50_000, found, 50_000 * 0.05);
        assertEquals("p99 end-to-end <= 10 ms", record.objective);
        assertTrue(record.trials.stream().allMatch(t -> t.latencyMs != null), "every trial has its latency");
    }

    @Test
    void aLatencyLimitBelowTheBaseLatencyFindsNothing() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 50_000;
        system.baseLatencyMs = 5;
        LatencyLimit limit = new LatencyLimit();
        limit.publishMs = 1.0;
        double found = search(system, limit, Duration.ofSeconds(10));
        assertFalse(record.converged);
        assertTrue(record.note.contains("no rate"), record.note);
        assertEquals(RateSearch.MIN_RATE, found);
    }

    @Test
    void everyTrialIsRecordedWithItsVerdictAndTheDrainAfterAnUnsustainableOne() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 20_000;
        search(system, null, Duration.ofSeconds(60));
        assertEquals("ramp", record.trials.get(0).stage);
        assertEquals(RateSearch.START_RATE, record.trials.get(0).targetRate);
        TestResult.RateTrial climb = record.trials.get(record.trials.size() - 1);
        assertEquals("climb", climb.stage, "the last climb ends the search" + trials());
        assertEquals("unsustainable", climb.verdict, "its first step above a hard capacity fails" + trials());
        assertTrue(climb.seconds >= 20, "over a long window: " + climb.seconds);
        assertEquals("confirm", record.trials.get(record.trials.size() - 2).stage);
        assertEquals(record.sustainableRate, record.climbedFromRate, "the climb held nothing above the bracket");
        for (TestResult.RateTrial trial : record.trials) {
            if (trial.verdict.equals("unsustainable")) {
                assertNotNull(trial.drainSeconds, "drained after " + trial.targetRate);
            }
        }
        assertTrue(record.trials.size() <= 20, "trials: " + record.trials.size());
        assertTrue(record.convergedAtSecond < 80, "converged at " + record.convergedAtSecond);
    }

    @Test
    void aRunStoppedDuringTheSearchKeepsWhatTheTrialsShowedAndFindsNoRate() {
        // Before the fix the record said foundRate 0, sustainableRate 0 and searchSeconds 0, with no
        // note, after trials that had found 4,000 msg/s sustainable and 8,000 not.
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 5_000;
        system.stopAtSecond = 12;
        RateSearch search = new RateSearch(system, 1, true, null, record, listener());
        assertThrows(SimulatedSystem.Stopped.class, () -> search.run(Duration.ofSeconds(5), 0));
        assertFalse(record.converged);
        assertNull(record.foundRate, "no rate was found");
        double highestSustainable = record.trials.stream().filter(t -> t.verdict.equals("sustainable"))
                .mapToDouble(t -> t.targetRate).max().orElseThrow();
        double lowestUnsustainable = record.trials.stream().filter(t -> t.verdict.equals("unsustainable"))
                .mapToDouble(t -> t.targetRate).min().orElseThrow();
        assertEquals(highestSustainable, record.sustainableRate, trials());
        assertEquals(lowestUnsustainable, record.unsustainableRate, trials());
        assertEquals(12, record.searchSeconds, 0.2);
        assertEquals(7, record.warmupExtendedSeconds, 0.2);
        assertEquals(String.format(java.util.Locale.ROOT, "the run ended during the search, 12 s after it began"
                + " (sustainable %,.0f, unsustainable %,.0f msg/s)", highestSustainable, lowestUnsustainable), record.note);
    }

    @ParameterizedTest
    @CsvSource({
        // publish share of the target, backlog growth and growth of the sends awaiting acknowledgement as shares of it, held?
        "1.000, 0.000,  0.000, true",
        "0.985, 0.000,  0.000, true",   // within the search's own 2 % precision: agrees with the search
        "0.970, 0.000,  0.000, false",  // producers clearly short of the rate found
        "1.000, 0.010,  0.000, false",  // a backlog growing 1 % of the rate for a minute is no noise
        "1.000, 0.004,  0.000, true",
        // RabbitMQ without a confirm window held a measured minute at 98.2 % of the rate while its
        // queue of unconfirmed sends grew (the publish latency's median from 0.4 to 1.1 s), the
        // backlog of confirmed ones flat: that phase did not hold (it did before this was counted).
        "0.985, 0.000,  0.015, false",
        "1.000, 0.000,  0.004, true",
        "1.000, 0.000, -0.010, true"})  // a queue that shrinks (what the search left) is no growth
    void theMeasuredPhaseIsJudgedByThePrecisionOfTheSearch(double publishShare, double growthShare, double unacknowledgedShare,
            boolean held) {
        RateSearch search = new RateSearch(new SimulatedSystem(), 1, true, null, record, listener());
        double rate = 100_000;
        List<LoadSample> samples = new ArrayList<>();
        for (int second = 0; second <= 60; second++) {
            long sent = Math.round(second * rate * publishShare);
            long received = Math.round(sent - second * rate * growthShare);
            long unacknowledged = Math.round(rate + second * rate * unacknowledgedShare);
            samples.add(new LoadSample(second * 1_000_000_000L, sent, received, unacknowledged, 0));
        }
        Histogram none = new Histogram(3);
        TestResult.MeasuredPhaseCheck check = search.judgeMeasuredPhase(rate, samples, new WindowLatencies(none, none));
        assertEquals(held, check.held, check.reason);
        assertEquals(Math.round(rate * publishShare), check.publishRate);
        assertEquals(Math.round(rate * unacknowledgedShare), check.unacknowledgedSlope);
        if (unacknowledgedShare > 0.01) {
            assertTrue(check.reason.startsWith("backlog and sends awaiting acknowledgement grew 1,500 msg/s (+0 and +1,500)"),
                    check.reason);
        }
    }

    @Test
    void withoutConsumersAGrowingQueueOfSendsAwaitingAcknowledgementDoesNotHold() {
        RateSearch search = new RateSearch(new SimulatedSystem(), 1, false, null, record, listener());
        double rate = 10_000;
        List<LoadSample> samples = new ArrayList<>();
        for (int second = 0; second <= 60; second++) {
            samples.add(new LoadSample(second * 1_000_000_000L, Math.round(second * rate * 0.985), 0,
                    Math.round(second * rate * 0.015), 0));
        }
        Histogram none = new Histogram(3);
        TestResult.MeasuredPhaseCheck check = search.judgeMeasuredPhase(rate, samples, new WindowLatencies(none, none));
        assertFalse(check.held, check.reason);
        assertTrue(check.reason.startsWith("sends awaiting acknowledgement grew 150 msg/s (1.50% of the rate"), check.reason);
    }

    @Test
    void aMeasuredPhaseStartsWithoutWhatTheSearchLeft() throws Exception {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = 20_000;
        RateSearch search = new RateSearch(system, 1, true, null, record, listener());
        double found = search.run(Duration.ofSeconds(60), 0);
        // What a last window above the capacity leaves when no drain follows it: two seconds at twice the rate.
        system.setRate(2 * found);
        system.sleep(2_000);
        double left = system.sample().sent() - system.sample().received();
        assertTrue(left > 30_000, "backlog " + left);

        RateSearch.Restart restart = search.startMeasuredPhase(found);
        assertEquals(left, restart.drainedMessages(), left * 0.01);
        assertTrue(restart.drainSeconds() > 1, "drained for " + restart.drainSeconds());
        assertTrue(restart.settleSeconds() >= 1, "settled for " + restart.settleSeconds());
        assertEquals(found, system.rate(), "producers are left at the rate");
        LoadSample now = system.sample();
        assertTrue(now.sent() - now.received() < 0.1 * found, "backlog when the phase begins: " + (now.sent() - now.received()));
    }

    @Test
    void aMeasuredPhaseAfterACleanSearchAndOnALossyBrokerStartsWithoutAPause() throws Exception {
        for (double loss : new double[] {0, 0.02}) {
            SimulatedSystem system = new SimulatedSystem();
            system.consumerCapacity = 20_000;
            system.lossShare = loss;
            RateSearch search = new RateSearch(system, 1, true, null, new TestResult.RateDiscovery(), listener());
            double found = search.run(Duration.ofSeconds(60), 0);
            double before = system.seconds();
            RateSearch.Restart restart = search.startMeasuredPhase(found);
            assertNull(restart.drainedMessages(), "loss " + loss + ": nothing to drain, yet " + restart.drainedMessages());
            assertNull(restart.drainSeconds());
            assertEquals(system.seconds() - before, restart.settleSeconds(), 0.11, "only the settling took time");
            assertEquals(found, system.rate());
        }
    }

    private double search(SimulatedSystem system, LatencyLimit limit, Duration warmup) throws Exception {
        return search(system, limit, warmup, 1);
    }

    private double search(SimulatedSystem system, LatencyLimit limit, Duration warmup, int subscriptions) throws Exception {
        return new RateSearch(system, subscriptions, true, limit, record, listener()).run(warmup, 0);
    }

    private void assertConvergedNear(double capacity, double found) {
        assertTrue(record.converged, record.note);
        assertTrue(found <= capacity * 1.006, "found " + found + " above the capacity " + capacity + trials());
        assertTrue(found >= capacity * 0.97, "found " + found + ", more than 3 % below the capacity " + capacity + trials());
        assertEquals(Math.round(found), record.foundRate.doubleValue());
    }

    private String trials() {
        StringBuilder text = new StringBuilder();
        for (TestResult.RateTrial t : record.trials) {
            text.append(String.format("%n  %6.1f s %-8s %,10.0f -> pub %,10.0f cons %,10.0f slope %,8.0f tol %.4f %s %s",
                    t.second, t.stage, t.targetRate, t.publishRate, t.consumeRate, t.backlogSlope, t.tolerance, t.verdict, t.reason));
        }
        return text.toString();
    }

    private RateSearch.Listener listener() {
        return listener(note -> {});
    }

    /** A search of a system whose consumers take {@code capacity} msg/s, and from a note on that begins with a key, the key's value. */
    private RateSearch searchWhoseCapacityChanges(double capacity, Map<String, Double> fromNote) {
        SimulatedSystem system = new SimulatedSystem();
        system.consumerCapacity = capacity;
        return new RateSearch(system, 1, true, null, record, listener(note -> fromNote.forEach((words, changed) -> {
            if (note.startsWith(words)) {
                system.consumerCapacity = changed;
            }
        })));
    }

    /** Keeps every note, and lets a test act on one as the search gives it (in simulated time). */
    private RateSearch.Listener listener(Consumer<String> onNote) {
        return new RateSearch.Listener() {
            @Override
            public void trial(long secondsSinceLoadStart, TestResult.RateTrial trial) {}

            @Override
            public void note(String text) {
                notes.add(text);
                onNote.accept(text);
            }
        };
    }
}
