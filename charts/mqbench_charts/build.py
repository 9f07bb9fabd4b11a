"""From runs to the report's sections: decides which charts exist and in which order.

Every family gets its charts, with one exception that keeps sweeps readable: a family with a
single x value is left out when its runs already appear in a multi-point chart of the other
kind and the single point says nothing new (fixed-rate runs of a rate sweep do not get one
"throughput vs size" chart per rate; max-rate runs of a size sweep do not get one "latency vs
rate" chart per size).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .chart_common import Chart, nonpositive_note, widen_log_axes
from .chart_distribution import distribution_chart
from .chart_latency import latency_chart
from .chart_search import search_chart, trials
from .chart_throughput import throughput_chart
from .chart_timeseries import timeseries_chart
from .colors import DriverStyles
from .formatting import natural_key
from .grouping import (
    RATE_AXIS,
    SIZE_AXIS,
    Family,
    extra_sweep_axes,
    families,
    run_labels,
    workload_groups,
)
from .runs import Run
from .tables import Table
from .verdict import caveats, delivery


@dataclass
class Section:
    key: str
    title: str
    intro: str
    charts: list[Chart] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Analysis:
    runs: list[Run]
    styles: DriverStyles
    overview: Table
    sections: list[Section]
    notes: list[str]

    def charts(self) -> list[Chart]:
        return [c for s in self.sections for c in s.charts]


def _covered(family: Family, others: list[Family]) -> bool:
    """True when every run of the family is in a multi-point family of the other kind."""
    swept = {id(r) for f in others if f.is_sweep for r in f.runs}
    return all(id(r) in swept for r in family.runs)


def _reading_order(run: Run) -> tuple:
    """Driver, then workload and sweep point with numbers compared as numbers, then time."""
    return (run.driver.lower(), natural_key(run.workload), run.message_size, run.requested_rate or 0.0,
            natural_key(run.sweep_text()), run.start_time or "", run.path.name)


def analyse(runs: list[Run]) -> Analysis:
    runs = sorted(runs, key=_reading_order)
    styles = DriverStyles(r.driver for r in runs)
    size_families = families(runs, SIZE_AXIS)
    rate_families = families(runs, RATE_AXIS)

    throughput = Section("throughput", "Throughput",
                         "Mean publish rate over the measured window against message size (and against the target "
                         "rate for rate sweeps); error bars one standard deviation of the 10-s periods; one series "
                         "per driver.")
    for fam in size_families:
        if not fam.is_sweep and all(r.mode == "fixed-rate" for r in fam.runs) and _covered(fam, rate_families):
            continue
        throughput.charts.append(throughput_chart(fam, styles))

    for fam in rate_families:
        # Achieved against asked-for rate shows where a broker stops keeping up.
        if fam.is_sweep and any(p.basis == "target" for pts in fam.series.values() for p in pts):
            throughput.charts.append(throughput_chart(fam, styles))

    latency = Section("latency", "Latency vs rate",
                      "Aggregated percentiles of the whole measured window, end-to-end and publish latency; "
                      "one series per driver.")
    for fam in rate_families:
        if not fam.is_sweep and all(r.mode == "max-rate" for r in fam.runs) and _covered(fam, size_families):
            continue
        latency.charts.append(latency_chart(fam, styles, "endToEnd"))
        latency.charts.append(latency_chart(fam, styles, "publish"))

    sweeps = Section("sweeps", "Other swept fields", "Throughput and end-to-end latency against each swept "
                     "workload field other than message size and rate.")
    for axis in extra_sweep_axes(runs):
        for fam in families(runs, axis):
            if fam.is_sweep:
                sweeps.charts.append(throughput_chart(fam, styles))
                sweeps.charts.append(latency_chart(fam, styles, "endToEnd"))

    distributions = Section("distribution", "Latency distributions",
                            "Percentile curves from the HdrHistograms stored in mqbench results; the runs of one "
                            "workload and sweep point are overlaid.")
    for group in workload_groups(runs):
        chart, notes = distribution_chart(group, styles)
        if chart is not None:
            distributions.charts.append(chart)
        else:
            distributions.notes.extend(notes)

    labels = run_labels(runs)
    searches = Section("search", "Rate searches", "Every trial of each max-rate run's search: its p99 latency "
                       "against its rate, sustainable or not, and the rate found (where the measured phase ran). "
                       "With a latency limit, the found rate is where the curve crosses it.")
    for run in runs:
        if trials(run):
            searches.charts.append(search_chart(run, styles, labels[id(run)]))

    timeseries = Section("timeseries", "Runs over time", "Per-period values (10-s periods) of each run.")
    for run in runs:
        timeseries.charts.append(timeseries_chart(run, styles, labels[id(run)]))

    notes = []
    plain = [r for r in runs if not r.mqbench]
    if plain:
        notes.append(f"{len(plain)} of {len(runs)} results are plain OpenMessaging Benchmark files: they have no "
                     "status, target rate, delivery counts, host facts or histograms, so those cells are empty and "
                     "they have no distribution chart.")
    incomplete = [r for r in runs if not r.complete]
    if incomplete:
        notes.append(f"{len(incomplete)} run(s) did not complete (status partial or aborted); their numbers cover "
                     "only the part that ran.")
    ordered = (throughput, latency, sweeps, distributions, searches, timeseries)
    for section in ordered:
        for chart in section.charts:
            nonpositive_note(chart)
            widen_log_axes(chart)
    sections = [s for s in ordered if s.charts or s.notes]
    return Analysis(runs, styles, overview_table(runs, labels), sections, notes)


def overview_table(runs: list[Run], labels: dict[int, str]) -> Table:
    """One row per run: its status and what makes its figures mislead when read alone (as the summary names them),
    the results (rate, latency, delivery), then how it was run."""
    table = Table("Runs", [
        "run", "driver", "workload", "sweep point", "status", "caveats", "publish (msg/s)", "e2e p50 (ms)", "e2e p99 (ms)",
        "delivery", "± stddev", "publish (MB/s)", "consume (msg/s)", "publish p99 (ms)", "lost", "duplicated",
        "out of order", "mode", "message size (B)", "target (msg/s)", "histograms", "file"])
    for run in runs:
        checked = run.raw.get("delivery") if isinstance(run.raw.get("delivery"), dict) else {}
        table.add(labels[id(run)], run.driver, run.workload, run.sweep_text(), run.display_status,
                  ", ".join(caveats(run)), run.publish_rate.mean, run.latency["endToEnd"]["50"], run.latency["endToEnd"]["99"],
                  delivery(run).text, run.publish_rate.stddev, run.publish_mbps, run.consume_rate.mean,
                  run.latency["publish"]["99"], checked.get("lost"), checked.get("duplicated"),
                  checked.get("outOfOrder"), run.mode, run.message_size, run.requested_rate, bool(run.histograms),
                  run.path.name)
    return table
