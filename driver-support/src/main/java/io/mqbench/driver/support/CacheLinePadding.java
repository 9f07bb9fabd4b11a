package io.mqbench.driver.support;

/**
 * 128 bytes before a subclass's fields, so that fields one thread writes on every message never
 * share a cache line with another object's fields that a thread on the other core reads or writes
 * (two cache lines, as Intel's adjacent-line prefetcher fetches lines in pairs). The collector
 * places objects side by side in whatever order it copies them: in one loopback run the consumer's
 * per-message counters were found 24 bytes after the queue object the sender reads on every message
 * (docs/max-rate.md, "Objects that land side by side").
 *
 * <p>Use: the written fields go in a subclass of this one, and the class that is instantiated
 * extends that one with 16 {@code long}s more, for the bytes after them (a superclass's fields come
 * first in an object). The {@code int} here fills the four bytes after the object's header: since
 * JDK 15 the JVM puts a subclass's small fields into such a gap, which with {@code long}s alone left
 * one of them right after the header, next to the previous object.
 */
@SuppressWarnings("unused")
public abstract class CacheLinePadding {
    private int gapAfterHeader;
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
