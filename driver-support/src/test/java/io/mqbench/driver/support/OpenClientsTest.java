package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenClientsTest {
    @Test
    void everyClientIsHandedOverExactlyOnceInOrder() {
        OpenClients<String> clients = new OpenClients<>();
        String first = "producer-1";
        assertSame(first, clients.add(first));
        clients.add("producer-2");
        assertEquals(List.of("producer-1", "producer-2"), clients.takeAll());
        assertTrue(clients.takeAll().isEmpty(), "a second close finds nothing left to close");
        clients.add("producer-3");
        assertEquals(List.of("producer-3"), clients.takeAll());
    }

    @Test
    void clientsAddedFromManyThreadsAreAllTaken() throws InterruptedException {
        OpenClients<Integer> clients = new OpenClients<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int base = t * 1_000;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 1_000; i++) {
                    clients.add(base + i);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(4_000, clients.takeAll().stream().distinct().count());
    }
}
