package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineTurnTest {
    @TempDir
    Path logs;

    @Test
    void aTurnHeldByAnotherJvmIsWaitedForUntilThatJvmLetsGo() throws Exception {
        try (JavaProcess holder = JavaProcess.start(logs, "turn-holder", List.of(), Holder.class.getName(), List.of("1500"))) {
            holder.awaitOutput("holding", 30);
            long asked = System.nanoTime();
            try (MachineTurn turn = MachineTurn.take("MachineTurnTest")) {
                double waited = (System.nanoTime() - asked) / 1e9;
                assertTrue(holder.stdout().contains("releasing"), "the turn came only after the other JVM let go: " + holder.stdout());
                assertTrue(waited > 1.0, "waited " + waited + " s for a turn held 1.5 s");
            }
            assertEquals(0, holder.await(30));
        }
        // A turn not released would make this throw (OverlappingFileLockException), not wait.
        MachineTurn.take("MachineTurnTest").close();
    }

    /** Another JVM that holds the turn for {@code args[0]} milliseconds. */
    public static final class Holder {
        public static void main(String[] args) throws InterruptedException {
            try (MachineTurn turn = MachineTurn.take("holder")) {
                System.out.println("holding");
                System.out.flush();
                Thread.sleep(Long.parseLong(args[0]));
                System.out.println("releasing");
                System.out.flush();
            }
        }
    }
}
