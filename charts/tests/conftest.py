"""Synthetic results with known numbers, and paths to real ones.

`make_result` writes every field of OMB's TestResult (and, unless omb=True, mqbench's
additions) so tests can assert exactly what ends up in a chart or a table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hdrh.histogram import HdrHistogram

DATA = Path(__file__).parent / "data"
MQBENCH_TWO_DRIVERS = DATA / "mqbench-two-drivers"
MQBENCH_MAX_RATE = DATA / "mqbench-max-rate"
# Written by bin/benchmark (result format 2): a latency-bounded search on the loopback driver with a
# 5 ms delay and a consumer capacity of 5 000 msg/s.
MQBENCH_SEARCH = DATA / "mqbench-max-rate-search"
# Written by upstream OMB's own drivers (Kafka and Redis here; Artemis and RabbitMQ in omb-more):
# 1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, 60 s; *-max at producerRate 10000000, *-fixed5k
# at 5 000 msg/s.
OMB_DIR = DATA / "omb"
OMB_MORE = DATA / "omb-more"

SUFFIXES = {"50": "50pct", "75": "75pct", "95": "95pct", "99": "99pct", "99.9": "999pct", "99.99": "9999pct"}
DEFAULT_E2E = {"avg": 6.0, "50": 5.0, "75": 6.0, "95": 8.0, "99": 10.0, "99.9": 20.0, "99.99": 30.0, "max": 40.0}
DEFAULT_PUB = {"avg": 1.5, "50": 1.0, "75": 1.2, "95": 2.0, "99": 3.0, "99.9": 5.0, "99.99": 8.0, "max": 9.0}
DEFAULT_DELAY = {"avg": 60, "50": 50, "75": 60, "95": 80, "99": 100, "99.9": 200, "99.99": 300, "max": 400}


def encode_histogram(values_us, counts=None) -> str:
    """Java-compatible compressed, base64 HdrHistogram of the given microsecond values."""
    histogram = HdrHistogram(1, 3_600_000_000, 3)
    for index, value in enumerate(values_us):
        histogram.record_value(int(value), counts[index] if counts else 1)
    return histogram.encode().decode("ascii")


def _latency_fields(prefix_agg, prefix_period, values, periods, per_period=None):
    fields = {}
    for key, suffix in list(SUFFIXES.items()) + [("avg", "Avg"), ("max", "Max")]:
        fields[f"{prefix_agg}{suffix}"] = values[key]
        series = (per_period or {}).get(key)
        fields[f"{prefix_period}{suffix}"] = list(series) if series is not None else [values[key]] * periods
    return fields


def make_result(driver="Kafka", workload="wl", message_size=1024, publish_rates=(1000.0, 1000.0, 1000.0),
                consume_rates=None, backlog=None, e2e=None, pub=None, delay=None, e2e_periods=None,
                pub_periods=None, omb=False, mode="fixed-rate", target_rate=1000.0, sweep_point=None,
                sweep_name=None, histograms=None, period_seconds=None, status="complete",
                start_time="2026-01-01T00:00:00Z", extra=None) -> dict:
    periods = len(publish_rates)
    e2e, pub, delay = e2e or DEFAULT_E2E, pub or DEFAULT_PUB, delay or DEFAULT_DELAY
    consume_rates = list(consume_rates if consume_rates is not None else publish_rates)
    result = {
        "workload": workload, "driver": driver, "messageSize": message_size, "topics": 1, "partitions": 1,
        "producersPerTopic": 1, "consumersPerTopic": 1,
        "publishRate": list(publish_rates), "publishErrorRate": [0.0] * periods, "consumeRate": consume_rates,
        "backlog": list(backlog if backlog is not None else [0] * periods),
    }
    result.update(_latency_fields("aggregatedPublishLatency", "publishLatency", pub, periods, pub_periods))
    result.update(_latency_fields("aggregatedPublishDelayLatency", "publishDelayLatency", delay, periods))
    result.update(_latency_fields("aggregatedEndToEndLatency", "endToEndLatency", e2e, periods, e2e_periods))
    result["aggregatedPublishLatencyQuantiles"] = {"50.0": pub["50"], "99.0": pub["99"]}
    result["aggregatedPublishDelayLatencyQuantiles"] = {"50.0": delay["50"]}
    result["aggregatedEndToEndLatencyQuantiles"] = {"50.0": e2e["50"], "99.0": e2e["99"]}
    if omb:
        return result
    seconds = list(period_seconds or [10.0] * periods)
    measured = sum(seconds)
    sent = sum(r * s for r, s in zip(publish_rates, seconds))
    received = sum(r * s for r, s in zip(consume_rates, seconds))
    mean = sent / measured if measured else 0.0

    def spread(values, total):
        if not values:                              # an aborted run: no period was completed
            return {"mean": 0.0, "stddev": 0.0, "min": 0.0, "max": 0.0}
        average = sum(values) / len(values)
        return {"mean": total / measured, "stddev": (sum((v - average) ** 2 for v in values) / len(values)) ** 0.5,
                "min": min(values), "max": max(values)}

    result.update({
        "mqbenchResultVersion": 1, "mqbenchVersion": "0.1.0-test", "status": status,
        "startTime": start_time, "endTime": "2026-01-01T00:01:00Z", "mode": mode,
        "targetRate": target_rate if target_rate is not None else mean, "periodSeconds": seconds,
        "summary": {"measuredSeconds": measured, "messagesSent": int(sent), "messagesReceived": int(received),
                    "sendErrors": 0, "publishRate": spread(list(publish_rates), sent),
                    "consumeRate": spread(consume_rates, received),
                    "publishThroughputMBps": mean * message_size / 2 ** 20,
                    "consumeThroughputMBps": (received / measured if measured else 0.0) * message_size / 2 ** 20},
        "delivery": {"checked": True, "confirmedMessages": int(sent), "expectedDeliveries": int(sent),
                     "deliveries": int(sent), "uniqueDeliveries": int(sent), "lost": 3, "duplicated": 2,
                     "outOfOrder": 1, "drained": True, "drainSeconds": 0.1},
        "negativeEndToEndLatencies": 0,
        "workloadFile": f"workloads/{workload}.yaml",
        "workloadConfig": {"name": workload, "topics": 1, "partitionsPerTopic": 1, "messageSize": message_size,
                           "subscriptionsPerTopic": 1, "producersPerTopic": 1, "consumerPerSubscription": 1,
                           "producerRate": 0 if mode == "max-rate" else int(target_rate or 0)},
        "driverFile": f"driver-{driver.lower()}/{driver.lower()}.yaml",
        "driverConfig": {"name": driver, "driverClass": "x.y.Driver", "password": "*****"},
        "driverMetadata": {"client": "client-1.2.3", "broker": f"{driver} 9.9"},
        "host": {"hostname": "testhost", "cores": 2, "memoryBytes": 2 ** 34, "os": "Linux 6 amd64",
                 "jvm": "OpenJDK 17", "jvmMaxHeapBytes": 2 ** 32},
        "workers": ["local"],
    })
    if sweep_point is not None:
        result["sweepPoint"] = sweep_point
    if sweep_name is not None:
        result["sweepName"] = sweep_name
    if histograms is not None:
        result["histograms"] = {"unit": "microseconds", **histograms}
    result.update(extra or {})
    return result


@pytest.fixture
def write_result(tmp_path):
    """Writes a result dict to a JSON file under tmp_path and returns its path."""
    counter = {"n": 0}

    def write(result: dict, name: str | None = None, folder: Path | None = None) -> Path:
        counter["n"] += 1
        target = (folder or tmp_path)
        target.mkdir(parents=True, exist_ok=True)
        path = target / (name or f"result-{counter['n']:03d}.json")
        path.write_text(json.dumps(result), encoding="utf-8")
        return path

    return write


def run_from(result: dict, name="synthetic.json"):
    from mqbench_charts.runs import Run
    return Run.from_json(result, Path(name))


@pytest.fixture
def make_run():
    def build(**kwargs):
        return run_from(make_result(**kwargs), kwargs.get("workload", "wl") + ".json")
    return build
