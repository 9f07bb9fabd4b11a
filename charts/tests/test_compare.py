"""bin/compare: relative changes, noise-aware regression verdicts, exit status, formats."""

import csv
import io
import json

import pytest
from conftest import DEFAULT_E2E, make_result, run_from

from mqbench_charts.cli_compare import main, threshold_value
from mqbench_charts.compare import IMPROVEMENT, NOISE, REGRESSION, compare


def steady(rate, spread=0.0, driver="Kafka", workload="w", **kwargs):
    """A run whose three periods are rate*(1-spread), rate, rate*(1+spread)."""
    return make_result(driver=driver, workload=workload, target_rate=rate,
                       publish_rates=[rate * (1 - spread), rate, rate * (1 + spread)], **kwargs)


def row(comparison, key):
    return next(r for r in comparison.rows if r.metric.key == key)


def test_a_20_percent_throughput_drop_is_a_regression_and_exits_1(write_result, capsys):
    a = write_result(steady(10000.0, 0.01))
    b = write_result(steady(8000.0, 0.01))
    assert main([str(a), str(b), "--threshold", "5%"]) == 1
    out = capsys.readouterr().out
    line = next(l for l in out.splitlines() if l.startswith("publish rate"))
    assert "-20.0% REGRESSION" in line
    assert "key metric change(s) worse than 5%" in out


def test_a_change_inside_the_runs_noise_is_not_a_regression(write_result, capsys):
    # 8 % lower mean, but the periods of each run swing by ±15 %: sd ≈ 1225 and 1127 msg/s,
    # noise band ≈ 1665 > the 800 msg/s difference.
    a = write_result(steady(10000.0, 0.15))
    b = write_result(steady(9200.0, 0.15))
    assert main([str(a), str(b), "--threshold", "5%"]) == 0
    line = next(l for l in capsys.readouterr().out.splitlines() if l.startswith("publish rate"))
    assert "-8.0% (noise)" in line and "REGRESSION" not in line


def test_noise_factor_widens_or_narrows_the_band(write_result):
    a = write_result(steady(10000.0, 0.15))
    b = write_result(steady(9200.0, 0.15))
    assert main([str(a), str(b), "--threshold", "5%", "--noise-factor", "0.2"]) == 1


def test_latency_increase_is_a_regression_and_decrease_an_improvement():
    base = run_from(steady(1000.0))
    worse = run_from(steady(1000.0, e2e={**DEFAULT_E2E, "99": 13.0}))
    better = run_from(steady(1000.0, e2e={**DEFAULT_E2E, "99": 7.0}))
    comparison = compare([base, worse, better], "t", threshold=0.05)
    cells = row(comparison, "endToEnd99").cells
    assert cells[1].change == pytest.approx(0.3) and cells[1].verdict == REGRESSION
    assert cells[2].change == pytest.approx(-0.3) and cells[2].verdict == IMPROVEMENT
    assert [m.metric.key for m, _ in comparison.regressions()] == ["endToEnd99"]


def test_below_threshold_no_verdict_and_noise_band_from_period_spread():
    a = run_from(steady(1000.0, 0.1, e2e_periods={"99": [9.0, 10.0, 11.0]}))
    b = run_from(steady(1030.0, 0.1, e2e={**DEFAULT_E2E, "99": 12.0}, e2e_periods={"99": [9.0, 12.0, 15.0]}))
    comparison = compare([a, b], "t", threshold=0.05)
    publish = row(comparison, "publishRate").cells[1]
    assert publish.change == pytest.approx(0.03) and publish.verdict is None
    p99 = row(comparison, "endToEnd99").cells[1]
    sd_a, sd_b = (2 / 3) ** 0.5, 6 ** 0.5                   # population sd of the periods
    assert p99.noise == pytest.approx((sd_a ** 2 + sd_b ** 2) ** 0.5)   # 2.58 ms
    assert p99.change == pytest.approx(0.2) and p99.verdict == NOISE   # +2 ms: beyond 5 %, inside the band


