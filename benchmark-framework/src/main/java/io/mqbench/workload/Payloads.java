package io.mqbench.workload;

import io.mqbench.config.RelativeFile;
import io.mqbench.config.UserError;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The message bodies producers send, chosen as OpenMessaging Benchmark does: a pool of randomized
 * payloads, or the bytes of {@code payloadFile}. mqbench adds a third case: with neither, it
 * generates one payload of {@code messageSize} random bytes, so a workload (or a sweep over message
 * sizes) needs no payload file at all.
 */
public final class Payloads {
    /** Fixed so that two runs of one workload send the same bytes. */
    private static final long SEED = 0x6d71_6265_6e63_68L;

    private Payloads() {}

    /**
     * @param workloadFile where the workload came from: errors name it, and a relative payload
     *     path may be relative to its folder
     */
    public static List<byte[]> forWorkload(Workload workload, File workloadFile) {
        if (workload.useRandomizedPayloads) {
            return randomized(workload.messageSize, workload.randomBytesRatio, workload.randomizedPayloadPoolSize);
        }
        if (workload.payloadFile != null && !workload.payloadFile.isBlank()) {
            return List.of(fromFile(workload, workloadFile));
        }
        return randomized(workload.messageSize, 1.0, 1);
    }

    static List<byte[]> randomized(int size, double randomRatio, int poolSize) {
        Random random = new Random(SEED);
        int randomBytes = (int) Math.round(size * randomRatio);
        List<byte[]> pool = new ArrayList<>(poolSize);
        for (int i = 0; i < poolSize; i++) {
            byte[] payload = new byte[size];
            byte[] head = new byte[randomBytes];
            random.nextBytes(head);
            System.arraycopy(head, 0, payload, 0, randomBytes);
            pool.add(payload);
        }
        return pool;
    }

    private static byte[] fromFile(Workload workload, File workloadFile) {
        File file = resolve(workload.payloadFile, workloadFile);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file.toPath());
        } catch (IOException e) {
            throw new UserError(workloadFile + ": field 'payloadFile': cannot read " + file + ": " + e.getMessage(), e);
        }
        if (bytes.length != workload.messageSize) {
            throw new UserError(
                    workloadFile
                            + ": field 'payloadFile': "
                            + file
                            + " holds "
                            + bytes.length
                            + " bytes but messageSize is "
                            + workload.messageSize
                            + "; make them equal (or drop payloadFile to generate a payload of messageSize)");
        }
        return bytes;
    }

    /** Finds a payload file as {@link RelativeFile} does, or says where it looked. */
    static File resolve(String path, File workloadFile) {
        RelativeFile file = RelativeFile.of(path, workloadFile);
        return file.find().orElseThrow(() -> new UserError(workloadFile + ": field 'payloadFile': '" + path
                + "' not found (looked at " + file.looked()
                + "); give an existing file, or drop payloadFile to generate the payload"));
    }
}
