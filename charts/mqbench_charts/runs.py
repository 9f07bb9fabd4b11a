"""One result file, normalised so every chart reads mqbench and plain OMB results alike.

OMB's TestResult fields are always read the same way; mqbench's additions are optional and
every accessor says what it falls back to when a plain OMB file lacks them (OMB periods are
10 s long, OMB has no target rate, no status, no histograms).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

MIB = 1024 * 1024  # "MB" everywhere in mqbench means 2^20 bytes, as in the 2023 paper
OMB_PERIOD_SECONDS = 10.0

# (label used in tables and JSON, suffix of OMB's field names). Some OMB branches also write
# 99.999 (…99999pct); it is read when present and NaN otherwise.
PERCENTILES = (("50", "50pct"), ("75", "75pct"), ("95", "95pct"), ("99", "99pct"),
               ("99.9", "999pct"), ("99.99", "9999pct"), ("99.999", "99999pct"))


@dataclass(frozen=True)
class LatencyKind:
    key: str          # key in Run.latency and in mqbench's "histograms" object
    field: str        # OMB field infix: aggregated<field>50pct, <field lowercase first>50pct
    label: str
    unit: str         # unit of the OMB fields
    micros_per_unit: float  # histograms are in microseconds

    @property
    def period_prefix(self) -> str:
        return self.field[0].lower() + self.field[1:]


LATENCY_KINDS = {
    "endToEnd": LatencyKind("endToEndLatency", "EndToEndLatency", "end-to-end latency", "ms", 1000.0),
    "publish": LatencyKind("publishLatency", "PublishLatency", "publish latency", "ms", 1000.0),
    "publishDelay": LatencyKind("publishDelayLatency", "PublishDelayLatency", "publish delay", "µs", 1.0),
}


@dataclass
class Spread:
    """Mean over the measured window and the spread of the per-period values."""
    mean: float
    stddev: float
    min: float
    max: float
    periods: int


def _float(value: Any) -> float:
    if value is None:
        return math.nan
    return float(value)


def _floats(values: Any) -> np.ndarray:
    if not isinstance(values, list):
        return np.array([], dtype=float)
    return np.array([_float(v) for v in values], dtype=float)


def _population_stddev(values: np.ndarray) -> float:
    # Same formula as mqbench's Java summary (population, not sample), so a recomputed
    # spread for an OMB file is comparable with a stored one.
    finite = values[np.isfinite(values)]
    return float(np.std(finite)) if finite.size else math.nan


@dataclass
class Run:
    path: Path
    raw: dict
    driver: str
    workload: str
    message_size: int
    topics: int
    partitions: int
    producers_per_topic: int
    consumers_per_topic: int
    mqbench: bool
    status: str | None
    mode: str | None
    target_rate: float | None
    sweep_name: str | None
    sweep_point: dict | None
    start_time: str | None
    period_seconds: np.ndarray = field(repr=False)
    publish_rate: Spread = field(repr=False)
    consume_rate: Spread = field(repr=False)
    latency: dict = field(repr=False)      # kind -> {"avg", "50", ..., "99.99", "max"} -> value in kind's unit
    histograms: dict = field(repr=False)   # kind -> base64 HdrHistogram (mqbench only)

    # ---- construction ----

    @classmethod
    def from_json(cls, raw: dict, path: Path) -> "Run":
        publish = _floats(raw.get("publishRate"))
        consume = _floats(raw.get("consumeRate"))
        periods = _floats(raw.get("periodSeconds"))
        if periods.size != publish.size:
            periods = np.full(publish.size, OMB_PERIOD_SECONDS)
        summary = raw.get("summary") if isinstance(raw.get("summary"), dict) else {}
        sweep_point = raw.get("sweepPoint") if isinstance(raw.get("sweepPoint"), dict) else None
        target = raw.get("targetRate")
        run = cls(
            path=Path(path),
            raw=raw,
            driver=str(raw.get("driver")),
            workload=str(raw.get("workload")),
            message_size=int(raw.get("messageSize") or 0),
            topics=int(raw.get("topics") or 0),
            partitions=int(raw.get("partitions") or 0),
            producers_per_topic=int(raw.get("producersPerTopic") or 0),
            consumers_per_topic=int(raw.get("consumersPerTopic") or 0),
            mqbench="mqbenchResultVersion" in raw,
            status=raw.get("status"),
            mode=raw.get("mode"),
            target_rate=float(target) if isinstance(target, (int, float)) and target > 0 else None,
            sweep_name=raw.get("sweepName"),
            sweep_point=sweep_point or None,
            start_time=raw.get("startTime"),
            period_seconds=periods,
            publish_rate=_spread(summary.get("publishRate"), publish, periods),
            consume_rate=_spread(summary.get("consumeRate"), consume, periods),
            latency={kind: _aggregated(raw, spec, measured=publish.size > 0) for kind, spec in LATENCY_KINDS.items()},
            histograms=_histograms(raw),
        )
        return run

    # ---- derived values ----

    @property
    def requested_rate(self) -> float | None:
        """The rate asked for, msg/s; None for max-rate runs and for OMB files (not recorded)."""
        if self.mode == "max-rate":
            return None
        return self.target_rate

    @property
    def publish_mbps(self) -> float:
        stored = (self.raw.get("summary") or {}).get("publishThroughputMBps")
        if isinstance(stored, (int, float)) and self.period_seconds.size:
            return float(stored)
        return self.publish_rate.mean * self.message_size / MIB

    @property
    def consume_mbps(self) -> float:
        stored = (self.raw.get("summary") or {}).get("consumeThroughputMBps")
        if isinstance(stored, (int, float)) and self.period_seconds.size:
            return float(stored)
        return self.consume_rate.mean * self.message_size / MIB

    def period_values(self, name: str) -> np.ndarray:
        """A per-period list of the result (e.g. 'endToEndLatency99pct') as floats."""
        return _floats(self.raw.get(name))

    def period_latency(self, kind: str, percentile: str) -> np.ndarray:
        spec = LATENCY_KINDS[kind]
        suffix = {"avg": "Avg", "max": "Max"}.get(percentile) or dict(PERCENTILES)[percentile]
        return self.period_values(spec.period_prefix + suffix)

    def samples(self) -> "Samples | None":
        """The measured window second by second (mqbench results from 0.2 on), or None."""
        stored = self.raw.get("samples")
        if not isinstance(stored, dict) or not isinstance(stored.get("second"), list) or len(stored["second"]) < 2:
            return None
        return Samples(stored)

    def elapsed(self) -> np.ndarray:
        """Seconds since the start of the measured window at the end of each period."""
        return np.cumsum(self.period_seconds)

    @property
    def display_status(self) -> str:
        return self.status or "unknown (OMB result)"

    @property
    def complete(self) -> bool:
        return self.status in (None, "complete")

    def sweep_text(self) -> str:
        if not self.sweep_point:
            return ""
        return ", ".join(f"{k}={v}" for k, v in self.sweep_point.items())

    def identity(self) -> tuple:
        """Which runs are "the same test": driver, workload and sweep point (never the file name)."""
        point = tuple(sorted((str(k), str(v)) for k, v in (self.sweep_point or {}).items()))
        return (self.driver, self.workload, self.sweep_name or "", point)


class Samples:
    """A result's second-by-second samples: the same names and units as its per-period lists."""

    def __init__(self, stored: dict):
        self._stored = stored
        self.seconds = _floats(stored.get("second"))

    def values(self, name: str) -> np.ndarray:
        values = _floats(self._stored.get(name))
        return values if values.size == self.seconds.size else np.full(self.seconds.size, np.nan)

    def latency(self, kind: str, percentile: str) -> np.ndarray:
        spec = LATENCY_KINDS[kind]
        suffix = {"avg": "Avg", "max": "Max"}.get(percentile) or dict(PERCENTILES)[percentile]
        return self.values(spec.period_prefix + suffix)


