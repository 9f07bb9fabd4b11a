package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import io.mqbench.worker.ProcessLoad;
import io.mqbench.worker.SenderLoad;
import io.mqbench.worker.Worker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The client's own load, from the workers' process samples taken with every period: the share of
 * its cores each worker used (for the live line), and over the measured phase the CPU, GC and heap
 * of each worker with the saturation guard. None of the usual peers has one: without it a client
 * that ran out of CPU reads as a broker that ran out of capacity.
 */
final class ClientLoadMeter {
    /**
     * A worker busy on this share of its cores has no room left: what it measured may be itself.
     * The same holds when its machine is this busy whatever the worker's own share: a broker or
     * anything else on the same machine took the CPU the client would have needed.
     */
    static final double CPU_BOUND_SHARE = 0.90;
    /**
     * A sending thread that ran, or waited for a core, for this share of the measured phase had no
     * time to spare: one that keeps up sleeps until its next message is due (or until a full window
     * has room, which is the broker's doing and is sleep too). A single sender is one core's work,
     * so on a machine of several cores it reaches its limit long before the process's share does.
     */
    static final double SENDER_BOUND_SHARE = 0.90;
    /** Garbage collection taking this share of the time stalls senders and receivers alike. */
    static final double GC_BOUND_SHARE = 0.10;
    /**
     * Compiling this share of its CPU, a client is still warming up: its CPU per message is above
     * what it costs once compiled (a fixed rate of 5,000 msg/s on Kafka took 30-40 s to compile).
     */
    static final double JIT_NOTABLE_SHARE = 0.10;
    /**
     * ... and for at least this long: a run of a few seconds at a few hundred messages a second
     * uses a tenth of a second of CPU, which a few compilations outweigh without anyone reading
     * its CPU per message.
     */
    static final double JIT_NOTABLE_SECONDS = 0.5;
    /**
     * A virtual machine whose host took this share of its CPU stalls now and then: a thread woken on
     * a virtual CPU the host has taken waits until it is given back, 100 ms at a time on the
     * project's machine, where 0.8 % taken came with a publish p99 of 48 ms at 5,000 msg/s of
     * Redis (a few such stalls are a percent of a 30-s run's messages) and 0.05 % with none.
     */
    static final double STEAL_NOTABLE_SHARE = 0.002;

    private final Map<String, ProcessLoad> last = new HashMap<>();
    private final Map<String, Stretch> measured = new LinkedHashMap<>();
    /** Per worker, the machine's ticks outside the measured phase (the warm-up, a search in it). */
    private final Map<String, HostTicks> hostBeforeMeasuring = new LinkedHashMap<>();

    /** What one worker used over the periods recorded so far. */
    private static final class Stretch {
        int cores;
        long wallNanos;
        long cpuNanos;
        long gcMillis;
        long jitMillis;
        boolean jitKnown = true;
        double maxShare;
        long heapUsedMax;
        long heapMax;
        final HostTicks host = new HostTicks();
        final Map<Long, SenderStretch> senders = new LinkedHashMap<>();
    }

    /** The worker's machine's CPU ticks between samples: busy, all, and taken by the host (steal). */
    private static final class HostTicks {
        long busy;
        long total;
        long steal;

        void add(ProcessLoad before, ProcessLoad now) {
            if (before.hostTotalTicks() > 0 && now.hostTotalTicks() > before.hostTotalTicks()) {
                busy += now.hostBusyTicks() - before.hostBusyTicks();
                total += now.hostTotalTicks() - before.hostTotalTicks();
                steal += Math.max(0, now.hostStealTicks() - before.hostStealTicks());
            }
        }

        Double busyShare() {
            return total > 0 ? busy / (double) total : null;
        }

        Double stealShare() {
            return total > 0 ? steal / (double) total : null;
        }
    }

    /** What one sending thread did over the periods recorded so far. */
    private static final class SenderStretch {
        String thread;
        long wallNanos;
        long runNanos;
        long waitNanos;
        boolean waitKnown = true;

        double busyShare() {
            return (runNanos + (waitKnown ? waitNanos : 0)) / (double) wallNanos;
        }
    }

    /**
     * Samples every worker. With {@code record}, the time since each worker's previous sample
     * counts for the measured phase. Returns the highest share of its cores any worker used since
     * its previous sample, or NaN when no worker could say.
     */
    double sample(Worker worker, boolean record) {
        try {
            return sample(worker.processLoad(), record);
        } catch (IOException | RuntimeException e) {
            return Double.NaN; // a lost worker fails the run elsewhere; the load is only a figure
        }
    }

