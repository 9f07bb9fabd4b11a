package io.mqbench.driver.sqs;

import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;

/**
 * SQS accepted the batch call but refused this one entry of it (the call's other entries may have
 * gone through). The message names SQS's code and reason but no ids, so that the harness counts
 * equal failures together.
 */
final class EntryFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final boolean senderFault;

    EntryFailedException(BatchResultErrorEntry error) {
        super("SQS refused the message: " + error.code() + (error.message() == null ? "" : " (" + error.message() + ")")
                + (Boolean.TRUE.equals(error.senderFault()) ? ", sender's fault" : ", service's fault"), null, false, false);
        this.code = error.code();
        this.senderFault = Boolean.TRUE.equals(error.senderFault());
    }

    String code() {
        return code;
    }

    boolean senderFault() {
        return senderFault;
    }
}
