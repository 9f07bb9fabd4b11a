package io.mqbench.driver.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A client's list of seed addresses ("host:port" separated by commas or semicolons), and the
 * check a driver makes before it builds its clients: does any of them accept a TCP connection?
 * Broker clients that are handed a dead address retry quietly for their own timeouts (RocketMQ's
 * admin, Pulsar's admin and client); a driver that connects first ends in one clear line instead.
 */
public final class BootstrapAddresses {
    private BootstrapAddresses() {}

    /**
     * The addresses of {@code list}, split at commas and semicolons; an entry without a port gets
     * {@code defaultPort}. IPv6 literals are written in brackets, {@code [::1]:6650}.
     */
    public static List<InetSocketAddress> parse(String list, int defaultPort) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String entry : list.split("[,;]")) {
            String hostPort = entry.trim();
            if (hostPort.isEmpty()) {
                continue;
            }
            int colon = hostPort.lastIndexOf(':');
            boolean hasPort = colon > hostPort.lastIndexOf(']');
            String host = hasPort ? hostPort.substring(0, colon) : hostPort;
            int port = hasPort ? Integer.parseInt(hostPort.substring(colon + 1)) : defaultPort;
            addresses.add(InetSocketAddress.createUnresolved(host, port));
        }
        return addresses;
    }

    /**
     * Returns as soon as one address accepts a connection within {@code timeoutMillis}; else throws
     * the last address's failure (the caller says which broker and which setting).
     */
    public static void checkOneAccepts(List<InetSocketAddress> addresses, int timeoutMillis) throws IOException {
        IOException last = new IOException("no address given");
        for (InetSocketAddress address : addresses) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(address.getHostString(), address.getPort()), timeoutMillis);
                return;
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }
}
