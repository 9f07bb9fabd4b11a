"""Which runs go into one chart, decided from fields in the results, never from file names.

A run's *setup* is what was run apart from the driver: message size, topics, partitions,
producers and consumers, the rate asked for, the sweep it belongs to and its sweep point.
A chart "Y against X" shows a *family*: runs whose setups agree on everything except X, one
series per driver. Workload names are ignored at first, because a paper-style study names
one workload file per size or rate ("max-1kb", "max-10kb") and those must line up in one
series; they only split a family when one driver has two runs at the same X under different
workload names (e.g. plain OMB files, which do not record the rate asked for). Runs of the
same driver, workload and X are repeats; a point shows their mean.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .formatting import format_bytes, format_number, natural_key
from .runs import Run

# Sweep-point keys that mean one of the built-in axes.
SIZE_KEYS = {"messageSize"}
RATE_KEYS = {"producerRate", "producerRateBytes", "targetRate", "rate"}
# Workload fields (mqbench's workloadConfig) that change what is measured besides the axes.
SETUP_FIELDS = ("subscriptionsPerTopic", "keyDistributor", "consumerBacklogSizeGB", "backlogDrainRatio",
                "useRandomizedPayloads", "randomBytesRatio", "producerBatchSize", "maxOutstandingSends",
                "messageCount")


def _rate_asked(run: Run, config: dict) -> Any:
    # In the user's own terms: "10MB/s" stays one setting across a size sweep even though it
    # means a different msg/s target for every size.
    if isinstance(config.get("producerRateBytes"), str) and config["producerRateBytes"]:
        return config["producerRateBytes"]
    if run.requested_rate is not None:
        return run.requested_rate
    return "max" if run.mode == "max-rate" else None


def setup_params(run: Run) -> dict[str, Any]:
    config = run.raw.get("workloadConfig") if isinstance(run.raw.get("workloadConfig"), dict) else {}
    params: dict[str, Any] = {
        "messageSize": run.message_size,
        "topics": run.topics,
        "partitions": run.partitions,
        "producersPerTopic": run.producers_per_topic,
        "consumersPerTopic": run.consumers_per_topic,
        "mode": run.mode,
        "rate": _rate_asked(run, config),
        "sweepName": run.sweep_name,
    }
    for name in SETUP_FIELDS:
        if config.get(name) is not None:
            params[name] = config[name]
    for name, value in (run.sweep_point or {}).items():
        if name not in SIZE_KEYS and name not in RATE_KEYS:
            params["sweep:" + name] = value
    return params


@dataclass(frozen=True)
class Axis:
    key: str
    title: str            # "message size"
    label: str            # axis label with unit
    excluded: tuple       # setup params that vary along this axis
    value: Callable[[Run], tuple[float | None, str]] = field(compare=False)
    log_base: int = 10


def _size(run: Run) -> tuple[float | None, str]:
    return (float(run.message_size), "") if run.message_size > 0 else (None, "")


def _rate(run: Run) -> tuple[float | None, str]:
    # A rate that was asked for is the natural x; max-rate runs and OMB files (which do not
    # record it) are placed at the rate they achieved, and the tables say which is which.
    if run.requested_rate is not None:
        return run.requested_rate, "target"
    mean = run.publish_rate.mean
    return (mean, "achieved") if np.isfinite(mean) and mean > 0 else (None, "")


SIZE_AXIS = Axis("messageSize", "message size", "message size (bytes; KB = 1024 B)",
                 ("messageSize",), _size, log_base=2)
RATE_AXIS = Axis("rate", "rate", "publish rate (msg/s): target, or achieved where none was set",
                 ("rate", "mode"), _rate)


def sweep_axis(name: str) -> Axis:
    def value(run: Run) -> tuple[float | None, str]:
        raw = (run.sweep_point or {}).get(name)
        return (float(raw), "") if isinstance(raw, (int, float)) and not isinstance(raw, bool) else (None, "")
    return Axis("sweep:" + name, name, name + " (sweep point)", ("sweep:" + name,), value)


def extra_sweep_axes(runs: list[Run]) -> list[Axis]:
    """Axes for swept workload fields other than message size and rate (e.g. partitions)."""
    names = sorted({k for r in runs for k in (r.sweep_point or {}) if k not in SIZE_KEYS | RATE_KEYS})
    return [sweep_axis(n) for n in names]


@dataclass
class Point:
    x: float
    basis: str            # "target" / "achieved" for the rate axis
    runs: list[Run]

    def mean(self, get: Callable[[Run], float]) -> float:
        values = np.array([get(r) for r in self.runs], dtype=float)
        values = values[np.isfinite(values)]
        return float(values.mean()) if values.size else float("nan")


@dataclass
class Family:
    axis: Axis
    params: dict                      # the setup shared by every run (excluding the axis)
    workloads: list[str]
    series: dict[str, list[Point]]    # driver -> points sorted by x

    @property
    def runs(self) -> list[Run]:
        return [r for points in self.series.values() for p in points for r in p.runs]

    @property
    def drivers(self) -> list[str]:
        return sorted(self.series)

    @property
    def is_sweep(self) -> bool:
        """Some driver has two or more points (achieved rates differ per driver, so distinct x
        values alone do not make a sweep)."""
        return any(len(points) >= 2 for points in self.series.values())

    def distinct_x(self) -> list[float]:
        return sorted({p.x for points in self.series.values() for p in points})

    def description(self) -> str:
        return describe(self.params, self.workloads)


def _frozen(params: dict, excluded: tuple) -> str:
    return json.dumps({k: v for k, v in params.items() if k not in excluded}, sort_keys=True, default=str)


def families(runs: list[Run], axis: Axis) -> list[Family]:
    buckets: dict[str, list[tuple[Run, float, str]]] = defaultdict(list)
    for run in runs:
        x, basis = axis.value(run)
        if x is None:
            continue
        buckets[_frozen(setup_params(run), axis.excluded)].append((run, x, basis))
    result = []
    for key in sorted(buckets, key=natural_key):
        members = buckets[key]
        names_at: dict[tuple, set] = defaultdict(set)
        for run, x, _ in members:
            names_at[(run.driver, x)].add(run.workload)
        if any(len(names) > 1 for names in names_at.values()):
            by_name: dict[str, list] = defaultdict(list)
            for member in members:
                by_name[member[0].workload].append(member)
            parts = [by_name[n] for n in sorted(by_name, key=natural_key)]
        else:
            parts = [members]
        for part in parts:
            result.append(_family(axis, part))
    return result


def _family(axis: Axis, members: list[tuple[Run, float, str]]) -> Family:
    points: dict[str, dict[float, Point]] = defaultdict(dict)
    for run, x, basis in members:
        point = points[run.driver].setdefault(x, Point(x, basis, []))
        point.runs.append(run)
    params = {k: v for k, v in setup_params(members[0][0]).items() if k not in axis.excluded}
    return Family(axis=axis, params=params,
                  workloads=sorted({m[0].workload for m in members}),
                  series={d: [p[x] for x in sorted(p)] for d, p in sorted(points.items())})


@dataclass
class Group:
    """Runs of one workload at one sweep point (any driver): what distribution charts overlay."""
    workload: str
    params: dict
    runs: list[Run]

    def description(self) -> str:
        return describe(self.params, [self.workload])


def workload_groups(runs: list[Run]) -> list[Group]:
    buckets: dict[str, list[Run]] = defaultdict(list)
    for run in runs:
        buckets[json.dumps([run.workload, setup_params(run)], sort_keys=True, default=str)].append(run)
    return [Group(json.loads(k)[0], setup_params(v[0]), v) for k, v in sorted(buckets.items(), key=lambda kv: natural_key(kv[0]))]


def describe(params: dict, workloads: list[str]) -> str:
    """A one-line account of a setup, e.g. for chart titles."""
    parts = []
    if params.get("sweepName"):
        parts.append(f"sweep {params['sweepName']}")
    if workloads and not params.get("sweepName"):
        # A sweep's workload names only repeat its name with the point's values.
        shown = workloads if len(workloads) <= 3 else workloads[:3] + [f"+{len(workloads) - 3} more"]
        parts.append("workload " + ", ".join(shown))
    if "messageSize" in params:
        parts.append(format_bytes(params["messageSize"]) + " messages")
    if "topics" in params:
        parts.append(f"{params['topics']} topic(s) × {params['partitions']} partition(s)")
    if "producersPerTopic" in params:
        parts.append(f"{params['producersPerTopic']} producer(s), {params['consumersPerTopic']} consumer(s) per topic")
    if "rate" in params and params["rate"] is not None:
        rate = params["rate"]
        if rate == "max":
            parts.append("max rate")
        elif isinstance(rate, str):
            parts.append(f"{rate} target")
        else:
            parts.append(f"{format_number(rate)} msg/s target")
    for name, value in params.items():
        if name.startswith("sweep:"):
            parts.append(f"{name[6:]}={value}")
    return " · ".join(parts)


def run_labels(runs: list[Run]) -> dict[int, str]:
    """Legend labels: the driver name, told apart by start time (or file name, for OMB files
    that record none) only when one driver has several runs in the same chart."""
    count: dict[str, int] = defaultdict(int)
    for run in runs:
        count[run.driver] += 1
    labels = {}
    for run in runs:
        label = run.driver
        if count[run.driver] > 1:
            label += " · " + (run.start_time[:19].replace("T", " ") if run.start_time else run.path.name)
        if not run.complete:
            label += f" ({run.status})"
        labels[id(run)] = label
    return labels
