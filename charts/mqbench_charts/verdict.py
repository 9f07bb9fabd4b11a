"""The report's answer first: in each comparison, which driver did best, and whether delivery held.

A comparison is a family of runs (see grouping.py) with two drivers or more. Throughput is compared
where rates were searched or pushed (max-rate runs, plain OMB files): the highest mean publish
rate at each message size. Latency is compared where rates were fixed: the lowest end-to-end p50
and p99 at each rate, among the drivers that kept up (published within 2 % of the target); the
others are named, because a low latency at a rate not reached says nothing. So are the drivers
whose runs warned that latency was still settling when the measured phase began: their p99 is
mostly a start-up (a broker just started, a client's JIT), so the comparison is not yet the brokers'.

A run can also carry caveats, figures that mislead when read alone (`caveats`): a client that may
have set them, a search that did not settle, a rate found that the measured phase did not hold, a
system whose capacity moved during the search. The summary lists those runs, and the throughput
comparison names them beside its ranking, with the drivers whose repeats at a point (mean of
their runs) came out more than 5 % apart.

Delivery is judged per run by the same rule as the harness's warnings: lost (or not received
when the drain ended) and duplicated always count; out of order only where order is promised,
on a single-partition topic read by one consumer per subscription.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .formatting import format_bytes, format_number
from .grouping import RATE_AXIS, SIZE_AXIS, Family, families
from .runs import Run

KEEP_UP = 0.98  # a fixed-rate run kept up when it published at least this share of its target
TIE = 0.98      # drivers within 2 % of the best are named together: the runs' own noise is that large


@dataclass
class Cell:
    text: str
    bad: bool = False
    sort: float | None = None   # the number the column sorts by, where the text is not one


@dataclass
class Verdict:
    title: str
    description: str
    columns: list[str]
    rows: list[list[Cell]]


def delivery(run: Run) -> Cell:
    """OK, or what went wrong (bad), or why it was not checked."""
    if not run.mqbench:
        return Cell("not checked (OMB result)")
    checked = run.raw.get("delivery")
    if not isinstance(checked, dict) or not checked.get("checked"):
        return Cell("not checked")
    problems = []
    lost = checked.get("lost")
    if isinstance(lost, int) and lost > 0:
        problems.append(f"{lost:,} lost")
    elif lost is None and (checked.get("missing") or 0) > 0:
        problems.append(f"{checked['missing']:,} not received")
    if (checked.get("duplicated") or 0) > 0:
        problems.append(f"{checked['duplicated']:,} duplicated")
    if (checked.get("outOfOrder") or 0) > 0 and order_promised(run):
        problems.append(f"{checked['outOfOrder']:,} out of order")
    return Cell(", ".join(problems), bad=True) if problems else Cell("OK")


def order_promised(run: Run) -> bool:
    config = run.raw.get("workloadConfig") if isinstance(run.raw.get("workloadConfig"), dict) else {}
    consumers = config.get("consumerPerSubscription", run.consumers_per_topic)
    return run.partitions == 1 and consumers == 1


SETTLING = "latency was still settling when the measured phase began"  # the warning's words


def still_settling(run: Run) -> bool:
    """The run's measured phase began with latency still settling (its latencySettling says so; results
    written before that field existed, by the warning alone)."""
    judged = run.raw.get("latencySettling")
    if isinstance(judged, dict) and isinstance(judged.get("settled"), bool):
        return not judged["settled"]
    return any(isinstance(w, str) and SETTLING in w for w in run.raw.get("warnings") or [])


CAPACITY_MOVED = "the system's capacity moved during the search"  # the warning's first words


def capacity_moved(run: Run) -> bool:
    """The search's best sustainable trial achieved clearly more than the rate found (its rateDiscovery says so;
    results written before that field existed, by the warning alone)."""
    found = run.raw.get("rateDiscovery")
    moved = found.get("capacityMoved") if isinstance(found, dict) else None
    if isinstance(moved, bool):
        return moved
    return any(isinstance(w, str) and w.startswith(CAPACITY_MOVED) for w in run.raw.get("warnings") or [])


def caveats(run: Run) -> list[str]:
    """What makes the run's figures mislead when read alone, a few words each (its warnings say more)."""
    out = []
    if run.raw.get("clientBound") is True:
        out.append("client-bound")
    found = run.raw.get("rateDiscovery")
    if isinstance(found, dict):
        phases = [p for p in found.get("measuredPhases") or [] if isinstance(p, dict)]
        if found.get("foundRate") is not None and found.get("converged") is False:
            out.append("search did not settle")
        if phases and phases[-1].get("held") is False:
            out.append("rate found did not hold")
    if capacity_moved(run):
        out.append("capacity moved during the search")
    if still_settling(run):
        out.append("latency still settling")
    return out


REPEATS_APART = 0.05  # repeats further apart than this are a caveat of their mean (bin/benchmark --repeat says the same)


def repeats_apart(runs: list[Run]) -> float | None:
    """How far apart the mean publish rates of a driver's runs at one point are (highest over lowest, less 1); None for one run."""
    rates = [r.publish_rate.mean for r in runs]
    rates = [v for v in rates if isinstance(v, (int, float)) and math.isfinite(v)]
    if len(rates) < 2:
        return None
    return max(rates) / min(rates) - 1 if min(rates) > 0 else math.inf


