package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResultEntry;

/** How one batch answer settles each message's future (the real server does the same in PartialBatchFailureIT). */
class SendBatcherTest {
    @Test
    void eachMessageGetsItsOwnEntrysOutcome() {
        Map<String, PendingSend> byId = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) {
            byId.put(Integer.toString(i), new PendingSend(null, 1, new CompletableFuture<>()));
        }
        SendMessageBatchResponse answer = SendMessageBatchResponse.builder()
                .successful(SendMessageBatchResultEntry.builder().id("0").messageId("m0").build(),
                        SendMessageBatchResultEntry.builder().id("2").messageId("m2").build())
                .failed(BatchResultErrorEntry.builder().id("1").code("InvalidParameterValue").message("bad")
                        .senderFault(true).build())
                .build();
        SendBatcher.settle(answer, byId);

        assertTrue(byId.get("0").done().isDone() && !byId.get("0").done().isCompletedExceptionally());
        assertTrue(byId.get("2").done().isDone() && !byId.get("2").done().isCompletedExceptionally());
        Throwable refused = byId.get("1").done().handle((ok, error) -> error).join();
        EntryFailedException failure = assertInstanceOf(EntryFailedException.class, refused);
        assertTrue(failure.getMessage().contains("InvalidParameterValue (bad), sender's fault"), failure.getMessage());
        Throwable missing = byId.get("3").done().handle((ok, error) -> error).join();
        assertTrue(missing.getMessage().contains("without a result for this message"), missing.getMessage());
    }
}
