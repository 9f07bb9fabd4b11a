"""Latency percentiles against target rate (or another swept field), one panel per percentile.

The paper's Figures 4-7 (p50/p75/p95/p99 end-to-end latency against MB/s) plus p99.9, for
end-to-end and for publish latency. The x axis is the target rate in msg/s; when the family
has one message size a top axis gives the same rate in MB/s. Values are the aggregated
percentiles of the whole measured window (merged histograms), not means of per-period ones.
"""

from __future__ import annotations

import numpy as np

from .chart_common import Chart, Series, log_y, new_figure, plot_series, x_axis_for
from .colors import DriverStyles
from .formatting import slug
from .grouping import RATE_AXIS, Family
from .runs import LATENCY_KINDS, MIB
from .tables import Table

PERCENTILES = ("50", "75", "95", "99", "99.9")


def latency_chart(family: Family, styles: DriverStyles, kind: str = "endToEnd") -> Chart:
    spec = LATENCY_KINDS[kind]
    axis = family.axis
    title = f"{spec.label[0].upper()}{spec.label[1:]} percentiles vs {axis.title}"
    chart = Chart("latency", title, slug(f"{kind}-latency-vs-{axis.title}-{family.description()}"),
                  new_figure(13.5, 8.0))
    figure = chart.figure
    figure.suptitle(f"{title}\n{family.description()}", fontsize=11)
    grid = figure.subplots(2, 3)
    panels = list(grid.flat)
    xs = family.distinct_x()
    size = family.params.get("messageSize") if axis is RATE_AXIS else None
    bases = sorted({p.basis for pts in family.series.values() for p in pts if p.basis})

    columns = ["driver", axis.title + (" (msg/s)" if axis is RATE_AXIS else "")]
    if axis is RATE_AXIS:
        columns += ["rate is", "MB/s"]
    columns += [f"p{p} ({spec.unit})" for p in PERCENTILES] + ["runs", "status"]
    table = Table(f"{title}: values", columns)

    for driver, points in family.series.items():
        style = styles[driver]
        x = np.array([p.x for p in points], dtype=float)
        for index, percentile in enumerate(PERCENTILES):
            y = np.array([p.mean(lambda r, q=percentile: r.latency[kind][q]) for p in points])
            plot_series(chart, f"p{percentile}", panels[index], Series(driver, driver, x, y, style.color),
                        marker=style.marker)
        for point in points:
            row = [driver, point.x]
            if axis is RATE_AXIS:
                row += [point.basis, point.x * size / MIB if size else None]
            row += [point.mean(lambda r, q=q: r.latency[kind][q]) for q in PERCENTILES]
            row += [len(point.runs), ", ".join(sorted({r.display_status for r in point.runs}))]
            table.add(*row)

    for index, percentile in enumerate(PERCENTILES):
        ax = panels[index]
        log_y(ax)
        x_axis_for(ax, xs)
        ax.set_title(f"p{percentile} {spec.label}")
        ax.set_xlabel("publish rate (msg/s)" if axis is RATE_AXIS else axis.label)
        ax.set_ylabel(f"{spec.label} ({spec.unit}, log scale)")
        if size:
            top = ax.secondary_xaxis("top", functions=(lambda r, s=size: r * s / MIB,
                                                       lambda m, s=size: m * MIB / s))
            top.set_xlabel("MB/s (MB = 2^20 B)", fontsize="small")
    key = panels[-1]
    key.axis("off")
    handles, labels = panels[0].get_legend_handles_labels()
    if handles:
        key.legend(handles, labels, loc="upper left", title="driver", fontsize="small")
    explanation = {"target": "x = the target rate of the run",
                   "achieved": "x = the achieved publish rate (max-rate runs and OMB results record no target)"}
    key.text(0.0, 0.0, "\n".join(explanation[b] for b in bases), fontsize="small", va="bottom", wrap=True)
    if "achieved" in bases:
        chart.notes.append("Points marked 'achieved' in the table sit at the rate reached, "
                           "not a rate asked for (max-rate runs, and OMB results, which do not record it).")
    chart.tables.append(table)
    return chart
