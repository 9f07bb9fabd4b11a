"""The rate search as the report draws it: trials over time, latency against rate, the facts."""

import json

import numpy as np
from conftest import MQBENCH_SEARCH, make_result, run_from
from drawn import drawn_lines

from mqbench_charts.build import analyse
from mqbench_charts.chart_search import search_chart
from mqbench_charts.chart_timeseries import timeseries_chart
from mqbench_charts.colors import DriverStyles
from mqbench_charts.loading import load_runs
from mqbench_charts.report_runs import run_html

TRIALS = [
    {"second": 0.5, "stage": "ramp", "targetRate": 1000.0, "seconds": 1.5, "publishRate": 1000.0,
     "consumeRate": 1000.0, "backlogSlope": 0.0, "tolerance": 0.05, "endToEnd99Ms": 1.0, "verdict": "sustainable",
     "reason": "ok"},
    {"second": 2.5, "stage": "ramp", "targetRate": 2000.0, "seconds": 1.5, "publishRate": 1500.0,
     "consumeRate": 1400.0, "backlogSlope": 100.0, "tolerance": 0.05, "endToEnd99Ms": 50.0,
     "verdict": "unsustainable", "reason": "producers reached 75%", "drainSeconds": 1.2, "settleExtendedSeconds": 3.0},
    {"second": 6.0, "stage": "confirm", "targetRate": 1400.0, "seconds": 4.0, "publishRate": 1400.0,
     "consumeRate": 1400.0, "backlogSlope": 0.0, "tolerance": 0.005, "endToEnd99Ms": 2.0, "verdict": "sustainable",
     "reason": "ok"},
]


def _run(objective="throughput", trials=TRIALS):
    discovery = {"objective": objective, "rule": "r", "converged": True, "convergedAtSecond": 10.0,
                 "foundRate": 1400.0, "sustainableRate": 1400.0, "unsustainableRate": 2000.0, "trials": trials,
                 "measuredPhases": [{"targetRate": 1400.0, "held": True, "reason": "producers at 100%"}]}
    return run_from(make_result(driver="Kafka", mode="max-rate", extra={"rateDiscovery": discovery}))


def test_the_time_series_draws_every_trial_with_its_verdict_and_what_was_achieved():
    chart = timeseries_chart(_run(), DriverStyles(["Kafka"]), "Kafka")
    search = drawn_lines(chart.axes["rate search"])
    np.testing.assert_allclose(search["sustainable"][0], [1.25, 8.0])        # window middles
    np.testing.assert_allclose(search["sustainable"][1], [1000.0, 1400.0])
    np.testing.assert_allclose(search["unsustainable"][1], [2000.0])
    # The slower side: 1 400 received of 1 500 published in the unsustainable trial.
    np.testing.assert_allclose(search["achieved"][1], [1000.0, 1400.0, 1400.0])
    assert "converged" in chart.axes["rate search"].get_title()


def test_a_last_climb_above_the_bracket_is_named_in_the_titles_and_the_report():
    run = _run()
    run.raw["rateDiscovery"]["climbedFromRate"] = 1200.0
    assert "climbed from 1,200 msg/s" in timeseries_chart(run, DriverStyles(["Kafka"]), "Kafka").axes["rate search"].get_title()
    assert "climbed from 1,200 msg/s" in search_chart(run, DriverStyles(["Kafka"]), "Kafka").figure._suptitle.get_text()
    assert "climbed from 1,200 msg/s" in run_html(run, "Kafka")
    # A climb whose first step failed leaves the rate where the bracket put it: nothing to say.
    run.raw["rateDiscovery"]["climbedFromRate"] = 1400.0
    assert "climbed" not in run_html(run, "Kafka")
    assert "down from" not in run_html(run, "Kafka")
    # The bracket's rate no longer held in the climb (the broker slowed): the search came down.
    run.raw["rateDiscovery"]["climbedFromRate"] = 1800.0
    assert "down from 1,800 msg/s" in search_chart(run, DriverStyles(["Kafka"]), "Kafka").figure._suptitle.get_text()
    assert "down from 1,800 msg/s" in run_html(run, "Kafka")


