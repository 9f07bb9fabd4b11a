"""Comparing runs: the same metrics side by side, relative changes, and regression verdicts.

A change counts as a regression only when it is worse than the threshold AND larger than
the noise of the two runs. The noise of a metric is read from the run itself: each result
holds one value per 10-s period (publishRate, endToEndLatency99pct, ...), and the standard
deviation of those values says how much the metric moves while nothing changes. The
band is noise_factor x sqrt(sd_a^2 + sd_b^2): deliberately the spread of single periods,
not the standard error of the mean, because consecutive periods of one run are correlated
and two runs differ by more than their periods do (JIT, page cache, broker state).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .runs import Run

# Differences at or below a histogram's resolution (1 µs, i.e. 0.001 ms) are never regressions.
LATENCY_RESOLUTION_MS = 0.001


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    unit: str
    higher_is_better: bool
    key_metric: bool                          # counted for the exit status
    value: Callable[[Run], float]
    spread: Callable[[Run], float]            # stddev of the per-period values
    resolution: float = 0.0
    optional: bool = False                    # a row only when some run has the value


def _period_sd(values: np.ndarray) -> float:
    finite = values[np.isfinite(values)]
    return float(np.std(finite)) if finite.size >= 2 else math.nan


def _latency(kind: str, percentile: str, label: str, key_metric: bool, optional: bool = False) -> Metric:
    return Metric(f"{kind}{percentile}", f"{label} p{percentile}" if percentile not in ("avg", "max") else
                  f"{label} {percentile}", "ms", False, key_metric,
                  lambda r: r.latency[kind][percentile],
                  lambda r: _period_sd(r.period_latency(kind, percentile)),
                  LATENCY_RESOLUTION_MS, optional)


METRICS: tuple[Metric, ...] = (
    Metric("publishRate", "publish rate", "msg/s", True, True,
           lambda r: r.publish_rate.mean, lambda r: _period_sd(r.period_values("publishRate"))),
    Metric("consumeRate", "consume rate", "msg/s", True, True,
           lambda r: r.consume_rate.mean, lambda r: _period_sd(r.period_values("consumeRate"))),
    Metric("publishMBps", "publish throughput", "MB/s", True, False,
           lambda r: r.publish_mbps,
           lambda r: _period_sd(r.period_values("publishRate") * r.message_size / (1024 * 1024))),
    _latency("endToEnd", "50", "end-to-end latency", True),
    _latency("endToEnd", "75", "end-to-end latency", False),
    _latency("endToEnd", "95", "end-to-end latency", True),
    _latency("endToEnd", "99", "end-to-end latency", True),
    _latency("endToEnd", "99.9", "end-to-end latency", False),
    _latency("endToEnd", "99.99", "end-to-end latency", False),
    _latency("endToEnd", "99.999", "end-to-end latency", False, optional=True),
    _latency("endToEnd", "max", "end-to-end latency", False),
    _latency("publish", "50", "publish latency", True),
    _latency("publish", "95", "publish latency", True),
    _latency("publish", "99", "publish latency", True),
    _latency("publish", "99.9", "publish latency", False),
    _latency("publish", "99.999", "publish latency", False, optional=True),
)

REGRESSION, IMPROVEMENT, NOISE = "regression", "improvement", "within noise"


@dataclass
class Cell:
    value: float
    spread: float
    change: float | None = None       # relative to the baseline (first column)
    noise: float | None = None        # the band the change had to exceed
    verdict: str | None = None        # REGRESSION / IMPROVEMENT / NOISE / None (below threshold)


@dataclass
class Row:
    metric: Metric
    cells: list[Cell]


@dataclass
class Comparison:
    title: str
    runs: list[Run]
    rows: list[Row] = field(default_factory=list)

    def regressions(self) -> list[tuple[Row, int]]:
        return [(row, i) for row in self.rows if row.metric.key_metric
                for i, cell in enumerate(row.cells) if cell.verdict == REGRESSION]


def relative_change(base: float, value: float) -> float | None:
    if not (math.isfinite(base) and math.isfinite(value)):
        return None
    if base == 0:
        return 0.0 if value == 0 else math.copysign(math.inf, value)
    return (value - base) / abs(base)


def judge(metric: Metric, base: Cell, cell: Cell, threshold: float | None, noise_factor: float) -> None:
    cell.change = relative_change(base.value, cell.value)
    spreads = [s for s in (base.spread, cell.spread) if math.isfinite(s)]
    cell.noise = noise_factor * math.sqrt(sum(s * s for s in spreads)) if spreads else 0.0
    if threshold is None or cell.change is None:
        return
    if abs(cell.change) <= threshold:
        return
    delta = cell.value - base.value
    if abs(delta) <= max(cell.noise, metric.resolution):
        cell.verdict = NOISE
        return
    worse = delta < 0 if metric.higher_is_better else delta > 0
    cell.verdict = REGRESSION if worse else IMPROVEMENT


def measured_nothing(run: Run) -> str | None:
    """Why a run has nothing to compare (an aborted run, or one stopped before its first period
    ended), or None. Its rates and latencies would read as zeros: "-100 % better" latencies and
    rate "regressions" that no broker ever showed."""
    if run.period_seconds.size > 0:
        return None
    reason = run.raw.get("statusReason")
    return f"{run.path.name} ({run.display_status}{': ' + str(reason) if reason else ''}) measured no period"


def compare(runs: list[Run], title: str, threshold: float | None, noise_factor: float = 1.0) -> Comparison:
    comparison = Comparison(title, runs)
    for metric in METRICS:
        cells = [Cell(float(metric.value(r)), float(metric.spread(r))) for r in runs]
        if metric.optional and not any(math.isfinite(c.value) for c in cells):
            continue
        for cell in cells[1:]:
            judge(metric, cells[0], cell, threshold, noise_factor)
        comparison.rows.append(Row(metric, cells))
    return comparison


def match_runs(sides: list[list[Run]]) -> tuple[list[tuple[str, list[Run]]], list[str]]:
    """Pairs up runs across the arguments.

    When every argument holds exactly one run, those runs are compared whatever they are.
    Otherwise runs are matched by driver, workload and sweep point (fields in the results);
    a test present in only some arguments is reported, not compared.
    """
    if all(len(side) == 1 for side in sides):
        runs = [side[0] for side in sides]
        return [(_title(runs[0]), runs)], []
    indexed = []
    for side in sides:
        by_identity: dict[tuple, Run] = {}
        for run in side:
            # Repeats of one test inside one argument: the latest run stands for it.
            previous = by_identity.get(run.identity())
            if previous is None or (run.start_time or "") >= (previous.start_time or ""):
                by_identity[run.identity()] = run
        indexed.append(by_identity)
    matched, unmatched = [], []
    keys = sorted(set().union(*[set(i) for i in indexed]))
    for key in keys:
        present = [i.get(key) for i in indexed]
        if all(present):
            matched.append((_title(present[0]), present))
        else:
            where = ", ".join(str(n + 1) for n, run in enumerate(present) if run)
            unmatched.append(f"{_title(next(r for r in present if r))}: only in argument(s) {where}")
    return matched, unmatched


def _title(run: Run) -> str:
    return " · ".join(x for x in (run.driver, run.workload, run.sweep_text()) if x)