def caveats_text(runs: list[Run]) -> str:
    """The caveats of a driver's runs at one point, each named once, and repeats too far apart."""
    seen: list[str] = []
    for run in runs:
        seen += [c for c in caveats(run) if c not in seen]
    apart = repeats_apart(runs)
    if apart is not None and apart > REPEATS_APART:
        seen.append(f"{len(runs)} repeats {100 * apart:.0f}% apart")
    return ", ".join(seen)


def delivery_problems(runs: list[Run]) -> list[Run]:
    return [r for r in runs if delivery(r).bad]


def _mean(runs: list[Run], get) -> float:
    values = [get(r) for r in runs]
    values = [v for v in values if isinstance(v, (int, float)) and math.isfinite(v)]
    return sum(values) / len(values) if values else float("nan")


def _compared(family: Family) -> bool:
    return len(family.drivers) >= 2


def _at(family: Family) -> dict[float, dict[str, list[Run]]]:
    """x -> driver -> the runs of that driver at x (repeats averaged by the callers)."""
    table: dict[float, dict[str, list[Run]]] = {}
    for driver, points in family.series.items():
        for point in points:
            table.setdefault(point.x, {})[driver] = point.runs
    return dict(sorted(table.items()))


def _ratio(best: float, other: float) -> str:
    return f"{best / other:.2f}×" if other > 0 else "—"


def _best(ranked: list[tuple[float, str]], higher_is_better: bool) -> str:
    """The best driver, or every driver within 2 % of it as a tie."""
    best = ranked[0][0]
    close = [d for v, d in ranked if (v >= TIE * best if higher_is_better else v * TIE <= best)]
    return close[0] if len(close) == 1 else "tie: " + ", ".join(close)


def _delivery_column(by_driver: dict[str, list[Run]]) -> Cell:
    problems = [d for d, rs in sorted(by_driver.items()) if any(delivery(r).bad for r in rs)]
    if problems:
        return Cell(", ".join(problems), bad=True)
    if all(delivery(r).text == "OK" for rs in by_driver.values() for r in rs):
        return Cell("OK")
    return Cell("not checked" + (" (OMB results)" if any(not r.mqbench for rs in by_driver.values() for r in rs) else ""))


def throughput_verdicts(runs: list[Run]) -> list[Verdict]:
    out = []
    for family in families(runs, SIZE_AXIS):
        if not _compared(family) or any(r.mode == "fixed-rate" for r in family.runs):
            continue
        rows = []
        for x, by_driver in _at(family).items():
            rates = sorted(((_mean(rs, lambda r: r.publish_rate.mean), d) for d, rs in by_driver.items()),
                           key=lambda t: -t[0] if math.isfinite(t[0]) else math.inf)
            best_rate = rates[0][0]
            runner = f"{rates[1][1]} ({_ratio(best_rate, rates[1][0])})" if len(rates) > 1 else "—"
            cautioned = [f"{d}: {said}" for d, rs in sorted(by_driver.items()) if (said := caveats_text(rs))]
            rows.append([Cell(format_bytes(x), sort=x), Cell(_best(rates, True)),
                         Cell(format_number(best_rate), sort=best_rate),
                         Cell(format_number(best_rate * x / 2 ** 20), sort=best_rate * x / 2 ** 20), Cell(runner),
                         Cell("; ".join(cautioned) or "—", bad=bool(cautioned)), _delivery_column(by_driver)])
        out.append(Verdict("Most throughput", family.description(),
                           ["message size", "highest mean publish rate", "msg/s", "MB/s", "next (its rate × this)",
                            "caveats", "delivery problems"], rows))
    return out


def latency_verdicts(runs: list[Run]) -> list[Verdict]:
    out = []
    for family in families(runs, RATE_AXIS):
        if not _compared(family) or any(r.mode != "fixed-rate" for r in family.runs):
            continue
        rows = []
        for x, by_driver in _at(family).items():
            kept = {d: rs for d, rs in by_driver.items() if _mean(rs, lambda r: r.publish_rate.mean) >= KEEP_UP * x}
            behind = sorted(set(by_driver) - set(kept))
            cells = [Cell(format_number(x), sort=x)]
            for percentile in ("50", "99"):
                latencies = sorted((_mean(rs, lambda r: r.latency["endToEnd"][percentile]), d) for d, rs in kept.items())
                latencies = [t for t in latencies if math.isfinite(t[0])]
                if latencies:
                    cells += [Cell(_best(latencies, False)), Cell(format_number(latencies[0][0]), sort=latencies[0][0])]
                else:
                    cells += [Cell("—"), Cell("—")]
            settling = sorted(d for d, rs in by_driver.items() if any(still_settling(r) for r in rs))
            cells += [Cell(", ".join(behind) or "—", bad=bool(behind)),
                      Cell(", ".join(settling) or "—", bad=bool(settling)), _delivery_column(by_driver)]
            rows.append(cells)
        out.append(Verdict("Lowest latency", family.description(),
                           ["target (msg/s)", "lowest e2e p50", "ms", "lowest e2e p99", "ms", "did not keep up",
                            "latency still settling", "delivery problems"], rows))
    return out


def verdicts(runs: list[Run]) -> list[Verdict]:
    return throughput_verdicts(runs) + latency_verdicts(runs)
