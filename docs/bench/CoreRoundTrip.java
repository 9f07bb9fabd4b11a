import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a cache line takes to go from one core to the other and back on this machine: two
 * threads take turns incrementing one counter (one waits for an odd value, the other for an even
 * one), so every increment moves the line across. Prints the round trip in nanoseconds every half
 * second. On a virtual machine the figure shows where the host has put its virtual CPUs, which
 * moves the harness's own ceiling (docs/max-rate.md, "Where the harness's ceiling moves"):
 *
 *     java docs/bench/CoreRoundTrip.java [seconds, default 5]
 *
 * Both threads spin, so run it on an otherwise idle machine and not beside a benchmark.
 */
public class CoreRoundTrip {
    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        AtomicLong ball = new AtomicLong();
        Thread other = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long value = ball.get();
                if ((value & 1) == 1) {
                    ball.lazySet(value + 1);
                }
            }
        });
        other.setDaemon(true);
        other.start();
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long periodStart = start;
        long trips = 0;
        while (true) {
            long value = ball.get();
            ball.lazySet(value + 1);
            while (ball.get() == value + 1) {
                Thread.onSpinWait();
            }
            trips++;
            if ((trips & 0xfff) == 0) {
                long now = System.nanoTime();
                if (now - periodStart >= 500_000_000L) {
                    System.out.printf("%5.1f s  %6.0f ns a round trip%n", (now - start) / 1e9, (double) (now - periodStart) / trips);
                    periodStart = now;
                    trips = 0;
                    if (now - end >= 0) {
                        break;
                    }
                }
            }
        }
        other.interrupt();
    }
}
