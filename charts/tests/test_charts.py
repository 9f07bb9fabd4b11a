"""Each chart kind draws exactly the numbers of the results it is given."""

import numpy as np
import pytest
from conftest import DEFAULT_E2E, encode_histogram, make_result, run_from
from drawn import drawn_lines

from mqbench_charts.build import analyse
from mqbench_charts.chart_distribution import distribution_chart
from mqbench_charts.chart_latency import latency_chart
from mqbench_charts.chart_throughput import throughput_chart
from mqbench_charts.chart_timeseries import timeseries_chart
from mqbench_charts.formatting import MISSING
from mqbench_charts.colors import DriverStyles
from mqbench_charts.grouping import RATE_AXIS, SIZE_AXIS, families, workload_groups

MIB = 2 ** 20
SIZES = (100, 1024, 10240)
RATES = {"Kafka": (200000.0, 100000.0, 20000.0), "Redis": (50000.0, 40000.0, 8000.0)}


def size_study():
    return [run_from(make_result(driver=d, workload=f"max-{size}", message_size=size, mode="max-rate",
                                 publish_rates=[rate * 0.9, rate, rate * 1.1]), f"{d}-{size}.json")
            for d in RATES for size, rate in zip(SIZES, RATES[d])]


P99 = {"Kafka": (4.0, 5.0, 9.0), "Redis": (1.0, 1.5, 30.0)}


def rate_study():
    runs = []
    for driver, p99s in P99.items():
        for rate, p99 in zip((1000.0, 2000.0, 4000.0), p99s):
            e2e = {**DEFAULT_E2E, "50": p99 / 4, "75": p99 / 3, "95": p99 / 2, "99": p99, "99.9": p99 * 2}
            runs.append(run_from(make_result(driver=driver, workload="lat", target_rate=rate, message_size=32768,
                                             publish_rates=[rate] * 3, e2e=e2e, sweep_point={"producerRate": rate}),
                                 f"{driver}-{rate}.json"))
    return runs


def test_throughput_vs_size_plots_mean_rates_and_mib_per_second():
    runs = size_study()
    styles = DriverStyles(r.driver for r in runs)
    (family,) = families(runs, SIZE_AXIS)
    chart = throughput_chart(family, styles)
    msgs, mbps = chart.axes["throughput (msg/s)"], chart.axes["throughput (MB/s)"]
    for driver, rates in RATES.items():
        x, y, colour = drawn_lines(msgs)[driver]
        np.testing.assert_allclose(x, SIZES)
        np.testing.assert_allclose(y, rates)                       # the mean, not the best period
        assert colour == styles.color(driver)
        x, y, _ = drawn_lines(mbps)[driver]
        np.testing.assert_allclose(y, [r * s / MIB for r, s in zip(rates, SIZES)])
    assert drawn_lines(msgs)["Kafka"][2] == "#d62728" and drawn_lines(msgs)["Redis"][2] == "#1f77b4"
    for ax in (msgs, mbps):
        assert ax.get_yscale() == "log" and ax.get_xscale() == "log"
        assert "msg/s" in ax.get_ylabel() or "MB/s" in ax.get_ylabel()
        assert "message size" in ax.get_xlabel()
    table = chart.tables[0]
    assert table.column("driver") == ["Kafka"] * 3 + ["Redis"] * 3
    assert table.column("publish rate (msg/s)")[:3] == ["200,000", "100,000", "20,000"]
    assert table.column("publish (MB/s)")[0] == f"{200000 * 100 / MIB:.4g}"
    # Error bars: population stddev of the periods (0.9r, r, 1.1r) = 0.0816 r.
    assert table.values[0][4] == pytest.approx(np.std([0.9, 1.0, 1.1]) * 200000.0)


