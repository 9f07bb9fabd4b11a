"""The report's summary: who did best in each comparison, and whether delivery held, first."""

from conftest import make_result, run_from

from mqbench_charts.build import analyse
from mqbench_charts.report import render_report
from mqbench_charts.verdict import caveats, delivery, verdicts

CLEAN = {"checked": True, "lost": 0, "duplicated": 0, "outOfOrder": 0, "drained": True}


def _max(driver, size, rate, **extra):
    return run_from(make_result(driver=driver, workload=f"max-{size}", message_size=size, mode="max-rate",
                                publish_rates=[rate] * 3, extra={"delivery": CLEAN, **extra}))


def _fixed(driver, rate, achieved, p50, p99, **extra):
    e2e = {"avg": p50, "50": p50, "75": p50, "95": p99, "99": p99, "99.9": p99, "99.99": p99, "max": p99}
    return run_from(make_result(driver=driver, workload=f"rate-{rate}", target_rate=float(rate),
                                publish_rates=[achieved] * 3, e2e=e2e, extra={"delivery": CLEAN, **extra}))


def _rows(verdict):
    return [[c.text for c in row] for row in verdict.rows]


def test_the_fastest_driver_at_each_size_is_named_with_the_next_and_the_ratio():
    runs = [_max("Kafka", 100, 400_000), _max("Redis", 100, 100_000), _max("Artemis", 100, 20_000),
            _max("Kafka", 10_240, 50_000), _max("Redis", 10_240, 60_000), _max("Artemis", 10_240, 5_000)]
    [verdict] = verdicts(runs)
    assert verdict.title == "Most throughput"
    assert _rows(verdict) == [["100 B", "Kafka", "400,000", "38.15", "Redis (4.00×)", "—", "OK"],
                              ["10 KB", "Redis", "60,000", "585.9", "Kafka (1.20×)", "—", "OK"]]


def test_drivers_within_two_percent_of_the_best_are_a_tie():
    [verdict] = verdicts([_max("Kafka", 1024, 100_000), _max("Redis", 1024, 98_500), _max("Artemis", 1024, 50_000)])
    assert _rows(verdict)[0][1] == "tie: Kafka, Redis"


def test_the_lowest_latency_counts_only_drivers_that_kept_up_and_names_the_others():
    runs = [_fixed("Kafka", 5000, 5000, 2.0, 9.0), _fixed("Redis", 5000, 4000, 0.5, 1.0),
            _fixed("Artemis", 5000, 4990, 3.0, 5.0)]
    [verdict] = verdicts(runs)
    assert verdict.title == "Lowest latency"
    assert _rows(verdict) == [["5,000", "Kafka", "2", "Artemis", "5", "Redis", "—", "OK"]]
    assert verdict.rows[0][5].bad


def test_drivers_whose_latency_was_still_settling_are_named():
    settling = ("end-to-end latency was still settling when the measured phase began: p99 113 ms in its first 10 s,"
                " 11.6 ms in its second half; ...")
    runs = [_fixed("Kafka", 10_000, 10_000, 1.7, 78.6, warnings=[settling]),
            _fixed("Redis", 10_000, 10_000, 0.9, 3.0, warnings=["the client may have been the bottleneck"])]
    [verdict] = verdicts(runs)
    assert _rows(verdict) == [["10,000", "Redis", "0.9", "Redis", "3", "—", "Kafka", "OK"]]
    assert verdict.rows[0][6].bad and not verdict.rows[0][5].bad


MOVED = ("the system's capacity moved during the search: a trial at 1:59 achieved 291,385 msg/s (confirm at 291,838),"
         " 217% more than the rate found, 92,019; ...")


def _search(converged=True, held=True):
    return {"rateDiscovery": {"foundRate": 92_019.0, "converged": converged,
                              "measuredPhases": [{"targetRate": 96_862, "held": False}, {"targetRate": 92_019, "held": held}]}}


def test_a_ranking_names_the_runs_whose_figures_mislead_when_read_alone():
    # Kafka's figure is from a search whose system slowed under it (the run of 2026-12-05 09:39),
    # Redis' from a client that was the bottleneck: the ranking stands, with both named beside it.
    runs = [_max("Kafka", 1024, 92_019, warnings=[MOVED], **_search()),
            _max("Redis", 1024, 60_000, clientBound=True), _max("Artemis", 1024, 20_000, **_search())]
    [verdict] = verdicts(runs)
    assert verdict.columns[5] == "caveats"
    assert _rows(verdict)[0][5] == "Kafka: capacity moved during the search; Redis: client-bound"
    assert verdict.rows[0][5].bad
    assert caveats(runs[2]) == [], "a search that converged and whose last attempt held is no caveat"


def test_repeats_further_apart_than_five_percent_are_a_caveat_of_their_mean():
    # RabbitMQ's two runs of 2026-12-05 10:48-11:08: 31,016 and 35,397 msg/s, 14 % apart.
    runs = [_max("RabbitMQ", 1024, 31_016), _max("RabbitMQ", 1024, 35_397),
            _max("Kafka", 1024, 90_000), _max("Kafka", 1024, 93_000)]
    [verdict] = verdicts(runs)
    assert _rows(verdict)[0][1:3] == ["Kafka", "91,500"]
    assert _rows(verdict)[0][5] == "RabbitMQ: 2 repeats 14% apart", "Kafka's are 3.3 % apart: no caveat"


def test_every_kind_of_caveat_is_named_in_a_few_words():
    settling = "end-to-end latency was still settling when the measured phase began: p99 113 ms in its first 10 s"
    run = _max("Kafka", 1024, 92_019, warnings=[MOVED, settling, "the client may have been the bottleneck"],
               clientBound=True, **_search(converged=False, held=False))
    assert caveats(run) == ["client-bound", "search did not settle", "rate found did not hold",
                            "capacity moved during the search", "latency still settling"]


