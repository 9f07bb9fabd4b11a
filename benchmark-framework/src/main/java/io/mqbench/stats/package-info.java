/**
 * HdrHistogram recording per period, its snapshots with OMB's field names (period statistics,
 * cumulative latencies, counters), histogram encoding, the microsecond clock. Uses no other
 * package of the framework.
 */
package io.mqbench.stats;
