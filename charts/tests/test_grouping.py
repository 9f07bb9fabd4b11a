"""Grouping by fields inside the results, never by file names."""

import pytest
from conftest import make_result, run_from

from mqbench_charts.grouping import (
    RATE_AXIS,
    SIZE_AXIS,
    families,
    sweep_axis,
    workload_groups,
)


def _run(name="misleading-name.json", **kwargs):
    return run_from(make_result(**kwargs), name)


def test_paper_style_size_study_lines_up_in_one_family_per_driver():
    # One workload file per size, as in the 2023 paper; names differ, the setup does not.
    runs = [_run(driver=d, workload=f"max-{size}b", message_size=size, mode="max-rate",
                 publish_rates=[rate] * 3)
            for d, base in (("Kafka", 100000.0), ("Redis", 20000.0))
            for size, rate in ((100, base), (1024, base / 2), (10240, base / 10))]
    (family,) = families(runs, SIZE_AXIS)
    assert family.drivers == ["Kafka", "Redis"]
    assert family.distinct_x() == [100.0, 1024.0, 10240.0]
    assert [p.x for p in family.series["Kafka"]] == [100.0, 1024.0, 10240.0]
    assert [p.mean(lambda r: r.publish_rate.mean) for p in family.series["Redis"]] == pytest.approx(
        [20000.0, 10000.0, 2000.0])


def test_rate_sweep_uses_target_rate_and_keeps_sizes_apart():
    runs = [_run(driver="Kafka", workload="sweep", target_rate=r, sweep_point={"producerRate": r},
                 sweep_name="rates", message_size=size)
            for r in (1000.0, 2000.0, 4000.0) for size in (1024, 32768)]
    fams = families(runs, RATE_AXIS)
    assert len(fams) == 2                                   # one per message size
    assert {f.params["messageSize"] for f in fams} == {1024, 32768}
    for fam in fams:
        assert fam.distinct_x() == [1000.0, 2000.0, 4000.0]
        assert {p.basis for p in fam.series["Kafka"]} == {"target"}


def test_file_names_do_not_matter():
    a = [_run(name="kafka-1kb.json", driver="Kafka", message_size=1024),
         _run(name="kafka-1kb-copy.json", driver="Redis", message_size=1024)]
    b = [_run(name="x.json", driver="Kafka", message_size=1024),
         _run(name="y.json", driver="Redis", message_size=1024)]
    shape = lambda runs: [(f.distinct_x(), f.drivers) for f in families(runs, SIZE_AXIS)]  # noqa: E731
    assert shape(a) == shape(b) == [([1024.0], ["Kafka", "Redis"])]


def test_same_x_under_different_workload_names_splits_the_family():
    # Plain OMB files: a 5k-msg/s run and a max-rate run look alike except for the workload name.
    runs = [_run(driver=d, workload=w, omb=True, publish_rates=[r] * 3)
            for d in ("Kafka", "Redis") for w, r in (("fixed5k", 5000.0), ("max", 50000.0))]
    fams = families(runs, SIZE_AXIS)
    assert sorted(tuple(f.workloads) for f in fams) == [("fixed5k",), ("max",)]
    # Against rate they form one family: each driver has two points (achieved rates).
    (rate_family,) = families(runs, RATE_AXIS)
    assert [p.x for p in rate_family.series["Kafka"]] == [5000.0, 50000.0]
    assert {p.basis for p in rate_family.series["Kafka"]} == {"achieved"}


def test_repeats_are_one_point_with_the_mean():
    runs = [_run(driver="Kafka", workload="w", publish_rates=[r] * 3, target_rate=1000.0,
                 e2e={**_E2E, "99": p99}) for r, p99 in ((900.0, 10.0), (1100.0, 20.0))]
    (family,) = families(runs, RATE_AXIS)
    (point,) = family.series["Kafka"]
    assert len(point.runs) == 2
    assert point.mean(lambda r: r.publish_rate.mean) == pytest.approx(1000.0)
    assert point.mean(lambda r: r.latency["endToEnd"]["99"]) == pytest.approx(15.0)


def test_other_sweep_fields_get_their_own_axis():
    runs = [_run(driver="Kafka", workload="parts", sweep_point={"partitionsPerTopic": p}, sweep_name="p")
            for p in (1, 4, 16)]
    (family,) = families(runs, sweep_axis("partitionsPerTopic"))
    assert family.distinct_x() == [1.0, 4.0, 16.0]
    # ... and they separate families on the other axes.
    assert len(families(runs, SIZE_AXIS)) == 3


def test_workload_groups_collect_the_drivers_of_one_test():
    runs = [_run(driver=d, workload=w) for d in ("Kafka", "Redis") for w in ("a", "b")]
    groups = workload_groups(runs)
    assert [(g.workload, sorted(r.driver for r in g.runs)) for g in groups] == [
        ("a", ["Kafka", "Redis"]), ("b", ["Kafka", "Redis"])]


_E2E = {"avg": 6.0, "50": 5.0, "75": 6.0, "95": 8.0, "99": 10.0, "99.9": 20.0, "99.99": 30.0, "max": 40.0}


def _sweep_run(driver, base, point, **kwargs):
    label = ", ".join(f"{k}={v}" for k, v in point.items())
    result = make_result(driver=driver, workload=f"{base} ({label})", sweep_name=base, sweep_point=point, **kwargs)
    if "producerRateBytes" in point:
        result["workloadConfig"]["producerRateBytes"] = point["producerRateBytes"]
    return run_from(result, f"{driver}-{label}.json")


def test_paper_latency_sweep_in_mb_per_second_is_one_family():
    # As mqbench writes the 2023 paper's latency sweep: 32 KB at 1, 3, 6 MB/s = 32, 96, 192 msg/s.
    runs = [_sweep_run(d, "paper-2023-latency", {"producerRateBytes": f"{mb}MB/s"}, message_size=32768,
                       target_rate=mb * 32.0, publish_rates=[mb * 32.0] * 3)
            for d in ("Kafka", "Redis") for mb in (1, 3, 6)]
    (family,) = families(runs, RATE_AXIS)
    assert family.distinct_x() == [32.0, 96.0, 192.0]
    assert family.drivers == ["Kafka", "Redis"]
    assert family.description().startswith("sweep paper-2023-latency · 32 KB messages")
    # On the size axis every point is its own setup: no chart mixes the rates.
    assert all(not f.is_sweep for f in families(runs, SIZE_AXIS))


def test_paper_throughput_sweep_over_message_size_is_one_family():
    runs = [_sweep_run(d, "paper-2023-throughput", {"messageSize": size}, message_size=size, mode="max-rate",
                       publish_rates=[1e6 / size] * 3)
            for d in ("Kafka", "Redis") for size in (100, 1024, 10240)]
    (family,) = families(runs, SIZE_AXIS)
    assert family.distinct_x() == [100.0, 1024.0, 10240.0] and family.is_sweep
    assert "max rate" in family.description()
