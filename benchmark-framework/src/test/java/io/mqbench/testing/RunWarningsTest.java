package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RunWarningsTest {
    @Test
    void theConsolesIndentedWarningsAreFoundAndThoseAboutTheMachineLeftOut() {
        Stream<String> console = Stream.of("-- stop producers and check delivery",
                "   WARNING: 3 send(s) failed; most often: injected",
                "   WARNING: the client was still compiling its code during the measured phase: local compiled for 2.1 s",
                "   WARNING: the client may have been the bottleneck, not the broker: local used 95% of its 2 cores",
                "   WARNING: the host of the client's virtual machine took some of its CPU during the measured phase: 0.6%",
                "-- result (complete): out/r.json");
        assertEquals(List.of("3 send(s) failed; most often: injected"), RunWarnings.aboutTheRun(console));
    }

    @Test
    void aResultsWarningsAboutTheMachineAreLeftOut() throws Exception {
        var result = new ObjectMapper().readTree("""
                {"warnings": ["the client was still compiling its code during the measured phase: x",
                              "2 confirmed deliveries were lost"]}""");
        assertEquals(List.of("2 confirmed deliveries were lost"), RunWarnings.aboutTheRun(result));
    }
}
