"""Reading results: OMB and mqbench files normalised alike; user mistakes are one clear line."""

import json

import numpy as np
import pytest
from conftest import OMB_DIR, make_result

from mqbench_charts.errors import UserError
from mqbench_charts.loading import load_runs
from mqbench_charts.runs import MIB


def test_plain_omb_result_is_normalised_with_documented_fallbacks(write_result):
    path = write_result(make_result(driver="Kafka", publish_rates=[900.0, 1000.0, 1100.0],
                                    consume_rates=[890.0, 1000.0, 1110.0], omb=True))
    (run,) = load_runs([path])
    assert not run.mqbench and run.status is None and run.mode is None
    assert run.requested_rate is None                      # OMB does not record the rate asked for
    np.testing.assert_allclose(run.period_seconds, [10.0, 10.0, 10.0])
    np.testing.assert_allclose(run.elapsed(), [10.0, 20.0, 30.0])
    assert run.publish_rate.mean == pytest.approx(1000.0)
    assert run.publish_rate.stddev == pytest.approx(np.std([900.0, 1000.0, 1100.0]))  # population, as Java
    assert run.publish_mbps == pytest.approx(1000.0 * 1024 / MIB)
    assert run.latency["endToEnd"]["99"] == 10.0 and run.latency["publishDelay"]["50"] == 50
    assert run.histograms == {}
    assert run.display_status == "unknown (OMB result)"


def test_mqbench_summary_wins_over_recomputation(write_result):
    result = make_result(publish_rates=[1000.0, 2000.0], period_seconds=[10.0, 5.0], target_rate=1500.0)
    result["summary"]["publishRate"]["mean"] = 1234.5
    result["summary"]["publishThroughputMBps"] = 7.0
    (run,) = load_runs([write_result(result)])
    assert run.mqbench and run.status == "complete" and run.requested_rate == 1500.0
    assert run.publish_rate.mean == 1234.5 and run.publish_mbps == 7.0
    np.testing.assert_allclose(run.elapsed(), [10.0, 15.0])


def test_time_weighted_mean_without_summary(write_result):
    result = make_result(publish_rates=[1000.0, 4000.0], omb=True)
    result["periodSeconds"] = [10.0, 5.0]                  # 10 000 + 20 000 messages in 15 s
    (run,) = load_runs([write_result(result)])
    assert run.publish_rate.mean == pytest.approx(2000.0)


def test_max_rate_has_no_requested_rate(make_run):
    run = make_run(mode="max-rate", target_rate=123456.0)
    assert run.requested_rate is None and run.target_rate == 123456.0


def test_folders_are_searched_recursively_and_other_json_skipped(tmp_path, write_result):
    write_result(make_result(driver="A"), folder=tmp_path / "r" / "sub")
    write_result(make_result(driver="B"), folder=tmp_path / "r")
    (tmp_path / "r" / "workload.json").write_text(json.dumps({"name": "not a result"}))
    warnings = []
    runs = load_runs([tmp_path / "r"], warn=warnings.append)
    assert sorted(r.driver for r in runs) == ["A", "B"]
    assert warnings == []                      # other JSON beside results (suite.json) is expected


def test_a_suite_runs_superseded_attempts_and_report_are_not_its_results(tmp_path, write_result):
    run = tmp_path / "suite" / "2026-01-01-00-00-00"
    write_result(make_result(driver="Kept"), folder=run)
    write_result(make_result(driver="Interrupted"), folder=run / "superseded")
    write_result(make_result(driver="Copied"), folder=run / "report")
    runs = load_runs([tmp_path / "suite"])
    assert [r.driver for r in runs] == ["Kept"]


def test_a_broken_result_in_a_folder_is_skipped_with_a_warning(tmp_path, write_result):
    write_result(make_result(driver="A"), folder=tmp_path / "r")
    (tmp_path / "r" / "truncated.json").write_text('{"workload": "w", "driver": "K", "publishRa')
    half = make_result(driver="B")
    del half["publishRate"]
    write_result(half, name="half.json", folder=tmp_path / "r")
    warnings = []
    assert [r.driver for r in load_runs([tmp_path / "r"], warn=warnings.append)] == ["A"]
    assert len(warnings) == 2
    assert any("truncated.json" in w and "invalid JSON" in w for w in warnings)
    assert any("half.json" in w and "'publishRate'" in w for w in warnings)


def test_the_same_file_twice_is_read_once(write_result):
    path = write_result(make_result())
    assert len(load_runs([path, path, path.parent])) == 1


@pytest.mark.parametrize("setup, expected", [
    (lambda d: d / "missing.json", "no such file or folder"),
    (lambda d: _write(d / "bad.json", "{not json"), "not a result file (invalid JSON"),
    (lambda d: _write(d / "list.json", "[1, 2]"), "the JSON is not an object"),
    (lambda d: _write(d / "other.json", '{"name": "x"}'), "not a benchmark result"),
    (lambda d: _mkdir(d / "empty"), "no result files (*.json) in this folder"),
    (lambda d: _write(_mkdir(d / "only-junk") / "a.json", '{"a": 1}').parent, "none of its 1 .json files is a result"),
])
def test_user_mistakes_are_user_errors_naming_the_path(tmp_path, setup, expected):
    path = setup(tmp_path)
    with pytest.raises(UserError) as caught:
        load_runs([path])
    message = str(caught.value)
    assert expected in message and str(path) in message and "\n" not in message


def test_real_omb_files_load(tmp_path):
    runs = load_runs([OMB_DIR])
    assert sorted({r.driver for r in runs}) == ["Kafka", "Redis"]
    kafka_max = next(r for r in runs if r.driver == "Kafka" and r.workload.startswith("max"))
    raw = json.loads(kafka_max.path.read_text())
    assert kafka_max.publish_rate.mean == pytest.approx(np.mean(raw["publishRate"]))
    assert kafka_max.latency["endToEnd"]["50"] == raw["aggregatedEndToEndLatency50pct"]


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _mkdir(path):
    path.mkdir(parents=True, exist_ok=True)
    return path
