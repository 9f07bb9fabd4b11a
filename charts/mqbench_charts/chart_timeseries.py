"""One run over time: publish and consume rate, backlog, p50/p99 latency per second.

Results that carry second-by-second samples are drawn from them (a 30-s run has 30 points,
not three); older results and OMB's are drawn per 10-s period, with a marker on each.

The lines keep the driver's colour (solid: publish / p50, dashed: consume / p99) so a run's
time series is recognisable next to the comparison charts. Max-rate runs add the rate
search: every trial as a bar at its rate over its window (green sustainable, red not), the rate
the slower side achieved in it, and the rate found. Results of format 1 (before trials) show
their per-second controller steps instead.
"""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import FuncFormatter

from .chart_common import Chart, Series, legend, log_y, new_figure, plot_series
from .chart_search import SUSTAINABLE, UNSUSTAINABLE, climb_text, trials
from .colors import DriverStyles
from .formatting import format_number, slug
from .runs import Run
from .tables import Table

PANELS = ("rate", "backlog", "end-to-end latency", "publish latency", "rate search")


def timeseries_chart(run: Run, styles: DriverStyles, label: str) -> Chart:
    discovery = run.raw.get("rateDiscovery") if isinstance(run.raw.get("rateDiscovery"), dict) else {}
    searched = trials(run)
    steps = [] if searched else discovery.get("steps") or []
    rows = 5 if searched or steps else 4
    title = f"Over time: {label} · {run.workload}" + (f" · {run.sweep_text()}" if run.sweep_point else "")
    chart = Chart("timeseries", title, slug(f"timeseries-{run.driver}-{run.workload}-{run.sweep_text()}"),
                  new_figure(11.0, 2.6 * rows + 0.6))
    chart.figure.suptitle(f"{title}\nstatus: {run.display_status}" + (f" · mode: {run.mode}" if run.mode else ""),
                          fontsize=11)
    axes = chart.figure.subplots(rows, 1)
    color = styles.color(run.driver)
    samples = run.samples()
    if samples is not None:
        t, values, latency, each = samples.seconds, samples.values, samples.latency, "second"
        markers = (None, None)
    else:
        t, values, latency, each = run.elapsed(), run.period_values, run.period_latency, "period"
        markers = ("o", "s")

    ax = axes[0]
    plot_series(chart, "rate", ax, Series("publish", run.driver, t, values("publishRate"), color), marker=markers[0])
    plot_series(chart, "rate", ax, Series("consume", run.driver, t, values("consumeRate"), color),
                linestyle="--", marker=markers[1])
    errors = values("publishErrorRate")
    # Failed sends on the same axis (they are messages/s too), only when there were some: around a
    # fault they tell a client that kept trying from one that stalled in silence.
    drawn_errors = bool(np.nansum(errors) > 0)
    if drawn_errors:
        plot_series(chart, "rate", ax, Series("send errors", run.driver, t, errors, SEND_ERRORS), marker=markers[0])
    if run.requested_rate:
        ax.axhline(run.requested_rate, color="#999999", linewidth=1, linestyle=":", label="target")
    ax.set_ylabel("messages/s")
    _from_zero(ax, values("publishRate"), values("consumeRate"), [run.requested_rate or 0])
    ax.set_title(f"publish and consume rate per {each}" + (", and failed sends" if drawn_errors else ""))

    ax = axes[1]
    plot_series(chart, "backlog", ax, Series("backlog", run.driver, t, values("backlog"), color), marker=markers[0])
    ax.set_ylabel("messages")
    _from_zero(ax, values("backlog"))
    ax.set_title("backlog (messages published, not yet consumed)")

    for ax, panel, kind in ((axes[2], "end-to-end latency", "endToEnd"), (axes[3], "publish latency", "publish")):
        plot_series(chart, panel, ax, Series("p50", run.driver, t, latency(kind, "50"), color), marker=markers[0])
        plot_series(chart, panel, ax, Series("p99", run.driver, t, latency(kind, "99"), color),
                    linestyle="--", marker=markers[1])
        log_y(ax)
        ax.set_ylabel("ms, log scale")
        ax.set_title(f"{panel} per {each} (p50, p99)")

    for ax in axes[:4]:
        ax.grid(True, alpha=0.3)
        legend(ax, loc="best")
        ax.set_xlim(0, max(float(t[-1]) if t.size else 10.0, 1.0) * 1.02)
    for ax in axes[1:4]:
        ax.sharex(axes[0])
    axes[3].set_xlabel(f"seconds into the measured window (each point: end of a {each})")
    for ax in axes[:2]:
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))

    if searched:
        _draw_trials(chart, axes[4], run, discovery, searched, color)
    elif steps:
        ax = axes[4]
        seconds = np.array([float(s.get("second", np.nan)) for s in steps])
        target = np.array([float(s.get("targetRate", np.nan)) for s in steps])
        achieved = np.array([float(s.get("publishRate", np.nan)) for s in steps])
        plot_series(chart, "rate search", ax, Series("target", run.driver, seconds, target, "#999999"), marker=None)
        plot_series(chart, "rate search", ax, Series("achieved", run.driver, seconds, achieved, color), marker=None)
        ax.set_yscale("log", nonpositive="mask")
        ax.set_xlabel("seconds since the load started (warm-up included)")
        ax.set_ylabel("messages/s, log scale")
        ax.set_title("max-rate search: rate set by the controller and rate achieved")
        ax.grid(True, alpha=0.3)
        legend(ax, loc="best")

    faults = [f for f in run.raw.get("faults") or [] if isinstance(f, dict)]
    if faults:
        _draw_faults(axes[:4], faults)
        chart.tables.append(_fault_table(faults))
    chart.tables.append(_period_table(run))
    return chart


