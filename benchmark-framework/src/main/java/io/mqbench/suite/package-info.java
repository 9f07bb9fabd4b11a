/** Suite files and the manifest of a suite run. Uses {@code config}. */
package io.mqbench.suite;
