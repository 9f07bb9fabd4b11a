package io.mqbench.driver.support;

import java.util.ArrayList;
import java.util.List;

/**
 * The producers or consumers a driver has opened and must close. Creation may run on several
 * threads at once; {@link #takeAll()} hands every client over exactly once, so a driver's
 * {@code close()} closes each one even if called twice or while a creation finishes.
 */
public final class OpenClients<T> {
    private final List<T> open = new ArrayList<>();

    /** Remembers a newly opened client and returns it. */
    public synchronized T add(T client) {
        open.add(client);
        return client;
    }

    /** Every client added since the last call, in the order they were added; forgets them. */
    public synchronized List<T> takeAll() {
        List<T> taken = new ArrayList<>(open);
        open.clear();
        return taken;
    }
}
