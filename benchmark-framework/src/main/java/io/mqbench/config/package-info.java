/**
 * Files and user input: strict YAML reading, driver files and the drivers on the classpath,
 * {@code --set} and {@code ${ENV}}, durations, the one-line {@code UserError}. Uses no other
 * package of the framework (only driver-api and driver-support).
 */
package io.mqbench.config;
