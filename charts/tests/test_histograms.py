"""The stored HdrHistograms decode to exactly the percentiles Java computed from them."""

import json

import numpy as np
import pytest
from conftest import MQBENCH_MAX_RATE, MQBENCH_TWO_DRIVERS, encode_histogram

from mqbench_charts.histograms import (
    HistogramError,
    decode,
    distribution,
    quantile_grid,
)

REAL_FILES = sorted(MQBENCH_TWO_DRIVERS.glob("*.json")) + sorted(MQBENCH_MAX_RATE.glob("*.json"))
KINDS = (("endToEndLatency", "EndToEndLatency", 1000.0),
         ("publishLatency", "PublishLatency", 1000.0),
         ("publishDelayLatency", "PublishDelayLatency", 1.0))
PERCENTILES = ((50, "50pct"), (75, "75pct"), (95, "95pct"), (99, "99pct"), (99.9, "999pct"), (99.99, "9999pct"))


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_java_histograms_decode_to_the_aggregated_values_of_the_same_file(path):
    result = json.loads(path.read_text())
    for key, field, scale in KINDS:
        histogram = decode(result["histograms"][key])
        for percentile, suffix in PERCENTILES:
            assert histogram.get_value_at_percentile(percentile) / scale == pytest.approx(
                result[f"aggregated{field}{suffix}"], abs=1e-9), (key, percentile)
        assert histogram.get_max_value() / scale == pytest.approx(result[f"aggregated{field}Max"])
        assert histogram.get_mean_value() / scale == pytest.approx(result[f"aggregated{field}Avg"], rel=1e-9)


def test_distribution_table_matches_aggregated_values_of_a_real_file():
    path = sorted(MQBENCH_MAX_RATE.glob("*.json"))[0]
    result = json.loads(path.read_text())
    curve = distribution(result["histograms"]["endToEndLatency"], unit_divisor=1000.0)
    assert curve.value_at(50.0) == pytest.approx(result["aggregatedEndToEndLatency50pct"])
    assert curve.value_at(99.0) == pytest.approx(result["aggregatedEndToEndLatency99pct"])
    assert curve.value_at(99.99) == pytest.approx(result["aggregatedEndToEndLatency9999pct"])
    assert curve.max_value == pytest.approx(result["aggregatedEndToEndLatencyMax"])
    assert curve.count > 1_000_000


def test_distribution_curve_of_known_values():
    # 1 000 values 1..1000 ms: the value at quantile q is q*1000 ms (within 0.1 %: 3 digits).
    curve = distribution(encode_histogram([v * 1000 for v in range(1, 1001)]), unit_divisor=1000.0)
    assert curve.count == 1000
    assert np.all(np.diff(curve.values) >= 0), "a percentile curve never falls"
    np.testing.assert_allclose(curve.inverse_tail, 1.0 / (1.0 - curve.quantiles))
    for q, value in zip(curve.quantiles, curve.values):
        # HdrHistogram's rule: the value holding count round(q * total), at least the first one.
        expected = max(1, int(q * 1000 + 0.5))
        assert value == pytest.approx(expected, rel=2e-3)
    assert curve.value_at(50.0) == pytest.approx(500, rel=2e-3)
    assert curve.value_at(99.0) == pytest.approx(990, rel=2e-3)
    # The last point is the last quantile the count supports: 1/(1-q) = count.
    assert curve.inverse_tail[-1] == pytest.approx(1000.0)


def test_quantile_grid_spans_the_count_evenly_on_the_log_axis():
    grid = quantile_grid(10_000)
    x = 1 / (1 - grid)
    assert x[0] == pytest.approx(1.0) and x[-1] == pytest.approx(10_000.0)
    steps = np.diff(np.log10(x))
    assert np.allclose(steps, steps[0])
    assert quantile_grid(0).size == 0


def test_garbage_is_a_histogram_error():
    with pytest.raises(HistogramError):
        decode("this is not a histogram")
