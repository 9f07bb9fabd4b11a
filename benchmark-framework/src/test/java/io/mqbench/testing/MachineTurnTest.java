package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
            holder.awaitOutput("turn taken", 30);
            long asked = System.nanoTime();
            try (MachineTurn turn = MachineTurn.take("MachineTurnTest")) {
                double waited = (System.nanoTime() - asked) / 1e9;
                assertTrue(holder.stdout().contains("turn given back"), "the turn came only after the other JVM let go: " + holder.stdout());
                assertTrue(waited > 1.0, "waited " + waited + " s for a turn held 1.5 s");
            }
            assertEquals(0, holder.await(30));
        }
        // A turn not released would make this throw (OverlappingFileLockException), not wait.
        MachineTurn.take("MachineTurnTest").close();
    }

    @Test
    void aTurnIsSharedWithinOneJvmAndGivenBackWhenTheLastHolderCloses() throws Exception {
        MachineTurn outer = MachineTurn.take("outer");
        boolean outerClosed = false;
        try {
            // A test that holds the turn starts a broker, which takes it too: no wait, no OverlappingFileLockException.
            MachineTurn.take("nested").close();
            try (JavaProcess other = JavaProcess.start(logs, "turn-taker", List.of(), Holder.class.getName(), List.of("0"))) {
                other.awaitOutput("waiting for the machine", 30);
                Thread.sleep(500);
                assertFalse(other.stdout().contains("turn taken"), "still held by the outer take after the nested one closed: " + other.stdout());
                outer.close();
                outerClosed = true;
                other.awaitOutput("turn taken", 30);
                assertEquals(0, other.await(30));
            }
        } finally {
            if (!outerClosed) {
                outer.close();
            }
        }
    }

    /** Another JVM that holds the turn for {@code args[0]} milliseconds. */
    public static final class Holder {
        public static void main(String[] args) throws InterruptedException {
            try (MachineTurn turn = MachineTurn.take("holder")) {
                System.out.println("turn taken");
                System.out.flush();
                Thread.sleep(Long.parseLong(args[0]));
                System.out.println("turn given back");
                System.out.flush();
            }
        }
    }
}
