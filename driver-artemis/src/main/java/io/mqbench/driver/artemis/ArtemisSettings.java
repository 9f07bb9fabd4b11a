package io.mqbench.driver.artemis;

import io.mqbench.driver.jms.JmsSettings;
import io.mqbench.driver.support.Choices;
import java.util.regex.Pattern;

/**
 * The Artemis driver's YAML file: the common JMS settings plus the Artemis connection URL and the
 * client's flow-control windows. Upstream OMB's {@code artemis.yaml} ({@code brokerAddress} only)
 * loads unchanged once {@code driverClass} names this driver.
 */
public final class ArtemisSettings extends JmsSettings {
    /** Artemis' default confirmation window in async mode: answers come per message either way. */
    static final int DEFAULT_ASYNC_CONFIRMATION_WINDOW = 1024 * 1024;

    private static final Pattern SECRET_PARAMETER = Pattern.compile("(?i)[?&;,(]\\s*password\\s*=");

    /** Artemis connection URL: tcp://host:port?param=value, or (tcp://a:61616,tcp://b:61616)?ha=true for HA. */
    public String brokerAddress = "tcp://127.0.0.1:61616";

    /** Bytes of sent commands the client keeps for resending after a failover; > 0 needed for async sends. */
    public Integer confirmationWindowSize;

    /** Bytes of credits a producer asks the broker for at a time (Artemis default 65536); -1: no flow control. */
    public Integer producerWindowSize;

    /** Bytes of messages the client buffers per consumer (Artemis default 1048576); 0: none; -1: unbounded. */
    public Integer consumerWindowSize;

    /**
     * jms (default): producers and consumers speak JMS 2.0; core: Artemis' own client API, as
     * upstream OMB's Artemis driver does, without the JMS layer's per-message objects. Same wire
     * protocol, same queues, same settings.
     */
    public String clientApi = "jms";

    /** The client API producers and consumers use. */
    public enum ClientApi { JMS, CORE }

    private ClientApi parsedClientApi;

    public ClientApi clientApiKind() {
        return parsedClientApi;
    }

    @Override
    public void validate() {
        super.validate();
        parsedClientApi = Choices.choice("clientApi", clientApi, ClientApi.class);
        if (brokerAddress == null || brokerAddress.isBlank()) {
            throw new IllegalArgumentException("brokerAddress is empty; give an Artemis URL such as"
                    + " tcp://127.0.0.1:61616");
        }
        if (SECRET_PARAMETER.matcher(brokerAddress).find()) {
            throw new IllegalArgumentException("brokerAddress carries a password parameter; put it in the password"
                    + " field instead (results redact that field, not URL parameters)");
        }
        if (sendModeKind() == SendMode.ASYNC) {
            if (confirmationWindowSize == null) {
                confirmationWindowSize = DEFAULT_ASYNC_CONFIRMATION_WINDOW;
            } else if (confirmationWindowSize <= 0) {
                throw new IllegalArgumentException("confirmationWindowSize is " + confirmationWindowSize
                        + " but sendMode is async: without a window the Artemis client reports a send as done when it"
                        + " wrote it, not when the broker acknowledged it; allowed: 1 or more (bytes)");
            }
        } else if (confirmationWindowSize != null && confirmationWindowSize != -1 && confirmationWindowSize < 1) {
            throw new IllegalArgumentException("confirmationWindowSize is " + confirmationWindowSize
                    + "; allowed: -1 (off) or 1 or more (bytes)");
        }
        if (producerWindowSize != null && producerWindowSize != -1 && producerWindowSize < 1) {
            throw new IllegalArgumentException("producerWindowSize is " + producerWindowSize
                    + "; allowed: -1 (no flow control) or 1 or more (bytes)");
        }
        if (consumerWindowSize != null && consumerWindowSize < -1) {
            throw new IllegalArgumentException("consumerWindowSize is " + consumerWindowSize
                    + "; allowed: -1 (unbounded), 0 (no buffer) or more (bytes)");
        }
    }
}