def test_latency_vs_rate_has_one_panel_per_percentile_with_log_y_and_mb_axis():
    runs = rate_study()
    styles = DriverStyles(r.driver for r in runs)
    (family,) = families(runs, RATE_AXIS)
    chart = latency_chart(family, styles, "endToEnd")
    assert list(chart.axes) == ["p50", "p75", "p95", "p99", "p99.9"]
    factors = {"p50": 0.25, "p75": 1 / 3, "p95": 0.5, "p99": 1.0, "p99.9": 2.0}
    for panel, ax in chart.axes.items():
        assert ax.get_yscale() == "log"
        assert "ms" in ax.get_ylabel() and "msg/s" in ax.get_xlabel()
        assert ax.child_axes, "a second x axis gives the rate in MB/s"
        for driver, p99s in P99.items():
            x, y, colour = drawn_lines(ax)[driver]
            np.testing.assert_allclose(x, [1000.0, 2000.0, 4000.0])
            np.testing.assert_allclose(y, np.array(p99s) * factors[panel])
            assert colour == styles.color(driver)
    table = chart.tables[0]
    assert table.column("rate is") == ["target"] * 6
    assert table.column("p99 (ms)") == ["4", "5", "9", "1", "1.5", "30"]
    assert table.values[0][3] == pytest.approx(1000.0 * 32768 / MIB)   # MB/s column


def test_publish_latency_chart_reads_publish_values():
    runs = rate_study()
    (family,) = families(runs, RATE_AXIS)
    chart = latency_chart(family, DriverStyles(r.driver for r in runs), "publish")
    _, y, _ = drawn_lines(chart.axes["p99"])["Kafka"]
    np.testing.assert_allclose(y, [3.0, 3.0, 3.0])                     # DEFAULT_PUB p99
    assert "publish latency" in chart.title.lower()


def test_colours_are_the_same_in_every_chart_of_a_report():
    runs = size_study() + rate_study()
    analysis = analyse(runs)
    seen = {}
    for chart in analysis.charts():
        for series_list in chart.series.values():
            for series in series_list:
                if chart.kind != "timeseries":
                    seen.setdefault(series.driver, set()).add(series.color)
    assert seen == {"Kafka": {"#d62728"}, "Redis": {"#1f77b4"}}


def test_distribution_overlays_runs_from_their_histograms_and_names_runs_without():
    def with_hist(driver, scale_us):
        # Below 2048 µs a 3-digit HdrHistogram is exact, so the expected values are exact too.
        values = [v * scale_us for v in range(1, 1001)]
        return run_from(make_result(driver=driver, workload="w", histograms={
            "endToEndLatency": encode_histogram(values), "publishLatency": encode_histogram(values),
            "publishDelayLatency": encode_histogram([50] * 10)}), f"{driver}.json")
    runs = [with_hist("Kafka", 2), with_hist("Redis", 1),
            run_from(make_result(driver="Artemis", workload="w"), "artemis.json")]
    styles = DriverStyles(r.driver for r in runs)
    (group,) = workload_groups(runs)
    chart, notes = distribution_chart(group, styles)
    ax = chart.axes["end-to-end latency"]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    lines = drawn_lines(ax)
    assert set(lines) == {"Kafka", "Redis"}
    x, y, colour = lines["Kafka"]
    q = 1 - 1 / x
    # The value at quantile q holds count round(q * 1000): (that count) x 2 µs, in ms.
    np.testing.assert_allclose(y, np.maximum(1, np.floor(q * 1000 + 0.5)) * 2 / 1000)
    np.testing.assert_allclose(lines["Redis"][1], lines["Kafka"][1] / 2)
    assert colour == "#d62728" and x[0] == pytest.approx(1.0) and x[-1] == pytest.approx(1000.0)
    assert [t.get_text() for t in ax.get_xticklabels()][:4] == ["0%", "50%", "90%", "99%"]
    table = chart.tables[0]
    kafka_e2e = next(row for row in table.rows if row[0] == "Kafka" and row[1] == "end-to-end latency")
    assert kafka_e2e[2:] == ["1,000", "1", "1.8", "1.98", "1.998", "2", "2"]   # count, p50..p99.99, max (ms)
    assert any("Artemis" in n and "no histograms" in n for n in chart.notes)


