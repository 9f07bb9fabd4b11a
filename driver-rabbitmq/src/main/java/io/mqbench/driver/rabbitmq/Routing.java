package io.mqbench.driver.rabbitmq;

import io.mqbench.driver.rabbitmq.RabbitMqSettings.ExchangeType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How messages find their queues for the configured exchange type: the routing key producers
 * publish with, the binding key (or header match) queues bind with. Defaults make every exchange
 * type deliver to every subscription; other keys let a run measure (or break) matching.
 *
 * <ul>
 *   <li>fanout: no keys;
 *   <li>direct: routing key {@code mqbench}, binding key equal to it;
 *   <li>topic: routing key {@code mqbench.benchmark}, binding pattern {@code mqbench.#}, so the
 *       broker's pattern matching does real work;
 *   <li>headers: every message carries header {@code mqbench-route} with the routing key as value;
 *       queues bind with {@code x-match: all} on that header equal to the binding key.
 * </ul>
 */
final class Routing {
    static final String ROUTE_HEADER = "mqbench-route";
    private static final String DEFAULT_KEY = "mqbench";

    private final ExchangeType type;
    private final String routingKey;
    private final String bindingKey;

    Routing(ExchangeType type, String routingKey, String bindingKey) {
        this.type = type;
        switch (type) {
            case FANOUT -> {
                this.routingKey = "";
                this.bindingKey = "";
            }
            case TOPIC -> {
                this.routingKey = routingKey != null ? routingKey : DEFAULT_KEY + ".benchmark";
                this.bindingKey = bindingKey != null ? bindingKey : routingKey != null ? routingKey : DEFAULT_KEY + ".#";
            }
            default -> {
                this.routingKey = routingKey != null ? routingKey : DEFAULT_KEY;
                this.bindingKey = bindingKey != null ? bindingKey : this.routingKey;
            }
        }
    }

    static Routing of(RabbitMqSettings settings) {
        return new Routing(settings.exchangeKind(), settings.routingKey, settings.bindingKey);
    }

    /** The exchange type as AMQP names it. */
    String exchangeType() {
        return type.name().toLowerCase();
    }

    /** The routing key of basic.publish (empty for headers exchanges, which match on headers). */
    String publishRoutingKey() {
        return type == ExchangeType.HEADERS ? "" : routingKey;
    }

    /** The binding key of queue.bind. */
    String queueBindingKey() {
        return type == ExchangeType.HEADERS ? "" : bindingKey;
    }

    /** The arguments of queue.bind: the header match for headers exchanges, none otherwise. */
    Map<String, Object> bindingArguments() {
        if (type != ExchangeType.HEADERS) {
            return null;
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("x-match", "all");
        arguments.put(ROUTE_HEADER, bindingKey);
        return arguments;
    }

    /** Adds what a message needs to be routed to {@code headers}. */
    /** Whether messages need a header to be routed (a headers exchange). */
    boolean routesByHeader() {
        return type == ExchangeType.HEADERS;
    }

    void addMessageHeaders(Map<String, Object> headers) {
        if (routesByHeader()) {
            headers.put(ROUTE_HEADER, routingKey);
        }
    }

    @Override
    public String toString() {
        return switch (type) {
            case FANOUT -> "fanout";
            case HEADERS -> "headers (" + ROUTE_HEADER + "=" + routingKey + ", binding " + ROUTE_HEADER + "="
                    + bindingKey + ")";
            default -> exchangeType() + " (routing key '" + routingKey + "', binding key '" + bindingKey + "')";
        };
    }
}
