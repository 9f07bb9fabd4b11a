package io.mqbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.config.UserError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FaultParseTest {
    private static final Duration MEASURED = Duration.ofSeconds(60);

    private static FaultSpec spec(String at, String action, String target, String lasting, String run) {
        FaultSpec spec = new FaultSpec();
        spec.at = at;
        spec.action = action;
        spec.target = target;
        spec.lasting = lasting;
        spec.run = run;
        return spec;
    }

    /** Entries "at action target [for] [run]" separated by ';', '-' for absent. */
    private static List<FaultSpec> specs(String entries) {
        List<FaultSpec> specs = new ArrayList<>();
        for (String entry : entries.split(";")) {
            String[] f = entry.trim().split(" ", 5);
            specs.add(spec(none(f[0]), none(f[1]), none(f[2]), f.length > 3 ? none(f[3]) : null, f.length > 4 ? none(f[4]) : null));
        }
        return specs;
    }

    private static String none(String text) {
        return text.equals("-") ? null : text;
    }

    @Test
    void aScheduleIsReadInTimeOrder() {
        List<Fault> faults = Fault.parse("w.yaml", specs("25s start kafka; 20s kill kafka; 30s freeze redis 5s; 50s command - - true"), MEASURED);
        assertEquals(List.of("kill kafka", "start kafka", "freeze redis for 5s", "command 'true'"),
                faults.stream().map(Fault::describe).toList());
        assertEquals(Duration.ofSeconds(20), faults.get(0).at());
        assertEquals(Duration.ofSeconds(5), faults.get(2).lasting());
    }

    @Test
    void aFreezeWithForEndsItselfSoTheBrokerMayBeKilledAfterIt() {
        assertEquals(2, Fault.parse("w.yaml", specs("10s freeze kafka 5s; 15s kill kafka"), MEASURED).size());
        assertEquals(3, Fault.parse("w.yaml", specs("10s partition kafka; 12s heal kafka; 14s partition kafka 3s"), MEASURED).size());
    }

    /** A delay entry: "at target latency [for]", '-' for absent. */
    private static FaultSpec delay(String at, String target, String latency, String lasting) {
        FaultSpec spec = spec(at, "delay", target, none(lasting), null);
        spec.latency = none(latency);
        return spec;
    }

    @Test
    void aDelayHoldsEachByteForItsLatencyAndAHealOrItsForEndsIt() {
        List<Fault> faults = Fault.parse("w.yaml", List.of(delay("20s", "redis", "50ms", "20s"), spec("45s", "kill", "redis", null, null)), MEASURED);
        assertEquals(List.of("delay redis by 50ms for 20s", "kill redis"), faults.stream().map(Fault::describe).toList());
        assertEquals(Duration.ofMillis(50), faults.get(0).latency());
        assertEquals(null, faults.get(1).latency());
        assertEquals(2, Fault.parse("w.yaml", List.of(delay("20s", "redis", "1s", "-"), spec("30s", "heal", "redis", null, null)), MEASURED).size());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            20s | -     | -   | w.yaml: field 'faults[0].latency' is missing; give how long each byte is held, each way, e.g. latency: 50ms
            20s | fast  | -   | w.yaml: field 'faults[0].latency': 'fast' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h
            20s | 0ms   | -   | w.yaml: field 'faults[0].latency' is 0ms; give 1ms to 60s (for an outage, use a partition or a freeze)
            20s | 2m    | -   | w.yaml: field 'faults[0].latency' is 2m; give 1ms to 60s (for an outage, use a partition or a freeze)
            50s | 50ms  | 20s | w.yaml: field 'faults[0]': the delay at 50s for 20s lasts past the end of the measured phase (1m); shorten it
            """)
    void aWrongDelayIsOneLineNamingItsField(String at, String latency, String lasting, String message) {
        UserError error = assertThrows(UserError.class, () -> Fault.parse("w.yaml", List.of(delay(at, "redis", latency, lasting)), MEASURED));
        assertEquals(message, error.getMessage());
    }

    @Test
    void aLatencyOnAnotherActionAndAFreezeDuringADelayAreRefused() {
        FaultSpec kill = spec("20s", "kill", "redis", null, null);
        kill.latency = "50ms";
        assertEquals("w.yaml: field 'faults[0].latency' is for action: delay only; remove it",
                assertThrows(UserError.class, () -> Fault.parse("w.yaml", List.of(kill), MEASURED)).getMessage());
        assertEquals("w.yaml: field 'faults': freeze redis at 25s finds redis delayed; put a start (or thaw, or heal) before it",
                assertThrows(UserError.class, () -> Fault.parse("w.yaml",
                        List.of(delay("20s", "redis", "50ms", "-"), spec("25s", "freeze", "redis", null, null)), MEASURED)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            20s explode kafka                       | w.yaml: field 'faults[0].action' is 'explode'; allowed: kill, freeze, thaw, partition, delay, heal, stop, start, restart, command
            - kill kafka                            | w.yaml: field 'faults[0].at' is missing; write when, into the measured phase, e.g. at: 20s
            soon kill kafka                         | w.yaml: field 'faults[0].at': 'soon' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h
            60s kill kafka                          | w.yaml: field 'faults[0].at' is 60s, not before the end of the measured phase (1m); move it earlier or make the run longer
            20s kill kinesis                        | w.yaml: field 'faults[0].target' is 'kinesis'; allowed: a broker of bin/brokers: kafka, rabbitmq, artemis, redis, sqs, mongo, ferretdb, nats, activemq, mosquitto, pulsar, rocketmq (for a broker elsewhere, use action: command)
            20s kill -                              | w.yaml: field 'faults[0].target' is missing; allowed: a broker of bin/brokers: kafka, rabbitmq, artemis, redis, sqs, mongo, ferretdb, nats, activemq, mosquitto, pulsar, rocketmq (for a broker elsewhere, use action: command)
            20s kill kafka 5s                       | w.yaml: field 'faults[0].for' is for action: freeze, partition or delay only (undone after that long); remove it
            50s freeze kafka 10s                    | w.yaml: field 'faults[0]': the freeze at 50s for 10s lasts past the end of the measured phase (1m); shorten it
            20s command kafka - ls                  | w.yaml: field 'faults[0].target' does not apply to a command; the command itself says what it acts on
            20s command -                           | w.yaml: field 'faults[0].run' is missing; give the shell command, e.g. run: "kubectl delete pod kafka-0"
            20s kill kafka - ls                     | w.yaml: field 'faults[0].run' is for action: command only; remove it
            20s start kafka                         | w.yaml: field 'faults': start kafka at 20s finds kafka running; a start follows a kill or a stop
            20s thaw kafka                          | w.yaml: field 'faults': thaw kafka at 20s finds kafka running; a thaw follows a freeze without 'for'
            20s kill kafka; 30s freeze kafka        | w.yaml: field 'faults': freeze kafka at 30s finds kafka stopped; put a start (or thaw, or heal) before it
            20s heal kafka                          | w.yaml: field 'faults': heal kafka at 20s finds kafka running; a heal follows a partition or a delay without 'for'
            20s partition kafka; 25s freeze kafka   | w.yaml: field 'faults': freeze kafka at 25s finds kafka partitioned; put a start (or thaw, or heal) before it
            20s freeze kafka 5s; 22s thaw kafka     | w.yaml: field 'faults': thaw kafka at 22s finds kafka frozen; a thaw follows a freeze without 'for'
            """)
    void aWrongEntryIsOneLineNamingItsField(String entries, String message) {
        UserError error = assertThrows(UserError.class, () -> Fault.parse("w.yaml", specs(entries), MEASURED));
        assertEquals(message, error.getMessage());
        assertTrue(!error.getMessage().contains("\n"));
    }
}
