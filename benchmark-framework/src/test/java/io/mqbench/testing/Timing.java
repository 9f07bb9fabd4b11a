package io.mqbench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that holds latencies to a millisecond or rates to a few percent while the machine is
 * otherwise quiet. This module's other tests run in three JVMs at once (see its pom.xml); these run
 * afterwards, alone: beside another JVM's run, a 5 ms delay's 99th percentile came out at 8.4 ms.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("timing")
public @interface Timing {}
