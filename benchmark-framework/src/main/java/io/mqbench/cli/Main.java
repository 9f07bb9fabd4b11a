package io.mqbench.cli;

import io.mqbench.config.UserError;
import io.mqbench.coordinator.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import picocli.CommandLine;
import sun.misc.Signal;

/**
 * Entry point of {@code bin/benchmark}. Turns every outcome into an exit status: user mistakes
 * print one line and exit 2; Ctrl-C and SIGTERM ask the run to stop and save (a second one exits at
 * once).
 */
public final class Main {
    /** The stop reason of a SIGTERM, which ends with exit status 143 rather than Ctrl-C's 130. */
    static final String SIGTERM = "SIGTERM";

    private Main() {}

    public static void main(String[] args) {
        boolean verbose = java.util.Arrays.asList(args).contains("--verbose") || java.util.Arrays.asList(args).contains("-v");
        configureLogging(verbose);
        StopSignal stop = new StopSignal();
        installInterruptHandler(stop);
        System.exit(run(args, System.out, System.err, stop));
    }

    /** Runs the command line; used by {@link #main} and by tests. */
    public static int run(String[] args, PrintStream out, PrintStream err, StopSignal stop) {
        BenchmarkCommand command = new BenchmarkCommand(out, stop);
        CommandLine cli = new CommandLine(command);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, arguments) -> {
            err.println("error: " + e.getMessage() + " (see bin/benchmark --help)");
            return ExitCodes.USER_ERROR;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            if (e instanceof UserError) {
                err.println("error: " + e.getMessage());
                if (command.verbose) {
                    e.printStackTrace(err);
                }
                return ExitCodes.USER_ERROR;
            }
            err.println("error: " + e);
            if (command.verbose) {
                e.printStackTrace(err);
            } else {
                err.println("(run with --verbose for the stack trace)");
            }
            return ExitCodes.RUN_FAILED;
        });
        return cli.execute(args);
    }

    private static void configureLogging(boolean verbose) {
        // Client libraries log a lot, warnings too (a broker away: one a second); the console belongs to
        // the live lines unless asked, so they go to a file that each run summarises (ClientLog).
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "info" : "warn");
        System.setProperty("org.slf4j.simpleLogger.logFile", verbose ? "System.err" : clientLogFile());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
    }

    private static String clientLogFile() {
        try {
            return ClientLog.open().toString();
        } catch (IOException e) {
            return "System.err"; // no temporary folder to write to: the console it is
        }
    }

    private static void installInterruptHandler(StopSignal stop) {
        // SIGTERM comes from timeout, CI cancellation, docker stop and Kubernetes: without a handler
        // the JVM would exit at once and the measurement would be lost.
        handle("INT", "Ctrl-C", ExitCodes.INTERRUPTED, stop);
        handle("TERM", SIGTERM, ExitCodes.TERMINATED, stop);
    }

    private static void handle(String signalName, String reason, int exitCode, StopSignal stop) {
        try {
            Signal.handle(new Signal(signalName), signal -> {
                if (stop.stopped()) {
                    System.err.println("\nsecond " + reason + ": exiting without saving");
                    Runtime.getRuntime().halt(exitCode);
                }
                System.err.println("\n" + reason + ": stopping the load and saving what was measured (" + reason
                        + " again to quit at once)");
                stop.stop(reason);
            });
        } catch (IllegalArgumentException e) {
            // No such signal on this platform: it ends the JVM the usual way.
        }
    }
}