def test_no_distribution_chart_without_histograms():
    runs = [run_from(make_result(driver=d, workload="w", omb=True), f"{d}.json") for d in ("Kafka", "Redis")]
    (group,) = workload_groups(runs)
    chart, notes = distribution_chart(group, DriverStyles(["Kafka", "Redis"]))
    assert chart is None
    assert len(notes) == 1 and "Kafka" in notes[0] and "Redis" in notes[0] and "no histograms" in notes[0]


def test_time_series_uses_period_lengths_and_per_period_values():
    steps = [{"second": s, "phase": "warm-up", "targetRate": 1000.0 * s, "publishRate": 990.0 * s,
              "consumeRate": 990.0 * s, "backlog": 0, "decision": "up"} for s in (1.0, 2.0, 3.0)]
    run = run_from(make_result(driver="Kafka", publish_rates=[1000.0, 1010.0, 990.0],
                               consume_rates=[995.0, 1005.0, 1000.0], backlog=[5, 7, 9],
                               period_seconds=[10.0, 10.0, 4.5],
                               e2e_periods={"50": [1.0, 2.0, 3.0], "99": [10.0, 20.0, 30.0]},
                               extra={"rateDiscovery": {"rule": "r", "finalRate": 3000.0, "steps": steps}}))
    chart = timeseries_chart(run, DriverStyles(["Kafka"]), "Kafka")
    rate = drawn_lines(chart.axes["rate"])
    np.testing.assert_allclose(rate["publish"][0], [10.0, 20.0, 24.5])
    np.testing.assert_allclose(rate["publish"][1], [1000.0, 1010.0, 990.0])
    np.testing.assert_allclose(rate["consume"][1], [995.0, 1005.0, 1000.0])
    np.testing.assert_allclose(drawn_lines(chart.axes["backlog"])["backlog"][1], [5, 7, 9])
    e2e = chart.axes["end-to-end latency"]
    assert e2e.get_yscale() == "log"
    np.testing.assert_allclose(drawn_lines(e2e)["p99"][1], [10.0, 20.0, 30.0])
    np.testing.assert_allclose(drawn_lines(e2e)["p50"][1], [1.0, 2.0, 3.0])
    search = drawn_lines(chart.axes["rate search"])
    np.testing.assert_allclose(search["target"][1], [1000.0, 2000.0, 3000.0])
    np.testing.assert_allclose(search["achieved"][0], [1.0, 2.0, 3.0])
    assert rate["publish"][2] == rate["consume"][2] == "#d62728"      # the driver's colour
    table = chart.tables[0]
    assert table.column("end (s)") == ["10", "20", "24.5"] and table.column("backlog") == ["5", "7", "9"]


def test_time_series_draws_the_seconds_when_the_result_has_them():
    seconds = [float(s) for s in range(1, 31)]
    samples = {"second": seconds, "publishRate": [1000.0 + s for s in seconds],
               "consumeRate": [990.0 + s for s in seconds], "backlog": [int(s) for s in seconds],
               "endToEndLatency50pct": [1.0] * 29 + [None], "endToEndLatency99pct": [5.0] * 30,
               "publishLatency50pct": [0.5] * 30, "publishLatency99pct": [0.9] * 30}
    run = run_from(make_result(driver="Kafka", period_seconds=[10.0, 10.0, 10.0], extra={"samples": samples}))
    chart = timeseries_chart(run, DriverStyles(["Kafka"]), "Kafka")
    rate = drawn_lines(chart.axes["rate"])
    assert len(rate["publish"][0]) == 30, "one point per second, not per period"
    np.testing.assert_allclose(rate["publish"][0], seconds)
    np.testing.assert_allclose(rate["consume"][1], [990.0 + s for s in seconds])
    np.testing.assert_allclose(drawn_lines(chart.axes["backlog"])["backlog"][1], seconds)
    e2e = drawn_lines(chart.axes["end-to-end latency"])["p50"][1]
    assert np.isnan(e2e[-1]) and e2e[0] == 1.0, "a second without deliveries has no latency, not 0"
    assert "per second" in chart.axes["rate"].get_title()
    assert chart.tables[0].column("end (s)") == ["10", "20", "30"], "the table stays per period"


