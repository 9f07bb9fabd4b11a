"""What every chart kind shares: the Chart record, figure creation, series drawing and axes.

Each chart keeps the exact arrays it handed to matplotlib (Chart.series), so tests and the
value tables check the drawn numbers, not a re-computation of them.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

from .formatting import format_number
from .tables import Table


@dataclass
class Series:
    label: str
    driver: str
    x: np.ndarray
    y: np.ndarray
    color: str


@dataclass
class Chart:
    kind: str                  # throughput | latency | distribution | search | timeseries
    title: str
    slug: str
    figure: Figure
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    series: dict[str, list[Series]] = field(default_factory=dict)   # panel title -> series
    axes: dict[str, Axes] = field(default_factory=dict)             # panel title -> axes
    files: dict[str, str] = field(default_factory=dict)             # "png"/"svg" -> path, once saved


def new_figure(width: float, height: float) -> Figure:
    # Figure() without pyplot: no global state, figures are freed when the chart is.
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def plot_series(chart: Chart, panel: str, ax: Axes, series: Series, *, marker: str | None = "o",
                linestyle: str = "-", yerr=None) -> None:
    chart.series.setdefault(panel, []).append(series)
    chart.axes[panel] = ax
    if yerr is not None and np.any(np.isfinite(yerr) & (np.asarray(yerr) > 0)):
        ax.errorbar(series.x, series.y, yerr=yerr, color=series.color, marker=marker, linestyle=linestyle,
                    label=series.label, capsize=3, markersize=5, linewidth=1.6)
    else:
        ax.plot(series.x, series.y, color=series.color, marker=marker, linestyle=linestyle,
                label=series.label, markersize=5, linewidth=1.6)


def log_y(ax: Axes) -> None:
    # Masking, not clipping: a 0 ms value (below the histogram's resolution) must not drag
    # the axis down to 1e-300; it simply has no point on a log axis, and the table shows it.
    with warnings.catch_warnings():
        # All-zero series are expected (loopback publish latency); notes say so instead.
        warnings.filterwarnings("ignore", message="Data has no positive values")
        ax.set_yscale("log", nonpositive="mask")
    ax.grid(True, which="major", alpha=0.35)
    ax.grid(True, which="minor", alpha=0.12)
    # Plain numbers (5, 20, 0.05) instead of 5x10^0; within a narrow range the 2s and 5s are
    # labelled too, or a panel spanning 2-9 ms would show no number at all.
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))

    def minor(value, _pos):
        low, high = ax.get_ylim()
        if value <= 0 or low <= 0 or high / low > 100:
            return ""
        mantissa = value / 10 ** math.floor(math.log10(value))
        return format_number(value) if round(mantissa, 6) in (2.0, 5.0) else ""
    ax.yaxis.set_minor_formatter(FuncFormatter(minor))


def x_axis_for(ax: Axes, xs: list[float], *, log_base: int = 10, labels=None) -> None:
    """Log x when the values span a decade or more; ticks at the values themselves when they
    are few and far enough apart to be read (sizes and target rates, not achieved rates)."""
    xs = sorted(xs)
    positive = [x for x in xs if x > 0]
    log = bool(positive) and max(positive) / min(positive) >= 10
    if log:
        ax.set_xscale("log", base=log_base)
    if 0 < len(xs) <= 8 and _well_apart(xs, log):
        ax.xaxis.set_major_locator(FixedLocator(xs))
        ax.xaxis.set_minor_locator(NullLocator())
        if labels is not None:
            mapping = dict(zip(xs, labels))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: mapping.get(v, "")))
        else:
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))
    elif not log:
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))
    if len(xs) == 1 and xs[0] > 0:
        # One point: matplotlib would centre it on an arbitrary range; a narrow one reads better.
        ax.set_xlim(xs[0] * 0.8, xs[0] * 1.25)


def _well_apart(xs: list[float], log: bool) -> bool:
    if len(xs) < 2:
        return True
    if log:
        return all(b / a >= 1.25 for a, b in zip(xs, xs[1:]) if a > 0)
    span = xs[-1] - xs[0]
    return all(b - a >= 0.08 * span for a, b in zip(xs, xs[1:]))


def widen_log_axes(chart: "Chart", decades: float = 1.0) -> None:
    """Gives every log panel at least `decades` of range around its data: a narrow log axis
    (4,950-5,050 msg/s) has no tick inside it, so nobody could read a value off it."""
    for panel, ax in chart.axes.items():
        if ax.get_yscale() != "log":
            continue
        values = np.concatenate([np.asarray(s.y, dtype=float) for s in chart.series.get(panel, [])] or [[]])
        values = values[np.isfinite(values) & (values > 0)]
        if values.size == 0:
            continue
        low, high = float(values.min()), float(values.max())
        if high / low >= 10 ** decades:
            continue
        middle = math.sqrt(low * high)
        half = 10 ** (decades / 2)
        current_low, current_high = ax.get_ylim()
        ax.set_ylim(min(current_low, middle / half), max(current_high, middle * half))


def nonpositive_note(chart: "Chart") -> None:
    """Says in the chart's notes when a log panel could not show some values (0 or less)."""
    hidden = sorted({panel for panel, series in chart.series.items()
                     if chart.axes[panel].get_yscale() == "log"
                     for s in series if np.any(np.asarray(s.y, dtype=float) <= 0)})
    if hidden:
        chart.notes.append("Values of 0 (below the 1 µs resolution of the histograms) have no place on a log "
                           f"axis and are not drawn in: {', '.join(hidden)}; the tables show them.")


def legend(ax: Axes, **kwargs) -> None:
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(handles, labels, fontsize="small", **kwargs)
