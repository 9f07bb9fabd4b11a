package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.ConnectionFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;

/**
 * One entry of {@code amqpUris}: the client's connection factory for it (host, port, virtual host,
 * credentials, TLS for amqps) and a name for logs that never shows the password.
 */
final class BrokerEndpoint {
    private final ConnectionFactory factory;
    private final String display;

    BrokerEndpoint(String uri, int heartbeatSeconds) {
        checkUri(uri);
        factory = new ConnectionFactory();
        try {
            factory.setUri(uri);
        } catch (URISyntaxException | GeneralSecurityException e) {
            throw new IllegalArgumentException("amqpUris: '" + redact(uri) + "' is not usable: " + e.getMessage(), e);
        }
        // The driver reconnects by itself (see ReconnectingChannel): the client's own recovery would
        // renumber publisher confirms behind the producer's back.
        factory.setAutomaticRecoveryEnabled(false);
        factory.setTopologyRecoveryEnabled(false);
        factory.setRequestedHeartbeat(heartbeatSeconds);
        // A broker address that swallows packets must not hold a reconnect attempt for the default 60 s.
        factory.setConnectionTimeout(10_000);
        display = redact(uri);
    }

    /** Throws naming the field if the text is not an amqp:// or amqps:// URI. */
    static void checkUri(String uri) {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("amqpUris has an empty entry; allowed: amqp://host[:port][/vhost]"
                    + " or amqps://...");
        }
        URI parsed;
        try {
            parsed = new URI(uri.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("amqpUris: '" + redact(uri) + "' is not a URI (" + e.getReason()
                    + "); allowed: amqp://host[:port][/vhost] or amqps://...");
        }
        String scheme = parsed.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("amqp") || scheme.equalsIgnoreCase("amqps"))
                || parsed.getHost() == null) {
            throw new IllegalArgumentException("amqpUris: '" + redact(uri) + "' is not an AMQP URI; allowed:"
                    + " amqp://host[:port][/vhost] or amqps://...");
        }
    }

    /** The URI without its password, for logs and results. */
    static String redact(String uri) {
        return uri == null ? "" : uri.replaceAll("(?<=://)([^:/@\\s]+):([^@/\\s]+)@", "$1:*****@");
    }

    ConnectionFactory factory() {
        return factory;
    }

    @Override
    public String toString() {
        return display;
    }
}