def test_time_series_marks_each_fault_and_tables_its_recovery():
    seconds = [float(s) for s in range(1, 21)]
    silent = range(5, 10)
    samples = {"second": seconds, "publishRate": [0.0 if i in silent else 1000.0 for i in range(20)],
               "consumeRate": [0.0 if i in silent else 1000.0 for i in range(20)], "backlog": [0] * 20,
               "endToEndLatency50pct": [1.0] * 20, "endToEndLatency99pct": [5.0] * 20,
               "publishLatency50pct": [0.5] * 20, "publishLatency99pct": [0.9] * 20}
    faults = [{"action": "kill", "target": "kafka", "dueSecond": 5.0, "startSecond": 5.01, "tookSeconds": 0.1,
               "outcome": "ok", "recovery": {"firstImpactSeconds": 0.0, "publishUnavailableSeconds": 5.0,
                                             "consumeUnavailableSeconds": 5.0, "ratesRecoveredSeconds": 5.0,
                                             "backlogRecoveredSeconds": 6.0, "sendErrors": 12, "peakBacklog": 900,
                                             "windowEndSecond": 11.01, "recovered": True}},
              {"action": "start", "target": "kafka", "dueSecond": 8.0, "startSecond": 8.0, "tookSeconds": 1.5,
               "outcome": "ok"},
              {"action": "command", "command": "true", "dueSecond": 19.5, "outcome": "not run",
               "detail": "the measured phase ended first"}]
    run = run_from(make_result(driver="Kafka", period_seconds=[10.0, 10.0], extra={"samples": samples, "faults": faults}))
    chart = timeseries_chart(run, DriverStyles(["Kafka"]), "Kafka")
    rate_axes = chart.axes["rate"]
    starts = sorted(line.get_xdata()[0] for line in rate_axes.get_lines() if line.get_linestyle() == ":"
                    and line.get_color() == "#d62728")
    assert starts == [5.01, 8.0], "a line where each action started; none for one that never ran"
    (band,) = [p for p in rate_axes.patches]
    assert band.get_x() == 5.01 and round(band.get_width(), 2) == 6.0, "the band spans the recovery window"
    assert [t.get_text() for t in rate_axes.texts] == ["kill kafka", "start kafka"]
    table = chart.tables[0]
    assert table.column("fault") == ["kill kafka", "start kafka", "command 'true'"]
    assert table.column("no confirmed sends (s)") == ["5", MISSING, MISSING]
    assert table.column("outcome")[2] == "not run: the measured phase ended first"
    assert chart.tables[1].title == "Per-period values"


def test_time_series_draws_failed_sends_only_when_there_were_some():
    seconds = [float(s) for s in range(1, 11)]
    base = {"second": seconds, "publishRate": [1000.0] * 10, "consumeRate": [1000.0] * 10, "backlog": [0] * 10}
    failing = {**base, "publishErrorRate": [0.0] * 4 + [250.0, 400.0] + [0.0] * 4}
    chart = timeseries_chart(run_from(make_result(driver="Kafka", period_seconds=[10.0], extra={"samples": failing})),
                             DriverStyles(["Kafka"]), "Kafka")
    (errors,) = [s for s in chart.series["rate"] if s.label == "send errors"]
    assert list(errors.y) == failing["publishErrorRate"]
    assert "failed sends" in chart.axes["rate"].get_title()

    clean = {**base, "publishErrorRate": [0.0] * 10}
    chart = timeseries_chart(run_from(make_result(driver="Kafka", period_seconds=[10.0], extra={"samples": clean})),
                             DriverStyles(["Kafka"]), "Kafka")
    assert [s.label for s in chart.series["rate"]] == ["publish", "consume"]


