package io.mqbench.worker.ensemble;

import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.worker.protocol.WorkerToken;
import io.mqbench.worker.remote.HttpWorker;
import io.mqbench.worker.remote.WorkerConnector;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.util.List;
import java.util.UUID;

/**
 * The workers a command line names, checked once before any run, and a fresh {@link WorkerEnsemble}
 * over them for each run (each run gets its own session on every worker).
 */
public final class RemoteWorkers {
    private final HttpClient client;
    private final WorkerToken token;
    private final String coordinator;
    private final List<WorkerIdentity> identities;
    private final Placement placement;
    private final boolean extraConsumers;

    private RemoteWorkers(HttpClient client, WorkerToken token, String coordinator, List<WorkerIdentity> identities,
                          Placement placement, boolean extraConsumers) {
        this.client = client;
        this.token = token;
        this.coordinator = coordinator;
        this.identities = identities;
        this.placement = placement;
        this.extraConsumers = extraConsumers;
    }

    /** Connects to every worker; each problem ends in one {@link io.mqbench.config.UserError}. */
    public static RemoteWorkers connect(List<URI> urls, WorkerToken token, Placement placement, boolean extraConsumers) {
        HttpClient client = WorkerConnector.newClient();
        String coordinator = coordinatorName();
        List<WorkerIdentity> identities = new WorkerConnector(client, token, coordinator).connect(urls);
        return new RemoteWorkers(client, token, coordinator, identities, placement, extraConsumers);
    }

    public List<WorkerIdentity> identities() {
        return identities;
    }

    public Placement placement() {
        return placement;
    }

    /** How many workers produce, as the runs will place them. */
    public int producingWorkers() {
        return count(Roles.of(placement, identities.size(), extraConsumers).produces());
    }

    /** How many workers consume, as the runs will place them. */
    public int consumingWorkers() {
        return count(Roles.of(placement, identities.size(), extraConsumers).consumes());
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean flag : flags) {
            n += flag ? 1 : 0;
        }
        return n;
    }

    /** How the workers split into producers and consumers, as the runs will place them. */
    public String rolesDescription() {
        Roles roles = Roles.of(placement, identities.size(), extraConsumers);
        StringBuilder text = new StringBuilder("placement ").append(roles.description());
        for (int i = 0; i < identities.size(); i++) {
            text.append(String.format("%n   %s (%s): %s", identities.get(i).url(), identities.get(i).kind(), roles.roleOf(i)));
        }
        return text.toString();
    }

    /** The workers of one run. */
    public WorkerEnsemble newEnsemble() {
        List<HttpWorker> workers = identities.stream().map(identity -> new HttpWorker(identity, client, token, coordinator)).toList();
        return new WorkerEnsemble(workers, placement, extraConsumers);
    }

    /** Host name and a random id: tells the coordinator apart in a worker's log and in its 409s. */
    private static String coordinatorName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return host + "/" + UUID.randomUUID().toString().substring(0, 8);
    }
}
