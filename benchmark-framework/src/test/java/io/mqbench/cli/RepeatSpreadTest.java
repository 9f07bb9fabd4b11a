package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSpreadTest {
    @Test
    void repeatsFurtherApartThanFivePercentSayWhatThatMeans() {
        // The two mqbench runs of RabbitMQ side by side on 2026-12-05 at 10:48-11:08.
        assertEquals("repeats of 'max-1kb' on 'RabbitMQ' (2 complete runs): publish rate 31,016 to 35,397 msg/s, 14.1% apart"
                + " (more than 5%: one run of this system is good to no better than that); e2e p99 3.27 to 212 ms",
                RepeatSpread.line("'max-1kb' on 'RabbitMQ'", List.of(35_397.0, 31_016.0), List.of(212.4, 3.271)));
        assertEquals("repeats of 'w' on 'Kafka' (3 complete runs): publish rate 1,000 to 1,040 msg/s, 4.0% apart; e2e p99 0.950 to 12.5 ms",
                RepeatSpread.line("'w' on 'Kafka'", List.of(1_000.0, 1_040.0, 1_020.0), List.of(12.5, 0.95, 3.0)));
        assertEquals("repeats of 'sends' on 'Redis' (2 complete runs): publish rate 100,000 to 102,000 msg/s, 2.0% apart",
                RepeatSpread.line("'sends' on 'Redis'", List.of(100_000.0, 102_000.0), List.of(0.0, 0.0)), "no consumers, no e2e p99");
    }
}