def test_no_threshold_shows_changes_and_exits_0(write_result, capsys):
    a, b = write_result(steady(10000.0)), write_result(steady(5000.0))
    assert main([str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "-50.0%" in out and "REGRESSION" not in out


def test_more_than_two_runs_give_one_column_each(write_result, capsys):
    paths = [str(write_result(steady(r))) for r in (1000.0, 1100.0, 900.0, 1000.0)]
    assert main(paths + ["--format", "markdown"]) == 0
    out = capsys.readouterr().out
    header = next(l for l in out.splitlines() if l.startswith("| metric"))
    assert header == "| metric | unit | [1] | [2] | [2] vs [1] | [3] | [3] vs [1] | [4] | [4] vs [1] |"
    publish = next(l for l in out.splitlines() if l.startswith("| publish rate *"))
    cells = [c.strip() for c in publish.strip("|").split("|")]
    assert cells[2:] == ["1,000", "1,100", "+10.0%", "900", "-10.0%", "1,000", "+0.0%"]


def test_json_output_carries_values_changes_and_verdicts(write_result, capsys):
    a, b = write_result(steady(10000.0, 0.01)), write_result(steady(8000.0, 0.01))
    assert main([str(a), str(b), "--threshold", "5", "--format", "json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["threshold"] == 0.05
    (comparison,) = document["comparisons"]
    publish = next(m for m in comparison["metrics"] if m["metric"] == "publishRate")
    assert publish["values"] == pytest.approx([10000.0, 8000.0])
    assert publish["changes"][1] == pytest.approx(-0.2) and publish["verdicts"] == [None, "regression"]
    assert publish["keyMetric"] is True and "publishRate" in comparison["regressions"]


def test_csv_output(write_result, capsys):
    a, b = write_result(steady(1000.0)), write_result(steady(1100.0))
    assert main([str(a), str(b), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    publish = [r for r in rows if r["metric"] == "publishRate"]
    assert [float(r["value"]) for r in publish] == pytest.approx([1000.0, 1100.0])
    assert float(publish[1]["change vs run 1"]) == pytest.approx(0.1)


def test_folders_are_matched_by_driver_workload_and_sweep_point(tmp_path, write_result, capsys):
    for folder, factor in (("old", 1.0), ("new", 0.75)):
        for driver in ("Kafka", "Redis"):
            for point in (1000, 2000):
                write_result(steady(point * factor, driver=driver, sweep_point={"producerRate": point}),
                             name=f"{driver}-{point}-{folder}.json", folder=tmp_path / folder)
    write_result(steady(1000.0, driver="Artemis"), folder=tmp_path / "new")
    assert main([str(tmp_path / "old"), str(tmp_path / "new"), "--threshold", "5%"]) == 1
    out = capsys.readouterr().out
    assert out.count("== ") == 4                            # 2 drivers x 2 sweep points
    assert "== 1/4: Kafka · w · producerRate=1000" in out
    assert "not compared: Artemis · w: only in argument(s) 2" in out


def test_missing_file_exits_2_with_one_line(tmp_path, capsys):
    assert main([str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a.json: no such file or folder" in err


def test_not_a_result_exits_2(tmp_path, write_result, capsys):
    other = tmp_path / "package.json"
    other.write_text('{"name": "x"}')
    assert main([str(write_result(steady(1000.0))), str(other)]) == 2
    assert "package.json: not a benchmark result" in capsys.readouterr().err


def test_one_argument_is_a_usage_error(write_result, capsys):
    with pytest.raises(SystemExit) as caught:
        main([str(write_result(steady(1000.0)))])
    assert caught.value.code == 2 and "at least two" in capsys.readouterr().err


def test_bad_threshold_is_a_usage_error(write_result, capsys):
    a = write_result(steady(1000.0))
    with pytest.raises(SystemExit) as caught:
        main([str(a), str(a), "--threshold", "lots"])
    assert caught.value.code == 2 and "is not a percentage" in capsys.readouterr().err


def test_threshold_parsing():
    assert threshold_value("5%") == pytest.approx(0.05)
    assert threshold_value("5") == pytest.approx(0.05)
    assert threshold_value(" 12.5 % ") == pytest.approx(0.125)


def test_99999pct_fields_of_omb_branches_that_write_them_are_read_and_compared():
    plain = run_from(steady(1000.0))
    deeper = [run_from(steady(1000.0, extra={"aggregatedEndToEndLatency99999pct": v,
                                             "aggregatedPublishLatency99999pct": v / 2}))
              for v in (40.0, 50.0)]
    assert plain.latency["endToEnd"]["99.999"] != plain.latency["endToEnd"]["99.999"]   # NaN: not written
    assert deeper[0].latency["endToEnd"]["99.999"] == 40.0
    keys = [r.metric.key for r in compare([plain, plain], "t", threshold=None).rows]
    assert "endToEnd99.999" not in keys, "no row for a percentile no run has"
    comparison = compare(deeper, "t", threshold=0.05)
    assert row(comparison, "endToEnd99.999").cells[1].change == pytest.approx(0.25)
    assert row(comparison, "publish99.999").cells[0].value == 20.0


def test_an_aborted_run_is_not_read_as_zeros_but_refused_with_its_reason(write_result, capsys):
    aborted = make_result(publish_rates=[], status="aborted", extra={"statusReason": "broker unreachable"})
    a = write_result(steady(10000.0, 0.01))
    b = write_result(aborted)
    assert main([str(a), str(b), "--threshold", "5%"]) == 2
    captured = capsys.readouterr()
    assert "REGRESSION" not in captured.out and "-100.0%" not in captured.out
    line = captured.err.strip()
    assert "\n" not in line
    assert line.startswith("compare: nothing to compare: Kafka · w: result-002.json ")
    assert "(aborted: broker unreachable) measured no period" in line


def test_with_folders_the_aborted_pair_is_listed_and_the_others_compared(tmp_path, write_result, capsys):
    write_result(steady(10000.0, 0.01, workload="good"), folder=tmp_path / "a")
    write_result(steady(10000.0, 0.01, workload="broken"), folder=tmp_path / "a")
    write_result(steady(10100.0, 0.01, workload="good"), folder=tmp_path / "b")
    write_result(make_result(workload="broken", publish_rates=[], status="aborted"), folder=tmp_path / "b")
    assert main([str(tmp_path / "a"), str(tmp_path / "b"), "--threshold", "5%"]) == 0
    out = capsys.readouterr().out
    assert "(Kafka, good, target 10,000 msg/s" in out and "publish rate" in out
    assert "not compared: Kafka · broken: " in out and "(aborted) measured no period" in out


def test_a_partial_run_is_compared_on_the_periods_it_measured(write_result, capsys):
    a = write_result(steady(10000.0, 0.01))
    b = write_result(make_result(workload="w", driver="Kafka", publish_rates=[9990.0], status="partial"))
    assert main([str(a), str(b), "--threshold", "5%"]) == 0
    out = capsys.readouterr().out
    assert "partial" in out
    assert "-0.1%" in next(l for l in out.splitlines() if l.startswith("publish rate"))


def test_a_run_whose_figures_mislead_is_compared_with_its_caveats_named(write_result, capsys):
    # A max-rate run whose measured phase did not hold the rate found, from a client that was the
    # bottleneck: its rate is compared, and the legend (and JSON) say what it rests on.
    a = write_result(steady(10000.0, 0.01))
    b = write_result(steady(9000.0, 0.01, extra={"clientBound": True, "rateDiscovery": {
        "foundRate": 9500.0, "converged": True, "measuredPhases": [{"targetRate": 9500, "held": False}]}}))
    assert main([str(a), str(b)]) == 0
    legend = [l for l in capsys.readouterr().out.splitlines() if l.startswith("[")]
    assert legend[0].endswith("status complete)  <- baseline")
    assert legend[1].endswith("status complete; read with care: client-bound, rate found did not hold)")
    assert main([str(a), str(b), "--format", "json"]) == 0
    runs = json.loads(capsys.readouterr().out)["comparisons"][0]["runs"]
    assert [r["caveats"] for r in runs] == [[], ["client-bound", "rate found did not hold"]]
