"""Charts, an HTML report and run comparison for mqbench and OpenMessaging Benchmark results."""

import warnings

import matplotlib

# Charts are written to files, never shown: the Agg backend needs no display and no GUI toolkit.
matplotlib.use("Agg")

# A 0 ms value on a log axis is expected (loopback publish latency is below 1 µs); the charts
# say so in their notes instead of letting matplotlib warn on stderr.
warnings.filterwarnings("ignore", message="Data has no positive values")

__version__ = "0.1.0"