def test_the_search_chart_puts_each_trials_latency_at_its_rate_and_marks_the_rate_found():
    chart = search_chart(_run(), DriverStyles(["Kafka"]), "Kafka")
    lines = drawn_lines(chart.axes["latency vs rate"])
    np.testing.assert_allclose(lines["sustainable"][0], [1000.0, 1400.0])
    np.testing.assert_allclose(lines["sustainable"][1], [1.0, 2.0])
    np.testing.assert_allclose(lines["unsustainable"][1], [50.0])
    assert "found 1,400 msg/s" in [t.get_text() for t in chart.axes["latency vs rate"].get_legend().get_texts()]
    table = chart.tables[0]
    assert table.column("verdict") == ["sustainable", "unsustainable", "sustainable"]
    assert table.column("tolerance (%)") == ["5", "5", "0.5"]
    assert table.column("longer settle (s)") == ["–", "3", "–"]


def test_the_climbs_growth_of_sends_awaiting_acknowledgement_and_a_drain_before_measuring_are_shown():
    climb = {"second": 11.0, "stage": "climb", "targetRate": 1470.0, "seconds": 20.0, "publishRate": 1450.0,
             "consumeRate": 1450.0, "backlogSlope": 0.0, "unacknowledgedSlope": 20.0, "tolerance": 0.005,
             "endToEnd99Ms": 30.0, "verdict": "unsustainable", "reason": "sends awaiting acknowledgement grew"}
    run = _run(trials=TRIALS + [climb])
    assert search_chart(run, DriverStyles(["Kafka"]), "Kafka").tables[0].column("awaiting ack (msg/s)") == ["–", "–", "–", "20"]
    assert "pause that drained" not in run_html(run, "Kafka")
    run.raw["rateDiscovery"]["measuredPhases"][0].update(drainedMessages=31500, drainSeconds=1.2, settleSeconds=2.0)
    assert "measured at 1,400 msg/s (after a 1.2-s pause that drained 31,500 messages left before it): held" in run_html(run, "Kafka")


def test_a_latency_limit_is_drawn_where_the_curve_must_stay_below():
    trials = [dict(t, latencyMs=t["endToEnd99Ms"]) for t in TRIALS]
    chart = search_chart(_run("p99 end-to-end <= 10 ms", trials), DriverStyles(["Kafka"]), "Kafka")
    legend = [t.get_text() for t in chart.axes["latency vs rate"].get_legend().get_texts()]
    assert "limit 10 ms" in legend
    assert "objective: p99 end-to-end <= 10 ms" in chart.figure._suptitle.get_text()


def test_a_real_latency_bounded_search_is_charted_and_described():
    (run,) = load_runs([MQBENCH_SEARCH])
    raw = json.loads(run.path.read_text())
    analysis = analyse([run])
    (chart,) = [c for c in analysis.charts() if c.kind == "search"]
    drawn = drawn_lines(chart.axes["latency vs rate"])
    sustainable = [t for t in raw["rateDiscovery"]["trials"] if t["verdict"] == "sustainable"]
    np.testing.assert_allclose(sorted(drawn["sustainable"][0]), sorted(t["targetRate"] for t in sustainable))
    assert all(y <= 8 for y in drawn["sustainable"][1]), "sustainable trials kept the 8 ms limit"
    html = run_html(run, "Loopback-5ms-5k")
    assert "objective p99 end-to-end &lt;= 8 ms: found" in html
    assert "measured at" in html and "held" in html


def test_warnings_show_beside_the_status():
    run = run_from(make_result(driver="Kafka", extra={"warnings": ["the measured phase did not hold 5,000 msg/s"]}))
    html = run_html(run, "Kafka")
    assert "(1 warning)" in html and "did not hold 5,000 msg/s" in html


def test_a_search_the_run_ended_during_says_so_and_marks_no_rate_found():
    run = _run()
    note = "the run ended during the search, 12 s after it began (sustainable 1,400, unsustainable 2,000 msg/s)"
    discovery = run.raw["rateDiscovery"]
    discovery.update(converged=False, note=note, measuredPhases=[])
    del discovery["foundRate"], discovery["convergedAtSecond"]
    chart = search_chart(run, DriverStyles(["Kafka"]), "Kafka")
    assert f"found no rate: {note}" in chart.figure._suptitle.get_text()
    assert not any(t.get_text().startswith("found") for t in chart.axes["latency vs rate"].get_legend().get_texts())
    assert "did not converge" in timeseries_chart(run, DriverStyles(["Kafka"]), "Kafka").axes["rate search"].get_title()
    assert f"did not converge: {note}" in run_html(run, "Kafka")
