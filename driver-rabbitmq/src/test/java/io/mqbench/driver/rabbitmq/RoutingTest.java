package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mqbench.driver.rabbitmq.RabbitMqSettings.ExchangeType;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoutingTest {

    @Test
    void defaultsRouteEveryTypeToEverySubscription() {
        Routing fanout = new Routing(ExchangeType.FANOUT, null, null);
        assertEquals("", fanout.publishRoutingKey());
        assertEquals("", fanout.queueBindingKey());
        assertNull(fanout.bindingArguments());

        Routing direct = new Routing(ExchangeType.DIRECT, null, null);
        assertEquals("mqbench", direct.publishRoutingKey());
        assertEquals("mqbench", direct.queueBindingKey());

        Routing topic = new Routing(ExchangeType.TOPIC, null, null);
        assertEquals("mqbench.benchmark", topic.publishRoutingKey());
        assertEquals("mqbench.#", topic.queueBindingKey());
        assertEquals("topic", topic.exchangeType());
    }

    @Test
    void headersExchangesMatchOnAMessageHeader() {
        Routing headers = new Routing(ExchangeType.HEADERS, "blue", null);
        assertEquals("", headers.publishRoutingKey());
        assertEquals(Map.of("x-match", "all", Routing.ROUTE_HEADER, "blue"), headers.bindingArguments());
        Map<String, Object> message = new HashMap<>();
        headers.addMessageHeaders(message);
        assertEquals(Map.of(Routing.ROUTE_HEADER, "blue"), message);
    }

    @Test
    void anExplicitRoutingKeyIsAlsoTheBindingKeyUnlessOneIsGiven() {
        assertEquals("a.b", new Routing(ExchangeType.TOPIC, "a.b", null).queueBindingKey());
        assertEquals("a.*", new Routing(ExchangeType.TOPIC, "a.b", "a.*").queueBindingKey());
        assertEquals("k", new Routing(ExchangeType.DIRECT, "k", null).queueBindingKey());
    }
}
