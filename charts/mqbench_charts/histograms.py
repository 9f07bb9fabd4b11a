"""Decoding mqbench's stored HdrHistograms and reading percentile curves from them.

mqbench stores each merged histogram as Java's Histogram.encodeIntoCompressedByteBuffer,
base64 (cookie 0x1c849304 around a zlib-deflated V2 payload). The `hdrhistogram` package
decodes that format; tests/test_histograms.py checks it against the aggregated
percentiles Java wrote into the same real result files.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from hdrh.histogram import HdrHistogram

# Percentiles that every distribution table shows.
TABLE_PERCENTILES = (50.0, 90.0, 99.0, 99.9, 99.99)
POINTS_PER_DECADE = 24


class HistogramError(ValueError):
    """A stored histogram that cannot be decoded."""


@functools.lru_cache(maxsize=64)
def decode(encoded: str) -> HdrHistogram:
    # Decoding a large histogram takes a while; the report reads each one for a chart and a
    # table, so decoded histograms are cached by their text.
    try:
        histogram = HdrHistogram.decode(encoded)
    except Exception as error:  # noqa: BLE001
        # base64, zlib and hdrh's own cookie/length exceptions all mean "not a histogram".
        raise HistogramError(f"cannot decode histogram: {error}") from None
    return histogram


@dataclass
class Distribution:
    """A percentile curve: value (in `unit`) at each quantile q, q from 0 up to 1 - 1/count."""
    quantiles: np.ndarray
    values: np.ndarray
    count: int
    max_value: float
    table: dict  # TABLE_PERCENTILES -> value

    @property
    def inverse_tail(self) -> np.ndarray:
        """1/(1-q): the x coordinate HdrHistogram plots use, so 99% and 99.99% are far apart."""
        return 1.0 / (1.0 - self.quantiles)

    def value_at(self, percentile: float) -> float:
        return self.table.get(percentile, np.nan)


def quantile_grid(count: int) -> np.ndarray:
    """Quantiles evenly spaced on the 1/(1-q) log axis, up to the last one the count supports."""
    if count <= 0:
        return np.array([], dtype=float)
    top = max(1.0, float(np.log10(count)))
    exponents = np.linspace(0.0, top, int(round(top * POINTS_PER_DECADE)) + 1)
    quantiles = 1.0 - 1.0 / np.power(10.0, exponents)
    return np.clip(quantiles, 0.0, 1.0 - 1.0 / count)


def distribution(encoded: str, unit_divisor: float = 1000.0) -> Distribution:
    """The percentile curve of one stored histogram, values divided by `unit_divisor`
    (1000: microseconds -> milliseconds)."""
    histogram = decode(encoded)
    count = int(histogram.get_total_count())
    quantiles = np.unique(quantile_grid(count))
    percentiles = [float(q * 100.0) for q in quantiles] + list(TABLE_PERCENTILES)
    # One pass over the counts for all percentiles; get_value_at_percentile would scan once each.
    values = histogram.get_percentile_to_value_dict(percentiles) if count else {}
    curve = np.array([values.get(float(q * 100.0), np.nan) for q in quantiles], dtype=float) / unit_divisor
    return Distribution(
        quantiles=quantiles, values=curve, count=count,
        max_value=float(histogram.get_max_value()) / unit_divisor if count else np.nan,
        table={p: float(values[p]) / unit_divisor for p in TABLE_PERCENTILES if p in values})
