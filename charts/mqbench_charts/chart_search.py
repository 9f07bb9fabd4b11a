"""The rate search of one max-rate run: every trial's p99 latency against its rate.

Each trial ran at a fixed rate for a few seconds and was judged sustainable (filled marker) or not
(cross). The curve is the broker's latency-vs-rate curve as the search saw it; the vertical line
marks the rate found, at which the measured phase ran, and a latency limit (maxRateLatencyLimit)
is drawn as a horizontal line: the found rate is the knee where the curve crosses it.
"""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import FuncFormatter

from .chart_common import Chart, Series, legend, log_y, new_figure, plot_series
from .colors import DriverStyles
from .formatting import format_number, slug
from .runs import Run
from .tables import Table

SUSTAINABLE, UNSUSTAINABLE = "#2ca02c", "#d62728"


def trials(run: Run) -> list[dict]:
    """The search's trials (result format 2 and later); empty for other runs."""
    discovery = run.raw.get("rateDiscovery")
    found = discovery.get("trials") if isinstance(discovery, dict) else None
    return [t for t in found if isinstance(t, dict)] if isinstance(found, list) else []


def search_chart(run: Run, styles: DriverStyles, label: str) -> Chart:
    discovery = run.raw["rateDiscovery"]
    steps = trials(run)
    limited = discovery.get("objective") not in (None, "throughput")
    title = f"Rate search: {label} · {run.workload}" + (f" · {run.sweep_text()}" if run.sweep_point else "")
    chart = Chart("search", title, slug(f"search-{run.driver}-{run.workload}-{run.sweep_text()}"), new_figure(11.0, 4.6))
    chart.figure.suptitle(f"{title}\nobjective: {discovery.get('objective', 'throughput')} · "
                          f"{_outcome(discovery)}", fontsize=11)
    ax = chart.figure.subplots(1, 1)
    key = "latencyMs" if limited else "endToEnd99Ms"
    if not any(isinstance(t.get(key), (int, float)) for t in steps):
        key = "publish99Ms"
    ylabel = {"latencyMs": discovery.get("objective", "latency").split(" <=")[0] + " (ms)",
              "endToEnd99Ms": "p99 end-to-end (ms)", "publish99Ms": "p99 publish (ms)"}[key]
    for verdict, color, marker in (("sustainable", SUSTAINABLE, "o"), ("unsustainable", UNSUSTAINABLE, "x")):
        chosen = sorted((t for t in steps if t.get("verdict") == verdict), key=lambda t: float(t["targetRate"]))
        x = np.array([float(t["targetRate"]) for t in chosen])
        y = np.array([_number(t.get(key)) for t in chosen])
        plot_series(chart, "latency vs rate", ax, Series(verdict, run.driver, x, y, color), marker=marker, linestyle="none")
    found = discovery.get("foundRate")
    if isinstance(found, (int, float)) and found > 0:
        ax.axvline(found, color=styles.color(run.driver), linewidth=1.4, linestyle="--",
                   label=f"found {format_number(found)} msg/s")
    if limited and steps:
        limit = _limit(discovery.get("objective", ""))
        if limit is not None:
            ax.axhline(limit, color="#555555", linewidth=1, linestyle=":", label=f"limit {format_number(limit)} ms")
    ax.set_xscale("log", nonpositive="mask")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))
    ax.xaxis.set_minor_formatter(FuncFormatter(lambda v, _pos: _minor_label(ax, v)))
    log_y(ax)
    ax.set_xlabel("trial rate (messages/s, log scale)")
    ax.set_ylabel(f"{ylabel}, log scale")
    ax.set_title("each trial: its latency at its rate; the measured phase ran at the found rate")
    legend(ax, loc="best")
    chart.tables.append(trial_table(steps))
    return chart


def trial_table(steps: list[dict]) -> Table:
    table = Table("Trials of the rate search", [
        "start (s)", "stage", "target (msg/s)", "publish (msg/s)", "consume (msg/s)", "backlog (msg/s)",
        "awaiting ack (msg/s)", "tolerance (%)", "e2e p99 (ms)", "limited latency (ms)", "verdict", "reason", "drain (s)",
        "longer settle (s)"])
    for t in steps:
        tolerance = t.get("tolerance")
        table.add(t.get("second"), t.get("stage"), t.get("targetRate"), t.get("publishRate"), t.get("consumeRate"),
                  t.get("backlogSlope"), t.get("unacknowledgedSlope"), 100 * tolerance if isinstance(tolerance, (int, float)) else None,
                  t.get("endToEnd99Ms"), t.get("latencyMs"), t.get("verdict"), t.get("reason"), t.get("drainSeconds"),
                  t.get("settleExtendedSeconds"))
    return table


def climb_text(discovery: dict) -> str:
    """", climbed from N msg/s" when the search's last climb rose above the rate its bracket converged
    on; ", down from N msg/s" when that rate no longer held in the climb (the broker had slowed)."""
    climbed, found = discovery.get("climbedFromRate"), discovery.get("foundRate")
    if not isinstance(climbed, (int, float)) or not isinstance(found, (int, float)) or climbed == found:
        return ""
    return f", {'climbed' if climbed < found else 'down'} from {format_number(climbed)} msg/s"


def _outcome(discovery: dict) -> str:
    if not isinstance(discovery.get("foundRate"), (int, float)):
        return f"found no rate: {discovery.get('note')}"     # the run ended during the search
    found = format_number(discovery.get("foundRate"))
    if discovery.get("converged"):
        return f"converged on {found} msg/s{climb_text(discovery)} at {format_number(discovery.get('convergedAtSecond'))} s"
    return f"did not converge; measured at {found} msg/s"


def _limit(objective: str) -> float | None:
    try:
        return float(objective.split("<=")[1].split("ms")[0])
    except (IndexError, ValueError):
        return None


def _minor_label(ax, value: float) -> str:
    # Within a narrow range the 2s and 5s are labelled too, as plain numbers (2,000, not 2x10^3).
    low, high = ax.get_xlim()
    if value <= 0 or low <= 0 or high / low > 100:
        return ""
    mantissa = round(value / 10 ** np.floor(np.log10(value)), 6)
    return format_number(value) if mantissa in (2.0, 5.0) else ""


def _number(value) -> float:
    return float(value) if isinstance(value, (int, float)) else np.nan
