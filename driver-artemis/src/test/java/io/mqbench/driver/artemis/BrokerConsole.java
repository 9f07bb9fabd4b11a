package io.mqbench.driver.artemis;

import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

/**
 * The tests' own look at the broker, independent of the driver under test: queue and address
 * state, and management operations (address settings for a test's own random address).
 */
final class BrokerConsole implements AutoCloseable {
    private final ServerLocator locator;
    private final ArtemisAdmin admin;

    BrokerConsole() throws Exception {
        locator = ActiveMQClient.createServerLocator(LocalBroker.ADDRESS);
        // Own pools, closed with the locator: the thread check of CloseIT sees no leftovers of ours.
        locator.setUseGlobalPools(false);
        admin = new ArtemisAdmin(locator, null, null);
    }

    ArtemisAdmin.QueueState queue(String name) throws Exception {
        return admin.queue(name);
    }

    /** Adds address settings (JSON, as the management API takes them) for a match. */
    void addAddressSettings(String match, String json) throws Exception {
        admin.invoke("addAddressSettings", match, json);
    }

    void removeAddressSettings(String match) throws Exception {
        admin.invoke("removeAddressSettings", match);
    }

    boolean addressExists(String address) throws Exception {
        return admin.addressExists(address);
    }

    @Override
    public void close() {
        admin.close();
        locator.close();
    }
}
