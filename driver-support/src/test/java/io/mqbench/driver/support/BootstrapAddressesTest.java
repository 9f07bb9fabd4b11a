package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class BootstrapAddressesTest {
    @Test
    void entriesSplitAtCommasAndSemicolonsAndTakeTheDefaultPort() {
        List<InetSocketAddress> addresses = BootstrapAddresses.parse(" a:1, b ;[::1]:3;[::2]", 6650);
        assertEquals(List.of("a:1", "b:6650", "[::1]:3", "[::2]:6650"),
                addresses.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList());
    }

    @Test
    void oneListeningAddressIsEnoughWhereverItIsInTheList() throws IOException {
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int closed = closedPort();
            String list = "127.0.0.1:" + closed + ";127.0.0.1:" + listening.getLocalPort();
            assertDoesNotThrow(() -> BootstrapAddresses.checkOneAccepts(BootstrapAddresses.parse(list, 1), 2_000));
        }
    }

    @Test
    void noListeningAddressThrowsTheLastFailure() throws IOException {
        int closed = closedPort();
        assertThrows(ConnectException.class, () -> BootstrapAddresses.checkOneAccepts(
                BootstrapAddresses.parse("127.0.0.1:" + closed, 1), 2_000));
        assertEquals("no address given", assertThrows(IOException.class,
                () -> BootstrapAddresses.checkOneAccepts(List.of(), 2_000)).getMessage());
    }

    /** A loopback port that nothing listens on (it was free a moment ago). */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
