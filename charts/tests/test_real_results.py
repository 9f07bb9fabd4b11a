"""End to end on real files: mqbench results of two loopback drivers (written by
bin/benchmark here) and results written by upstream OMB's own drivers."""

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import MQBENCH_TWO_DRIVERS, OMB_DIR, OMB_MORE

from mqbench_charts.build import analyse
from mqbench_charts.cli_charts import main as charts_main
from mqbench_charts.loading import load_runs

REPO = Path(__file__).resolve().parents[2]


def test_bin_charts_on_real_mqbench_results_of_two_drivers(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run([str(REPO / "bin" / "charts"), str(MQBENCH_TWO_DRIVERS), "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == str((out / "report.html").resolve())
    assert "2 driver(s) (Loopback-2ms, Loopback-exp3ms)" in lines[0]
    pngs, svgs = sorted((out / "charts").glob("*.png")), sorted((out / "charts").glob("*.svg"))
    assert len(pngs) == len(svgs) == 9            # throughput vs rate, 2 latency, 2 distributions, 4 runs
    html = (out / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 9
    assert "Loopback-exp3ms" in html and "exponential" in html          # driver configuration shown


def test_real_mqbench_results_chart_the_stored_numbers():
    runs = load_runs([MQBENCH_TWO_DRIVERS])
    analysis = analyse(runs)
    latency = next(c for c in analysis.charts() if c.kind == "latency" and c.title.startswith("End-to-end"))
    for driver in ("Loopback-2ms", "Loopback-exp3ms"):
        ordered = sorted((r for r in runs if r.driver == driver), key=lambda r: r.requested_rate)
        series = next(s for s in latency.series["p99"] if s.driver == driver)
        np.testing.assert_allclose(series.x, [1000.0, 4000.0])
        np.testing.assert_allclose(series.y, [json.loads(r.path.read_text())["aggregatedEndToEndLatency99pct"]
                                              for r in ordered])
    distributions = [c for c in analysis.charts() if c.kind == "distribution"]
    assert len(distributions) == 2 and all(len(c.series["end-to-end latency"]) == 2 for c in distributions)


def test_upstream_omb_results_work_without_mqbench_fields(tmp_path, capsys):
    assert charts_main([str(OMB_DIR), "-o", str(tmp_path), "--no-svg"]) == 0
    out = capsys.readouterr().out
    assert "4 of 4 results are plain OpenMessaging Benchmark files" in out
    assert "(2 throughput, 2 latency, 4 timeseries)" in out
    html = (tmp_path / "report.html").read_text()
    assert "no histograms" in html and "Plain OpenMessaging Benchmark result" in html


def test_upstream_results_of_four_brokers_group_by_their_fields():
    runs = load_runs([OMB_DIR, OMB_MORE])
    analysis = analyse(runs)
    throughput = [c for c in analysis.charts() if c.kind == "throughput"]
    # fixed5k and max runs have the same size; they differ only in workload name -> two charts.
    assert len(throughput) == 2
    max_chart = next(c for c in throughput if "max-1-topic" in c.figure.get_suptitle())
    for series in max_chart.series["throughput (msg/s)"]:
        raw = json.loads(next(r.path for r in runs if r.driver == series.driver
                              and r.workload.startswith("max")).read_text())
        assert series.y[0] == pytest.approx(np.mean(raw["publishRate"]))   # 10-s periods: plain mean
    colours = {s.driver: s.color for s in max_chart.series["throughput (msg/s)"]}
    assert colours == {"Artemis": "#2ca02c", "Kafka": "#d62728", "RabbitMQ": "#e6b800", "Redis": "#1f77b4"}


def test_bin_charts_user_mistakes_exit_2_with_one_line(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for args, message in (([str(tmp_path / "nope")], "no such file or folder"),
                          ([str(empty)], "no result files"),
                          ([str(REPO / "charts" / "pyproject.toml")], "not a result file")):
        done = subprocess.run([str(REPO / "bin" / "charts"), *args, "-o", str(tmp_path / "o")],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_bin_compare_flags_a_drop_between_real_results(tmp_path):
    a, b = OMB_DIR / "kafka-max.json", OMB_DIR / "redis-max.json"
    done = subprocess.run([str(REPO / "bin" / "compare"), str(a), str(b), "--threshold", "5%"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "% REGRESSION" in done.stdout
    same = subprocess.run([str(REPO / "bin" / "compare"), str(a), str(a), "--threshold", "5%"],
                          capture_output=True, text=True, timeout=120)
    assert same.returncode == 0 and "% REGRESSION" not in same.stdout and "+0.0%" in same.stdout


def test_default_output_folder_and_output_that_is_a_file(tmp_path, capsys):
    results = tmp_path / "results"
    results.mkdir()
    (results / "kafka.json").write_text((OMB_DIR / "kafka-max.json").read_text())
    assert charts_main([str(results), "--no-svg"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == str(results / "report" / "report.html")
    # Charts in the report folder are not results: a second run reads the same one result.
    assert charts_main([str(results), "--no-svg"]) == 0
    assert "read 1 result(s)" in capsys.readouterr().out
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert charts_main([str(results), "-o", str(blocker)]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err
