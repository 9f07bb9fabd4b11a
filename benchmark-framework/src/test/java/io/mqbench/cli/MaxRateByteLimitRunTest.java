package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code producerRate: 0} against the loopback driver whose byte limit, not its message limit,
 * binds: the search must find it as it finds a message capacity ({@link MaxRateRunTest}). A class of
 * its own so that its search (over a minute) runs beside that class's in another test JVM.
 */
class MaxRateByteLimitRunTest {
    @TempDir
    Path dir;

    @Test
    void theByteLimitBindsForLargeMessages() throws Exception {
        // 20 MB/s of 10 KB messages is 2 048 msg/s, far below the message limit.
        Path driver = TempFiles.write(dir, "d.yaml", LoopbackDriverYaml.named("Loopback-20MB")
                + "capacity: {messagesPerSecond: 400000, bytesPerSecond: 20MB/s}\n");
        JsonNode r = MaxRateRuns.run(dir, driver, MaxRateRuns.workload(dir, 10_240, ""));
        MaxRateRuns.assertFoundNear(r, 2048);
        assertEquals(20, r.at("/summary/publishThroughputMBps").asDouble(), 20 * 0.03);
    }
}
