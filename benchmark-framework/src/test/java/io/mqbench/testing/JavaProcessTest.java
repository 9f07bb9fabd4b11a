package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaProcessTest {
    private static final Pattern CHILD = Pattern.compile("child pid (\\d+)");

    @TempDir
    Path logs;

    /**
     * A test JVM ended by SIGTERM (Ctrl-C of bin/test, a CI timeout, Surefire stopping its forks)
     * must not leave the processes it started running: the interoperability tests' upstream workers
     * outlived it that way, listening on their ports, until killed by hand.
     */
    @Test
    void processesStartedByAJvmEndedBySigtermEndWithIt() throws Exception {
        long child = -1;
        try (JavaProcess parent = JavaProcess.start(logs, "parent", List.of(), Parent.class.getName(), List.of(logs.toString()))) {
            parent.awaitOutput("child pid", 30);
            Matcher matcher = CHILD.matcher(parent.stdout());
            assertTrue(matcher.find(), parent.stdout());
            child = Long.parseLong(matcher.group(1));
            assertTrue(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the child runs before its parent ends");

            parent.terminate();
            parent.await(30);
            Optional<ProcessHandle> left = ProcessHandle.of(child);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (left.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(left.map(ProcessHandle::isAlive).orElse(false), "the child outlived its parent's SIGTERM");
        } finally {
            ProcessHandle.of(child).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** A JVM that starts a long-lived process through JavaProcess, prints its PID and waits to be ended. */
    public static final class Parent {
        public static void main(String[] args) throws InterruptedException {
            JavaProcess child = JavaProcess.start(Path.of(args[0]), "child", List.of("sleep", "600"), null);
            System.out.println("child pid " + child.pid());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
