"""Latency percentile distributions from the stored histograms, runs overlaid.

Read the way HdrHistogram plots are read: x is 1/(1-q) on a log axis, so the ticks 90%,
99%, 99.9%, 99.99% are equally spaced and the tail gets as much room as the median. Only
mqbench results carry histograms; runs without them are named in the chart's notes.
"""

from __future__ import annotations

from matplotlib.ticker import FixedLocator, NullLocator

from .chart_common import Chart, Series, legend, log_y, new_figure, plot_series
from .colors import DriverStyles
from .formatting import slug
from .grouping import Group, run_labels
from .histograms import TABLE_PERCENTILES, HistogramError, distribution
from .runs import LATENCY_KINDS
from .tables import Table

PANELS = ("endToEnd", "publish", "publishDelay")
TICKS = (1.0, 2.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7)
TICK_LABELS = ("0%", "50%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%", "99.99999%")


def distribution_chart(group: Group, styles: DriverStyles) -> tuple[Chart | None, list[str]]:
    """The chart for one workload group, or None (with the reason) when no run has histograms."""
    labels = run_labels(group.runs)
    with_histograms = [r for r in group.runs if r.histograms]
    without = [labels[id(r)] for r in group.runs if not r.histograms]
    notes = []
    if without:
        notes.append(f"No distribution for {', '.join(without)} ({group.description()}): "
                     f"{'these results carry' if len(without) > 1 else 'this result carries'} no histograms "
                     "(plain OMB results record only percentiles).")
    if not with_histograms:
        return None, notes
    title = "Latency percentile distribution"
    chart = Chart("distribution", title, slug(f"distribution-{group.description()}"), new_figure(15.0, 5.0))
    chart.notes.extend(notes)
    chart.figure.suptitle(f"{title} (from the stored histograms)\n{group.description()}", fontsize=11)
    axes = chart.figure.subplots(1, len(PANELS))
    table = Table(f"{title}: values (ms)", ["run", "latency", "count"]
                  + [f"p{p:g}" for p in TABLE_PERCENTILES] + ["max"])
    top = 1.0
    for ax, kind in zip(axes, PANELS):
        spec = LATENCY_KINDS[kind]
        for run in with_histograms:
            if kind not in run.histograms:
                continue
            try:
                curve = distribution(run.histograms[kind], unit_divisor=1000.0)
            except HistogramError as error:
                chart.notes.append(f"{labels[id(run)]}: {spec.label} histogram skipped ({error}).")
                continue
            if curve.count == 0:
                continue
            style = styles[run.driver]
            x = curve.inverse_tail
            top = max(top, float(x[-1]))
            plot_series(chart, spec.label, ax, Series(labels[id(run)], run.driver, x, curve.values, style.color),
                        marker=None)
            table.add(labels[id(run)], spec.label, curve.count,
                      *[curve.value_at(p) for p in TABLE_PERCENTILES], curve.max_value)
        ax.set_xscale("log")
        ticks = [t for t in TICKS if t <= top * 1.0001]
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels(TICK_LABELS[:len(ticks)], rotation=45, fontsize="small")
        ax.set_xlim(1.0, max(top, 10.0))
        log_y(ax)
        ax.set_title(spec.label)
        ax.set_xlabel("percentile (axis: 1/(1-q), log)")
        ax.set_ylabel(f"{spec.label} (ms, log scale)")
        legend(ax, loc="upper left")
    chart.tables.append(table)
    return chart, notes
