package io.mqbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.config.UserError;
import io.mqbench.testing.TempFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadsTest {
    @TempDir
    Path dir;

    @Test
    void theShippedOmbPayloadFilesHaveTheirNominalSizes() throws Exception {
        Path payloads = TempFiles.repositoryRoot().resolve("payload");
        assertEquals(100, Files.size(payloads.resolve("payload-100b.data")));
        assertEquals(200, Files.size(payloads.resolve("payload-200b.data")));
        assertEquals(400, Files.size(payloads.resolve("payload-400b.data")));
        assertEquals(1024, Files.size(payloads.resolve("payload-1Kb.data")));
        assertEquals(2048, Files.size(payloads.resolve("payload-2Kb.data")));
        assertEquals(4096, Files.size(payloads.resolve("payload-4Kb.data")));
    }

    @Test
    void aPayloadFileRelativeToTheWorkloadFolderIsFound() throws Exception {
        byte[] bytes = new byte[64];
        bytes[3] = 7;
        Files.write(dir.resolve("p.data"), bytes);
        Workload w = workload(64);
        w.payloadFile = "p.data";
        List<byte[]> payloads = Payloads.forWorkload(w, dir.resolve("w.yaml").toFile());
        assertEquals(1, payloads.size());
        assertArrayEquals(bytes, payloads.get(0));
    }

    @Test
    void aMissingPayloadFileNamesTheFieldAndWhereItLooked() {
        Workload w = workload(64);
        w.payloadFile = "payload/nope.data";
        UserError e = assertThrows(UserError.class, () -> Payloads.forWorkload(w, dir.resolve("w.yaml").toFile()));
        assertTrue(e.getMessage().startsWith(dir.resolve("w.yaml") + ": field 'payloadFile': 'payload/nope.data' not found"), e.getMessage());
    }

    @Test
    void aPayloadFileOfTheWrongSizeIsRejected() throws Exception {
        Files.write(dir.resolve("p.data"), new byte[10]);
        Workload w = workload(64);
        w.payloadFile = "p.data";
        UserError e = assertThrows(UserError.class, () -> Payloads.forWorkload(w, dir.resolve("w.yaml").toFile()));
        assertTrue(e.getMessage().contains("holds 10 bytes but messageSize is 64"), e.getMessage());
    }

    @Test
    void randomizedPayloadsHaveTheRequestedRandomShare() {
        Workload w = workload(1000);
        w.useRandomizedPayloads = true;
        w.randomBytesRatio = 0.25;
        w.randomizedPayloadPoolSize = 5;
        List<byte[]> pool = Payloads.forWorkload(w, dir.resolve("w.yaml").toFile());
        assertEquals(5, pool.size());
        for (byte[] payload : pool) {
            assertEquals(1000, payload.length);
            for (int i = 250; i < 1000; i++) {
                assertEquals(0, payload[i], "the non-random share is zeros");
            }
            int nonZero = 0;
            for (int i = 0; i < 250; i++) {
                nonZero += payload[i] != 0 ? 1 : 0;
            }
            assertTrue(nonZero > 200, "the random share is random: " + nonZero);
        }
        assertTrue(!java.util.Arrays.equals(pool.get(0), pool.get(1)), "payloads of the pool differ");
    }

    @Test
    void withoutPayloadFileAPayloadOfMessageSizeIsGenerated() {
        List<byte[]> payloads = Payloads.forWorkload(workload(12345), dir.resolve("w.yaml").toFile());
        assertEquals(1, payloads.size());
        assertEquals(12345, payloads.get(0).length);
    }

    private static Workload workload(int size) {
        Workload w = new Workload();
        w.messageSize = size;
        return w;
    }
}