    double sample(List<ProcessLoad> loads, boolean record) {
        double highest = Double.NaN;
        for (ProcessLoad now : loads) {
            ProcessLoad before = last.put(now.worker(), now);
            long wall = before == null ? 0 : now.sampledAtNanos() - before.sampledAtNanos();
            if (wall <= 0 || now.cpuNanos() < 0 || before.cpuNanos() < 0) {
                continue;
            }
            long cpu = now.cpuNanos() - before.cpuNanos();
            double share = cpu / ((double) wall * now.cores());
            highest = Double.isNaN(highest) ? share : Math.max(highest, share);
            if (!record) {
                hostBeforeMeasuring.computeIfAbsent(now.worker(), w -> new HostTicks()).add(before, now);
            } else {
                Stretch stretch = measured.computeIfAbsent(now.worker(), w -> new Stretch());
                stretch.cores = now.cores();
                stretch.wallNanos += wall;
                stretch.cpuNanos += cpu;
                stretch.gcMillis += Math.max(0, now.gcMillis() - before.gcMillis());
                if (now.jitMillis() < 0 || before.jitMillis() < 0) {
                    stretch.jitKnown = false;
                } else {
                    stretch.jitMillis += Math.max(0, now.jitMillis() - before.jitMillis());
                }
                stretch.maxShare = Math.max(stretch.maxShare, share);
                stretch.heapUsedMax = Math.max(stretch.heapUsedMax, now.heapUsedBytes());
                stretch.heapMax = now.heapMaxBytes();
                stretch.host.add(before, now);
                recordSenders(stretch, before, now, wall);
            }
        }
        return highest;
    }

    /** Each sending thread that both samples show (a thread started since has no interval yet). */
    private static void recordSenders(Stretch stretch, ProcessLoad before, ProcessLoad now, long wall) {
        Map<Long, SenderLoad> earlier = new HashMap<>();
        for (SenderLoad sender : before.senders()) {
            earlier.put(sender.threadId(), sender);
        }
        for (SenderLoad sender : now.senders()) {
            SenderLoad then = earlier.get(sender.threadId());
            if (then == null || then.runNanos() < 0 || sender.runNanos() < then.runNanos()) {
                continue;
            }
            SenderStretch senderStretch = stretch.senders.computeIfAbsent(sender.threadId(), id -> new SenderStretch());
            senderStretch.thread = sender.thread();
            senderStretch.wallNanos += wall;
            senderStretch.runNanos += sender.runNanos() - then.runNanos();
            if (sender.waitNanos() < 0 || then.waitNanos() < 0) {
                senderStretch.waitKnown = false;
            } else {
                senderStretch.waitNanos += Math.max(0, sender.waitNanos() - then.waitNanos());
            }
        }
    }

    /**
     * The largest share of its machine's CPU the host took from any worker's machine before the
     * measured phase (the warm-up, and a maximum-rate search in it; steal time), or NaN when no
     * worker could say. A search that met a slow spell may have met the host.
     */
    double hostStealShareBeforeMeasuring() {
        double largest = Double.NaN;
        for (HostTicks ticks : hostBeforeMeasuring.values()) {
            Double share = ticks.stealShare();
            if (share != null) {
                largest = Double.isNaN(largest) ? share : Math.max(largest, share);
            }
        }
        return largest;
    }

    /** The sending thread with the least time to spare, or null when the worker has none measured. */
    private static SenderStretch busiestSender(Stretch stretch) {
        SenderStretch busiest = null;
        for (SenderStretch sender : stretch.senders.values()) {
            if (sender.wallNanos > 0 && (busiest == null || sender.busyShare() > busiest.busyShare())) {
                busiest = sender;
            }
        }
        return busiest;
    }

    /**
     * The measured phase's client load with the saturation guard's verdict, or null when no worker
     * could say (upstream OMB workers, or nothing measured).
     */
    TestResult.ClientLoad summary(long messagesSent, long messagesReceived) {
        if (measured.isEmpty()) {
            return null;
        }
        TestResult.ClientLoad load = new TestResult.ClientLoad();
        long cpuNanos = 0;
        for (Map.Entry<String, Stretch> entry : measured.entrySet()) {
            Stretch s = entry.getValue();
            TestResult.WorkerLoad worker = new TestResult.WorkerLoad();
            worker.worker = entry.getKey();
            worker.cores = s.cores;
            worker.measuredSeconds = s.wallNanos / 1e9;
            worker.cpuSeconds = s.cpuNanos / 1e9;
            worker.cpuShare = s.cpuNanos / ((double) s.wallNanos * s.cores);
            worker.cpuShareMaxPeriod = s.maxShare;
            worker.gcShare = s.gcMillis * 1e6 / s.wallNanos;
            worker.jitSeconds = s.jitKnown ? s.jitMillis / 1e3 : null;
            worker.heapUsedMaxBytes = s.heapUsedMax;
            worker.heapMaxBytes = s.heapMax;
            worker.hostCpuShare = s.host.busyShare();
            worker.hostStealShare = s.host.stealShare();
            SenderStretch sender = busiestSender(s);
            if (sender != null) {
                worker.senderBusyShare = sender.busyShare();
                worker.senderRunShare = sender.runNanos / (double) sender.wallNanos;
            }
            load.workers.add(worker);
            cpuNanos += s.cpuNanos;
            if (worker.cpuShare >= CPU_BOUND_SHARE) {
                load.reasons.add(String.format(Locale.ROOT, "%s used %.0f%% of its %d cores", worker.worker,
                        worker.cpuShare * 100, worker.cores));
            } else if (worker.hostCpuShare != null && worker.hostCpuShare >= CPU_BOUND_SHARE) {
                load.reasons.add(String.format(Locale.ROOT, "the machine of %s was %.0f%% busy (%s itself used %.0f%% of its %d"
                        + " cores; other processes, such as a broker on the same machine, the rest)", worker.worker,
                        worker.hostCpuShare * 100, worker.worker, worker.cpuShare * 100, worker.cores));
            }
            if (sender != null && worker.senderBusyShare >= SENDER_BOUND_SHARE) {
                load.reasons.add(senderBound(worker.worker, sender));
            }
            if (worker.gcShare >= GC_BOUND_SHARE) {
                load.reasons.add(String.format(Locale.ROOT, "%s spent %.0f%% of the time collecting garbage (heap up to %,d of %,d MB)",
                        worker.worker, worker.gcShare * 100, worker.heapUsedMaxBytes >> 20, worker.heapMaxBytes >> 20));
            }
        }
        load.cpuMicrosPerMessageSent = messagesSent > 0 ? cpuNanos / 1e3 / messagesSent : null;
        load.cpuMicrosPerMessageReceived = messagesReceived > 0 ? cpuNanos / 1e3 / messagesReceived : null;
        return load;
    }

