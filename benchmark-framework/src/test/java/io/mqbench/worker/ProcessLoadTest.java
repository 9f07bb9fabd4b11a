package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessLoadTest {
    @Test
    void theCpuLineOfProcStatGivesBusyTotalAndStealTicks() {
        // user nice system idle iowait irq softirq steal guest guest_nice: idle and iowait are not busy.
        assertArrayEquals(new long[] {100 + 2 + 30 + 4 + 5 + 6, 100 + 2 + 30 + 500 + 20 + 4 + 5 + 6, 6},
                ProcessLoad.parseCpuLine("cpu  100 2 30 500 20 4 5 6 0 0"));
        assertArrayEquals(new long[] {100 + 2 + 30, 100 + 2 + 30 + 500, 0}, ProcessLoad.parseCpuLine("cpu  100 2 30 500"),
                "an old kernel without the later columns");
        assertArrayEquals(new long[] {0, 0, 0}, ProcessLoad.parseCpuLine("intr 1 2 3"));
        assertArrayEquals(new long[] {0, 0, 0}, ProcessLoad.parseCpuLine(null));
    }

    @Test
    void aSampleOfThisProcessSaysHowBusyItsMachineHasBeen() {
        ProcessLoad load = ProcessLoad.sample("here", List.of(new SenderLoad("mqbench-sender-0", 1, 2, 3)));
        assertTrue(load.hostTotalTicks() > 0 && load.hostBusyTicks() > 0 && load.hostBusyTicks() <= load.hostTotalTicks(),
                load.hostBusyTicks() + " of " + load.hostTotalTicks());
        assertEquals("there", load.named("there").worker());
        assertEquals(load.hostBusyTicks(), load.named("there").hostBusyTicks());
        assertEquals(load.hostStealTicks(), load.named("there").hostStealTicks());
        assertTrue(load.hostStealTicks() >= 0 && load.hostStealTicks() <= load.hostBusyTicks());
        assertEquals(load.senders(), load.named("there").senders());
    }

    @Test
    void aWorkerOlderThanTheSendersFieldHasNone() {
        assertEquals(List.of(), new ProcessLoad("old", 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, null).senders());
    }
}