def _spread(stored: Any, values: np.ndarray, periods: np.ndarray) -> Spread:
    if values.size == 0:
        # No period measured (a run stopped before its first ended): its file's summary says 0, which is
        # not a rate anything achieved.
        return Spread(math.nan, math.nan, math.nan, math.nan, 0)
    finite = np.isfinite(values)
    if isinstance(stored, dict) and "mean" in stored:
        return Spread(_float(stored.get("mean")), _float(stored.get("stddev")),
                      _float(stored.get("min")), _float(stored.get("max")), int(values.size))
    if not finite.any():
        return Spread(math.nan, math.nan, math.nan, math.nan, 0)
    # Without mqbench's summary: time-weighted mean of the periods, i.e. messages / seconds.
    weights = periods[finite]
    mean = float(np.sum(values[finite] * weights) / np.sum(weights))
    return Spread(mean, _population_stddev(values), float(np.min(values[finite])),
                  float(np.max(values[finite])), int(finite.sum()))


def _aggregated(raw: dict, spec: LatencyKind, measured: bool) -> dict:
    """The whole run's latencies of one kind; unknown (NaN) if no period was measured, where the
    file has OMB's plain-number zeros (a report would show the lowest latency of all)."""
    if not measured:
        return {label: math.nan for label in ("avg", "max", *dict(PERCENTILES))}
    values = {"avg": _float(raw.get(f"aggregated{spec.field}Avg")),
              "max": _float(raw.get(f"aggregated{spec.field}Max"))}
    for label, suffix in PERCENTILES:
        values[label] = _float(raw.get(f"aggregated{spec.field}{suffix}"))
    return values


def _histograms(raw: dict) -> dict:
    stored = raw.get("histograms")
    if not isinstance(stored, dict):
        return {}
    if stored.get("unit", "microseconds") != "microseconds":
        return {}  # a unit this reader does not know: better no distribution than a wrong one
    return {kind: stored[spec.key] for kind, spec in LATENCY_KINDS.items()
            if isinstance(stored.get(spec.key), str) and stored[spec.key]}
