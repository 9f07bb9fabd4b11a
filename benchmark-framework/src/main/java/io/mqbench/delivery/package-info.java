/**
 * The payload header, per-producer ledgers and the lost / duplicated / out-of-order counts.
 * Uses no other package of the framework.
 */
package io.mqbench.delivery;
