"""The `bin/brokers` tool: real brokers on fixed loopback ports for development, tests and CI.

Layout: `cli` parses the command line and runs the commands; `servers/` has one module per
broker (how to install, configure, launch and probe it); the other modules are the shared
helpers those build on (paths, processes by PID, ports, installs, wire-protocol probes).
Python standard library only.
"""
