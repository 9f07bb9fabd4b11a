package io.mqbench.cli;

import io.mqbench.Version;
import io.mqbench.config.UserError;
import io.mqbench.worker.protocol.WorkerToken;
import io.mqbench.worker.server.StatsServer;
import io.mqbench.worker.server.WorkerServer;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/benchmark-worker}: OMB's worker command line, plus the address to bind and a token. */
@Command(
        name = "benchmark-worker",
        mixinStandardHelpOptions = true,
        versionProvider = BenchmarkCommand.VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Serves a benchmark worker over HTTP, for bin/benchmark -w http://<host>:8080.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = "bin/benchmark-worker [--port 8080] [--stats-port 8081] [--bind <address>] [--token-file <file>]",
        description = {
            "",
            "Speaks OpenMessaging Benchmark's worker protocol (an OMB coordinator can",
            "drive it too). It loads driver classes and connects wherever a driver file",
            "says, so it listens on 127.0.0.1 unless --bind says otherwise, and with",
            "--token-file every request must carry the token. Runs until stopped",
            "(SIGTERM or Ctrl-C stops the run in progress). See deploy/README.md.",
        },
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  bin/benchmark-worker",
            "  openssl rand -hex 32 > worker.token && chmod 600 worker.token",
            "  bin/benchmark-worker --bind 0.0.0.0 --token-file worker.token",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            ExitCodes.RUN_FAILED + ":the worker could not start (other than for a mistake below)",
            ExitCodes.USER_ERROR + ":a mistake: a port in use, an address not of this machine, a bad token file",
            ExitCodes.INTERRUPTED + ":stopped with Ctrl-C",
            ExitCodes.TERMINATED + ":stopped with SIGTERM, the usual end of a worker (systemd, docker stop, Kubernetes)",
        })
final class WorkerCommand implements Callable<Integer> {

    @Option(names = {"-p", "--port"}, defaultValue = "8080", paramLabel = "<port>",
            description = "Port of the worker protocol (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = {"-sp", "--stats-port"}, defaultValue = "8081", paramLabel = "<port>",
            description = "Port of the Prometheus page /metrics, open without the token: it only reads (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int statsPort;

    @Option(names = "--bind", defaultValue = "127.0.0.1", paramLabel = "<address>",
            description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for all, then use --token-file).")
    String bind;

    @Option(names = "--token-file", paramLabel = "<file>",
            description = "File whose first line is a token every request must carry (Authorization: Bearer <token>).")
    Path tokenFile;

    @Option(names = "--omb-only",
            description = "Serve only OMB's endpoints, as an upstream OMB worker does (to check a coordinator's fallback).")
    boolean ombOnly;

    @Option(names = {"-v", "--verbose"}, description = "Log client libraries at INFO and show stack traces.")
    boolean verbose;

    private final PrintStream out;
    private final PrintStream err;

    WorkerCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        Ports.check(port, "--port");
        Ports.check(statsPort, "--stats-port");
        InetAddress address = resolve(bind);
        WorkerToken token = tokenFile == null ? null : WorkerToken.load(tokenFile, "--token-file");
        if (token == null && !address.isLoopbackAddress()) {
            warnOpenToTheNetwork();
        }
        WorkerServer worker = WorkerServer.start(new WorkerServer.Settings(bind, port, token, !ombOnly));
        StatsServer stats;
        try {
            stats = StatsServer.start(bind, statsPort, worker.metrics(), "stats port");
        } catch (RuntimeException e) {
            worker.close();
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stats.close();
            worker.close();
        }, "mqbench-worker-shutdown"));
        String host = bind.contains(":") ? "[" + bind + "]" : bind;
        out.printf("mqbench worker %s listening on http://%s:%d (stats: http://%s:%d/metrics), instance %s, %s%s%n",
                Version.current(), host, worker.port(), host, stats.port(), worker.instance(),
                token == null ? "no token required" : "token required",
                ombOnly ? ", OMB endpoints only" : "");
        out.flush();
        return ExitCodes.OK;
    }

    private static InetAddress resolve(String bind) {
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new UserError("--bind: '" + bind + "' is not an address of this machine (give an IP address, e.g. 0.0.0.0 or 10.0.0.5)");
        }
    }

    private void warnOpenToTheNetwork() {
        String line = "!".repeat(100);
        err.println(line);
        err.println("!! WARNING: this worker listens on " + bind + " WITHOUT a token. Anyone who can reach port " + port);
        err.println("!! can make it load driver classes and open connections to any address on your behalf.");
        err.println("!! Start it with --token-file <file> (and give bin/benchmark the same --token-file),");
        err.println("!! or bind a private address behind a firewall.");
        err.println(line);
        err.flush();
    }
}
