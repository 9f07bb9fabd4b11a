"""Throughput against message size (or another swept field): msg/s and MB/s, log y.

Like the 2023 paper's Figures 2 and 3, but the value is the mean over the measured window
(error bars: standard deviation of the 10-s periods), never the best period, and MB/s is
computed with MB = 2^20 bytes.
"""

from __future__ import annotations

import numpy as np

from .chart_common import (
    Chart,
    Series,
    legend,
    log_y,
    new_figure,
    plot_series,
    x_axis_for,
)
from .colors import DriverStyles
from .formatting import format_bytes, slug
from .grouping import RATE_AXIS, SIZE_AXIS, Family
from .tables import Table

PANELS = ("throughput (msg/s)", "throughput (MB/s)")


def throughput_chart(family: Family, styles: DriverStyles) -> Chart:
    axis = family.axis
    title = f"Publish throughput vs {axis.title}"
    chart = Chart("throughput", title, slug(f"throughput-vs-{axis.title}-{family.description()}"),
                  new_figure(12.0, 4.8))
    figure = chart.figure
    figure.suptitle(f"{title}\n{family.description()}", fontsize=11)
    ax_msgs, ax_mbps = figure.subplots(1, 2)
    xs = family.distinct_x()
    tick_labels = [format_bytes(x) for x in xs] if axis is SIZE_AXIS else None

    table = Table(f"{title}: values", [
        "driver", axis.title + {SIZE_AXIS.key: " (bytes)", RATE_AXIS.key: " (msg/s)"}.get(axis.key, ""), "runs",
        "publish rate (msg/s)", "± stddev of periods (msg/s)", "consume rate (msg/s)",
        "publish (MB/s)", "consume (MB/s)", "status"])
    for driver, points in family.series.items():
        style = styles[driver]
        x = np.array([p.x for p in points], dtype=float)
        rate = np.array([p.mean(lambda r: r.publish_rate.mean) for p in points])
        spread = np.array([p.mean(lambda r: r.publish_rate.stddev) for p in points])
        mbps = np.array([p.mean(lambda r: r.publish_mbps) for p in points])
        # The spread in MB/s scales with the rate: same relative error bar on both panels.
        mb_spread = np.where(rate > 0, spread * mbps / np.where(rate > 0, rate, 1), np.nan)
        plot_series(chart, PANELS[0], ax_msgs, Series(driver, driver, x, rate, style.color),
                    marker=style.marker, yerr=spread)
        plot_series(chart, PANELS[1], ax_mbps, Series(driver, driver, x, mbps, style.color),
                    marker=style.marker, yerr=mb_spread)
        for point, r, s, m in zip(points, rate, spread, mbps):
            statuses = sorted({run.display_status for run in point.runs})
            table.add(driver, point.x, len(point.runs), r, s,
                      point.mean(lambda run: run.consume_rate.mean), m,
                      point.mean(lambda run: run.consume_mbps), ", ".join(statuses))
            if any(not run.complete for run in point.runs):
                chart.notes.append(f"{driver} at {axis.title} {point.x:g}: run status {', '.join(statuses)}"
                                   " (numbers cover only the part that ran)")
    if axis is RATE_AXIS and xs:
        # Where the series leaves this line the driver no longer keeps up with the target.
        ax_msgs.plot(xs, xs, linestyle=":", color="#888888", linewidth=1, label="target (ideal)")
    for ax, name in ((ax_msgs, "publish throughput (msg/s, log scale)"),
                     (ax_mbps, "publish throughput (MB/s, MB = 2^20 B, log scale)")):
        log_y(ax)
        x_axis_for(ax, xs, log_base=axis.log_base, labels=tick_labels)
        ax.set_xlabel(axis.label)
        ax.set_ylabel(name)
        legend(ax)
    ax_msgs.set_title("messages per second")
    ax_mbps.set_title("megabytes per second")
    chart.tables.append(table)
    return chart