def test_zero_latencies_are_explained_not_hidden():
    runs = [run_from(make_result(driver="Loopback", workload="w", pub={**DEFAULT_E2E, "50": 0.0}), "l.json")]
    analysis = analyse(runs)
    latency = next(c for c in analysis.charts() if c.kind == "latency" and "Publish" in c.title)
    assert any("Values of 0" in n and "p50" in n for n in latency.notes)
    assert latency.tables[0].column("p50 (ms)") == ["0"]


def test_sweep_charts_skip_single_points_already_in_a_sweep():
    # A rate sweep of fixed-rate runs: no "throughput vs size" chart per rate, but throughput vs rate.
    analysis = analyse(rate_study())
    kinds = [(c.kind, c.title) for c in analysis.charts() if c.kind in ("throughput", "latency")]
    assert ("throughput", "Publish throughput vs rate") in kinds
    assert not any("message size" in title for _, title in kinds)
    assert sum(1 for k, _ in kinds if k == "latency") == 2              # end-to-end and publish
    # A max-rate size study: throughput vs size, no single-point latency chart per size.
    analysis = analyse(size_study())
    assert [c.title for c in analysis.charts() if c.kind in ("throughput", "latency")] == [
        "Publish throughput vs message size"]


def test_partial_runs_are_labelled_and_noted():
    runs = [run_from(make_result(driver="Kafka", workload="w", status="partial",
                                 extra={"statusReason": "stopped by Ctrl-C"}), "k.json"),
            run_from(make_result(driver="Redis", workload="w"), "r.json")]
    analysis = analyse(runs)
    assert any("did not complete" in n for n in analysis.notes)
    overview = analysis.overview
    assert overview.column("run") == ["Kafka (partial)", "Redis"]
    assert overview.column("status") == ["partial", "complete"]
    series = analysis.charts()[-2].series["rate"]                # Kafka's time series
    assert series[0].driver == "Kafka"
    latency = next(c for c in analysis.charts() if c.kind == "latency")
    assert latency.tables[0].column("status") == ["partial", "complete"]


def test_an_aborted_run_without_periods_still_charts():
    empty = make_result(driver="Kafka", workload="w", publish_rates=[], status="aborted")
    runs = [run_from(empty, "k.json"), run_from(make_result(driver="Redis", workload="w"), "r.json")]
    analysis = analyse(runs)
    assert {c.kind for c in analysis.charts()} >= {"latency", "timeseries"}
    timeseries = next(c for c in analysis.charts() if c.kind == "timeseries" and "Kafka" in c.title)
    assert timeseries.tables[0].rows == [] and "aborted" in timeseries.title
    for chart in analysis.charts():
        chart.figure.canvas.draw()                     # renders without an exception


def test_an_aborted_run_shows_no_rate_or_latency_rather_than_zeros():
    # Its file carries zeros (OMB's fields are plain numbers); the report showed 0 msg/s and 0 ms,
    # the lowest latency of all runs in the table.
    empty = make_result(driver="Kafka", workload="w", publish_rates=[], status="aborted")
    runs = [run_from(empty, "k.json"), run_from(make_result(driver="Redis", workload="w"), "r.json")]
    overview = analyse(runs).overview
    aborted = overview.rows[overview.column("status").index("aborted")]
    for column in ("publish (msg/s)", "e2e p50 (ms)", "e2e p99 (ms)"):
        assert aborted[overview.columns.index(column)] == MISSING, column
    latency = next(c for c in analyse(runs).charts() if c.kind == "latency")
    kafka = [line for lines in latency.series.values() for line in lines if line.driver == "Kafka"]
    assert all(np.isnan(line.y).all() for line in kafka), "nothing drawn at 0 ms for the aborted run"
