import io.mqbench.worker.PacedSchedule;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What one timed wait costs the thread that waits, on this machine: the floor under a paced
 * sender's CPU per message at a low rate (docs/max-rate.md, "Client CPU per message"). A thread
 * keeps the schedule of mqbench's sender (its own {@link PacedSchedule}: park until the next
 * message is due) at one event every INTERVAL for ten seconds, sending nothing, and prints the CPU
 * time the operating system charged it per event. With "--wake" it also wakes a second, parked
 * thread after each event, as a send wakes a consumer or a client library's I/O thread.
 *
 * <p>Run with the JDK's source launcher on mqbench's built classpath (bin/benchmark builds it):
 * {@code java -cp 'distribution/target/lib/*' docs/bench/TimedWaitCost.java [--wake] [interval µs...]}
 * (default 50 200 1000).
 */
public final class TimedWaitCost {
    private static final long SECONDS = 10;

    public static void main(String[] args) throws InterruptedException {
        boolean wake = false;
        List<Long> intervals = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--wake")) {
                wake = true;
            } else {
                intervals.add(Long.parseLong(arg));
            }
        }
        if (intervals.isEmpty()) {
            intervals = List.of(50L, 200L, 1000L);
        }
        System.out.println("| interval (µs) | events/s | wakes another thread | CPU µs per event | of which user |");
        System.out.println("|---|---|---|---|---|");
        for (long micros : intervals) {
            measure(micros, wake);
        }
    }

    private static void measure(long intervalMicros, boolean wake) throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread sleeper = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                LockSupport.park();
            }
        });
        sleeper.start();
        Thread paced = new Thread(() -> {
            long cpuBefore = threads.getCurrentThreadCpuTime();
            long userBefore = threads.getCurrentThreadUserTime();
            PacedSchedule schedule = new PacedSchedule(1e6 / intervalMicros);
            long end = System.nanoTime() + SECONDS * 1_000_000_000L;
            long events = 0;
            while (System.nanoTime() < end) {
                // Long.MIN_VALUE: woken before the event was due; the sender then waits again too.
                if (schedule.awaitNext() == Long.MIN_VALUE) {
                    continue;
                }
                events++;
                if (wake) {
                    LockSupport.unpark(sleeper);
                }
            }
            double cpu = (threads.getCurrentThreadCpuTime() - cpuBefore) / 1e3 / events;
            double user = (threads.getCurrentThreadUserTime() - userBefore) / 1e3 / events;
            System.out.printf("| %,d | %,d | %s | %.1f | %.1f |%n", intervalMicros, events / SECONDS,
                    wake ? "yes" : "no", cpu, user);
        });
        paced.start();
        paced.join();
        sleeper.interrupt();
        sleeper.join();
    }
}
