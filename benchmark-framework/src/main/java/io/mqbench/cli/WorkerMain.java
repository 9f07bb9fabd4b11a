package io.mqbench.cli;

import io.mqbench.config.UserError;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;

/**
 * Entry point of {@code bin/benchmark-worker}: serves a worker over HTTP until stopped. Mistakes
 * (a port in use, an address not of this machine, a bad token file) print one line and exit 2.
 */
public final class WorkerMain {
    private WorkerMain() {}

    public static void main(String[] args) {
        boolean verbose = Arrays.asList(args).contains("--verbose") || Arrays.asList(args).contains("-v");
        // The worker's own log lines (who connected, what was asked, what was refused) are its
        // console; client libraries and Jetty stay at WARN unless asked.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "info" : "warn");
        System.setProperty("org.slf4j.simpleLogger.log.io.mqbench", "info");
        if (!verbose) {
            // Javalin logs a failed start itself; the one-line error below already says it.
            System.setProperty("org.slf4j.simpleLogger.log.io.javalin.Javalin", "off");
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
        int status = run(args, System.out, System.err);
        if (status != ExitCodes.OK) {
            System.exit(status);
        }
        // Serving: the JVM lives on in the server's threads until it is stopped (SIGTERM, Ctrl-C).
    }

    /** Starts the worker (returning once it listens) or fails; used by {@link #main} and by tests. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        WorkerCommand command = new WorkerCommand(out, err);
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, arguments) -> {
            err.println("error: " + e.getMessage() + " (see bin/benchmark-worker --help)");
            return ExitCodes.USER_ERROR;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            if (e instanceof UserError) {
                err.println("error: " + e.getMessage());
                return ExitCodes.USER_ERROR;
            }
            err.println("error: " + e);
            if (command.verbose) {
                e.printStackTrace(err);
            }
            return ExitCodes.RUN_FAILED;
        });
        return cli.execute(args);
    }
}