FAULT_BAND = "#d62728"
SEND_ERRORS = "#ff7f0e"


def _draw_faults(axes, faults: list[dict]) -> None:
    """Each action as a dotted line where it started; from a disruptive fault to the end of its
    recovery window (recovery, the next fault or the end of the run) a light red band."""
    for fault in faults:
        start = fault.get("startSecond")
        if not isinstance(start, (int, float)):
            continue
        recovery = fault.get("recovery") if isinstance(fault.get("recovery"), dict) else None
        for ax in axes:
            ax.axvline(float(start), color=FAULT_BAND, linewidth=1, linestyle=":")
            if recovery and isinstance(recovery.get("windowEndSecond"), (int, float)):
                ax.axvspan(float(start), float(recovery["windowEndSecond"]), color=FAULT_BAND, alpha=0.08, linewidth=0)
        axes[0].annotate(_fault_name(fault), (float(start), 1.0), xycoords=("data", "axes fraction"),
                         xytext=(2, -2), textcoords="offset points", va="top", fontsize=8, color=FAULT_BAND)


def _fault_name(fault: dict) -> str:
    target = fault.get("target") or f"'{fault.get('command', '')}'"
    latency = f" by {fault['latencyMs']} ms" if isinstance(fault.get("latencyMs"), int) else ""
    return f"{fault.get('action', '?')} {target}{latency}"


def _fault_table(faults: list[dict]) -> Table:
    table = Table("Faults and recovery (seconds from each fault's start)", [
        "fault", "due (s)", "started (s)", "took (s)", "outcome", "felt after (s)", "no confirmed sends (s)",
        "no deliveries (s)", "rates back (s)", "backlog back (s)", "send errors", "peak backlog",
        "peak e2e p99 (ms)", "peak publish delay (ms)"])
    for fault in faults:
        r = fault.get("recovery") if isinstance(fault.get("recovery"), dict) else {}
        outcome = fault.get("outcome", "")
        if outcome != "ok" and fault.get("detail"):
            outcome = f"{outcome}: {fault['detail']}"
        table.add(_fault_name(fault) + (" (end of the fault's 'for')" if fault.get("automatic") else ""),
                  fault.get("dueSecond"), fault.get("startSecond"), fault.get("tookSeconds"), outcome,
                  r.get("firstImpactSeconds"), r.get("publishUnavailableSeconds"), r.get("consumeUnavailableSeconds"),
                  r.get("ratesRecoveredSeconds"), r.get("backlogRecoveredSeconds"),
                  r.get("sendErrors"), r.get("peakBacklog"), r.get("peakEndToEndLatency99pctMs"),
                  r.get("peakPublishDelayMaxMs"))
    table.note = ("Recovery figures at one-second resolution: 'rates back' is when publish and consume rates "
                  "stayed within 5 % of the target for 3 s; a dash under it means they never did within the window.")
    return table