def test_the_search_s_own_capacity_moved_field_decides_and_the_warning_serves_older_results():
    moved = _search()
    moved["rateDiscovery"].update(mostAchievedRate=291_385.0, capacityMoved=True)
    assert caveats(_max("Kafka", 1024, 92_019, **moved)) == ["capacity moved during the search"], "no warning needed"
    steady = _search()
    steady["rateDiscovery"].update(mostAchievedRate=95_000.0, capacityMoved=False)
    assert caveats(_max("Kafka", 1024, 92_019, warnings=[MOVED], **steady)) == [], "the field, not a warning's words"
    assert caveats(_max("Kafka", 1024, 92_019, warnings=[MOVED], **_search())) == ["capacity moved during the search"]


def test_the_run_s_own_latency_settling_field_decides_and_the_warning_serves_older_results():
    judged = {"latency": "end-to-end", "firstPeriodP99Ms": 113.0, "firstPeriodSeconds": 10.0, "secondHalfP99Ms": 11.6}
    unsettled = _fixed("Kafka", 10_000, 10_000, 1.7, 78.6, latencySettling={**judged, "settled": False})
    assert caveats(unsettled) == ["latency still settling"], "no warning needed"
    settled = _fixed("Kafka", 10_000, 10_000, 1.7, 78.6, latencySettling={**judged, "settled": True},
                     warnings=["end-to-end latency was still settling when the measured phase began: ..."])
    assert caveats(settled) == [], "the field, not a warning's words"
    older = _fixed("Kafka", 10_000, 10_000, 1.7, 78.6,
                   warnings=["end-to-end latency was still settling when the measured phase began: ..."])
    assert caveats(older) == ["latency still settling"]


def test_the_summary_lists_the_runs_to_read_with_care_after_the_delivery_alarm():
    runs = [_max("Kafka", 1024, 92_019, warnings=[MOVED], **_search()), _max("Kafka", 100, 300_000),
            _max("Redis", 100, 60_000, delivery={**CLEAN, "lost": 3})]
    html = render_report(analyse(runs), ["results"])
    alarm, caution = html.index('<div class="alarm">'), html.index('<div class="caution">')
    assert alarm < caution < html.index('<h2 id="overview">')
    assert "Read with care: 1 of 3 run(s)" in html
    assert "Kafka · max-1024: capacity moved during the search</div>" in html
    overview = analyse(runs).overview                  # and the runs table beside its status, not "complete" alone
    said = dict(zip(overview.column("message size (B)"), overview.column("caveats")))
    assert said == {"1,024": "capacity moved during the search", "100": ""}
    assert overview.column("status") == ["complete"] * 3
    clean = render_report(analyse([_max("Kafka", 100, 300_000)]), ["results"])
    assert '<div class="caution">' not in clean


def test_one_driver_is_not_a_comparison():
    assert verdicts([_max("Kafka", 100, 1000), _max("Kafka", 1024, 900)]) == []


def test_delivery_counts_out_of_order_only_where_order_is_promised():
    lost = _fixed("Kafka", 1000, 1000, 1, 2, delivery={**CLEAN, "lost": 1226, "duplicated": 608, "outOfOrder": 102614})
    assert delivery(lost).bad and delivery(lost).text == "1,226 lost, 608 duplicated, 102,614 out of order"
    partitioned = make_result(driver="Kafka", extra={"delivery": {**CLEAN, "outOfOrder": 50}, "partitions": 4})
    assert delivery(run_from(partitioned)).text == "OK"
    cut_short = _fixed("Kafka", 1000, 1000, 1, 2, delivery={**CLEAN, "lost": None, "missing": 7})
    assert delivery(cut_short).text == "7 not received" and delivery(cut_short).bad
    assert delivery(run_from(make_result(omb=True))).text == "not checked (OMB result)"


def test_the_report_opens_with_the_summary_and_delivery_problems_in_red():
    runs = [_fixed("Kafka", 5000, 5000, 2.0, 9.0, delivery={**CLEAN, "duplicated": 608}),
            _fixed("Redis", 5000, 5000, 0.5, 1.0)]
    html = render_report(analyse(runs), ["results"])
    summary, runs_table = html.index('<h2 id="summary">'), html.index('<h2 id="overview">')
    assert summary < runs_table
    alarm = html.index('<div class="alarm">')
    assert summary < alarm < runs_table
    assert "Delivery did not hold in 1 of 2 run(s)" in html and "Kafka · rate-5000: 608 duplicated" in html
    assert '<td class="bad text">Kafka</td>' in html      # the latency verdict's delivery column
    # The runs table leads with the results, the setup comes after.
    header = html[runs_table:html.index("</tr>", runs_table)]
    assert header.index("publish (msg/s)") < header.index("delivery") < header.index("mode")


def test_runs_are_listed_with_numbers_in_numeric_order():
    runs = [run_from(make_result(workload=f"lat ({rate})", sweep_point={"producerRateBytes": rate}),
                     name=f"{rate.replace('/', '')}.json") for rate in ("10MB/s", "1MB/s", "15MB/s", "3MB/s")]
    runs += [run_from(make_result(workload="max", message_size=size, mode="max-rate"), name=f"{size}.json")
             for size in (102_400, 51_200, 100)]
    analysis = analyse(runs)
    assert [s for s in analysis.overview.column("sweep point") if s] == [
        "producerRateBytes=1MB/s", "producerRateBytes=3MB/s", "producerRateBytes=10MB/s", "producerRateBytes=15MB/s"]
    assert [v for v in analysis.overview.column("message size (B)") if v != "1,024"] == ["100", "51,200", "102,400"]
