/**
 * mqbench's benchmark framework. This root package holds only what belongs to no layer (the
 * build's {@link io.mqbench.Version}). The packages below form layers: none imports, directly or
 * through others, a package that imports it back ({@code PackageCyclesTest} checks). Each
 * package's own description says what it may use.
 */
package io.mqbench;