    private static String senderBound(String worker, SenderStretch sender) {
        String time = sender.waitKnown
                ? String.format(Locale.ROOT, "it ran %.0f%% of the measured phase and waited for a core %.0f%%",
                        100.0 * sender.runNanos / sender.wallNanos, 100.0 * sender.waitNanos / sender.wallNanos)
                : String.format(Locale.ROOT, "it ran %.0f%% of the measured phase", 100.0 * sender.runNanos / sender.wallNanos);
        return String.format(Locale.ROOT, "the sending thread %s of %s had no time to spare: %s (a sender that keeps up"
                + " sleeps until its next message is due; more producers, or workers, would tell)", sender.thread, worker, time);
    }

    /**
     * Hands the client load to the result (the assembler draws the verdict from its reasons); a
     * client-bound run gets a warning, and so does one whose client was still compiling its code.
     */
    void report(RunContext ctx) {
        TestResult.Summary summary = ctx.result.summary;
        TestResult.ClientLoad load = summary(summary == null ? 0 : summary.messagesSent, summary == null ? 0 : summary.messagesReceived);
        ctx.assembler.clientLoad(load);
        if (load == null) {
            return;
        }
        if (!load.reasons.isEmpty()) {
            ctx.warn("the client may have been the bottleneck, not the broker: " + String.join("; ", load.reasons)
                    + " during the measured phase; these figures may show what this client can do (more cores or"
                    + " workers would tell; see 'clientLoad')");
        }
        List<String> stolen = hostTookCpu(load);
        if (!stolen.isEmpty()) {
            ctx.warn("the host of the client's virtual machine took some of its CPU during the measured phase: "
                    + String.join("; ", stolen) + "; a thread woken on a virtual CPU the host has taken waits until it"
                    + " is given back (100 ms at a time has been seen), so the latency maxima and highest percentiles"
                    + " may show the host, not the broker");
        }
        List<String> compiling = stillCompiling(load);
        if (!compiling.isEmpty()) {
            ctx.warn("the client was still compiling its code during the measured phase: " + String.join("; ", compiling)
                    + "; its CPU per message ('clientLoad') includes that; a longer warm-up measures the client once"
                    + " compiled");
        }
    }

    /** The workers whose virtual machine's host took a notable share of its CPU (steal), each in a few words. */
    static List<String> hostTookCpu(TestResult.ClientLoad load) {
        List<String> stolen = new ArrayList<>();
        for (TestResult.WorkerLoad worker : load.workers) {
            if (worker.hostStealShare != null && worker.hostStealShare >= STEAL_NOTABLE_SHARE) {
                stolen.add(String.format(Locale.ROOT, "%.1f%% of the machine of %s (steal time)", worker.hostStealShare * 100,
                        worker.worker));
            }
        }
        return stolen;
    }

    /** The workers whose JIT compilers took a notable share of their CPU, each in a few words. */
    static List<String> stillCompiling(TestResult.ClientLoad load) {
        List<String> compiling = new ArrayList<>();
        for (TestResult.WorkerLoad worker : load.workers) {
            if (worker.jitSeconds != null && worker.jitSeconds >= JIT_NOTABLE_SECONDS
                    && worker.jitSeconds >= JIT_NOTABLE_SHARE * worker.cpuSeconds) {
                compiling.add(String.format(Locale.ROOT, "%s compiled for %.1f s of its %.1f s of CPU (%.0f%%)", worker.worker,
                        worker.jitSeconds, worker.cpuSeconds, 100 * worker.jitSeconds / worker.cpuSeconds));
            }
        }
        return compiling;
    }
}