def _draw_trials(chart: Chart, ax, run: Run, discovery: dict, searched: list[dict], color: str) -> None:
    subscriptions = max(1, int((run.raw.get("workloadConfig") or {}).get("subscriptionsPerTopic") or 1))
    for verdict, bar in (("sustainable", SUSTAINABLE), ("unsustainable", UNSUSTAINABLE)):
        chosen = [t for t in searched if t.get("verdict") == verdict]
        for t in chosen:
            start = float(t.get("second", 0))
            ax.hlines(float(t["targetRate"]), start, start + float(t.get("seconds", 0)), colors=bar, linewidth=4)
        middle = np.array([float(t.get("second", 0)) + float(t.get("seconds", 0)) / 2 for t in chosen])
        target = np.array([float(t["targetRate"]) for t in chosen])
        plot_series(chart, "rate search", ax, Series(verdict, run.driver, middle, target, bar), marker="s",
                    linestyle="none")
    seconds = np.array([float(t.get("second", 0)) + float(t.get("seconds", 0)) / 2 for t in searched])
    achieved = np.array([min(float(t.get("publishRate", np.nan)), float(t.get("consumeRate", np.nan)) / subscriptions)
                         if run.raw.get("consumersPerTopic") else float(t.get("publishRate", np.nan)) for t in searched])
    plot_series(chart, "rate search", ax, Series("achieved", run.driver, seconds, achieved, color), marker=".",
                linestyle=":")
    found = discovery.get("foundRate")
    if isinstance(found, (int, float)) and found > 0:
        ax.axhline(found, color=color, linewidth=1, linestyle="--", label=f"found {format_number(found)}")
    log_y(ax)
    ax.set_xlabel("seconds since the load started (the search runs in the warm-up)")
    ax.set_ylabel("messages/s, log scale")
    converged = ("converged" + climb_text(discovery)) if discovery.get("converged") else "did not converge"
    ax.set_title(f"rate search ({converged}): each trial's rate over its window, green sustainable, red not")
    ax.grid(True, alpha=0.3)
    legend(ax, loc="best")


def _from_zero(ax, *values) -> None:
    # Rates and backlogs read best from 0, with headroom so the top value is not on the frame.
    data = np.concatenate([np.asarray(v, dtype=float) for v in values])
    data = data[np.isfinite(data)]
    top = float(data.max()) if data.size else 0.0
    ax.set_ylim(0, top * 1.12 if top > 0 else 1.0)


def _period_table(run: Run) -> Table:
    table = Table("Per-period values", [
        "end (s)", "period (s)", "publish (msg/s)", "consume (msg/s)", "publish errors (msg/s)", "backlog",
        "e2e p50 (ms)", "e2e p99 (ms)", "publish p50 (ms)", "publish p99 (ms)", "publish delay p99 (µs)"])
    columns = [run.elapsed(), run.period_seconds, run.period_values("publishRate"),
               run.period_values("consumeRate"), run.period_values("publishErrorRate"),
               run.period_values("backlog"), run.period_latency("endToEnd", "50"),
               run.period_latency("endToEnd", "99"), run.period_latency("publish", "50"),
               run.period_latency("publish", "99"), run.period_latency("publishDelay", "99")]
    for index in range(len(columns[0])):
        table.add(*[float(c[index]) if index < len(c) else None for c in columns])
    return table
