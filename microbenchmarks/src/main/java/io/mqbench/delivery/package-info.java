/**
 * JMH benchmarks of the delivery bookkeeping done for every message: the 28-byte header, the
 * producer ledger and consumer receipts, and the ledger's {@code SequenceBitmap} against
 * RoaringBitmap's sets. They sit in the framework's {@code delivery} package, beside the classes
 * they measure. Uses that package of benchmark-framework, {@code bench}, JMH and RoaringBitmap;
 * nothing in the framework uses them.
 */
package io.mqbench.delivery;
