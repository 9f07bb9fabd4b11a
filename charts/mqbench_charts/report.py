"""The HTML report: one self-contained file (PNG charts inlined as data URIs, CSS inline).

It must open anywhere a result folder is copied to, with no network and no sibling files,
so nothing is linked: not a script, not a font, not an image.

The markup is in templates/ (see templating.py); this module computes what they show: which
columns are numbers, the verdicts' cells, the inlined images, the summary's alarm.
"""

from __future__ import annotations

import base64
import datetime
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .build import Analysis, Section
from .chart_common import Chart
from .grouping import run_labels
from .report_runs import run_details
from .tables import Table
from .templating import render
from .verdict import Cell, Verdict, caveats, delivery, delivery_problems, verdicts


@dataclass
class ShownCell:
    text: str
    css: str = ""                   # "text" (left-aligned), "bad" (red) or both
    sort: str | None = None         # data-sort, where the text is not the number to sort by


@dataclass
class ShownTable:
    title: str
    head: list[ShownCell]
    rows: list[list[ShownCell]]
    css: str = ""                   # the table element's own class
    note: str = ""


@dataclass
class ShownChart:
    title: str
    image: str                      # data: URI of the PNG, "" when there is none
    notes: list[str]
    tables: list[ShownTable]
    folded: bool                    # tables folded (a details element)
    files: str                      # "PNG: charts/x.png · SVG: charts/x.svg"


@dataclass
class ShownSection:
    key: str
    title: str
    intro: str
    notes: list[str]
    charts: list[ShownChart]


@dataclass
class Summary:
    runs: int
    problems: list[str]             # one text per run whose delivery did not hold
    delivery_checked: bool          # some run is mqbench's, so delivery was checked somewhere
    cautions: list[str] = field(default_factory=list)   # one text per run whose figures carry caveats
    verdicts: list[ShownTable] = field(default_factory=list)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def shown_table(table: Table) -> ShownTable:
    """Numeric columns are right-aligned; a column is numeric when all its present values are numbers."""
    css = ["" if all(_is_number(row[i]) for row in table.values if row[i] is not None) else "text"
           for i in range(len(table.columns))]
    return ShownTable(table.title, [ShownCell(c, css[i]) for i, c in enumerate(table.columns)],
                      [[ShownCell(c, css[i]) for i, c in enumerate(row)] for row in table.rows], note=table.note)


def _verdict_cell(cell: Cell) -> ShownCell:
    css = " ".join(name for name, on in (("bad", cell.bad), ("text", cell.sort is None)) if on)
    return ShownCell(cell.text, css, repr(cell.sort) if cell.sort is not None else None)


def shown_verdict(verdict: Verdict) -> ShownTable:
    # A column whose cells carry no number to sort by is text, left-aligned.
    text = [bool(verdict.rows) and all(row[i].sort is None for row in verdict.rows) for i in range(len(verdict.columns))]
    return ShownTable(f"{verdict.title}: {verdict.description}",
                      [ShownCell(c, "text" if text[i] else "") for i, c in enumerate(verdict.columns)],
                      [[_verdict_cell(c) for c in row] for row in verdict.rows], css="verdict")


def _image(chart: Chart) -> str:
    png = chart.files.get("png")
    if not png:
        return ""
    return "data:image/png;base64," + base64.b64encode(Path(png).read_bytes()).decode("ascii")


def shown_chart(chart: Chart) -> ShownChart:
    files = " · ".join(f"{fmt.upper()}: {Path(p).relative_to(Path(p).parent.parent)}" for fmt, p in chart.files.items())
    # Per-period and per-trial tables can be long: folded by default.
    return ShownChart(chart.title, _image(chart), list(chart.notes), [shown_table(t) for t in chart.tables],
                      chart.kind in ("timeseries", "search"), files)


def shown_section(section: Section) -> ShownSection:
    return ShownSection(section.key, section.title, section.intro, list(section.notes),
                        [shown_chart(c) for c in section.charts])


def summary(analysis: Analysis) -> Summary:
    """The answer first: delivery problems, runs whose figures carry caveats, then who did best in each comparison."""
    def name(r):
        return f"{r.driver} · {r.workload}{' · ' + r.sweep_text() if r.sweep_text() else ''}"
    problems = [f"{name(r)}: {delivery(r).text}" for r in delivery_problems(analysis.runs)]
    cautions = [f"{name(r)}: {', '.join(said)}" for r in analysis.runs if (said := caveats(r))]
    return Summary(len(analysis.runs), problems, any(r.mqbench for r in analysis.runs),
                   verdicts=[shown_verdict(v) for v in verdicts(analysis.runs)], cautions=cautions)


def render_report(analysis: Analysis, sources: list[str], title: str = "mqbench report") -> str:
    labels = run_labels(analysis.runs)
    drivers = sorted({r.driver for r in analysis.runs})
    return render(
        "report.html.j2",
        title=title,
        sources=sources,
        generated=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        version=__version__,
        drivers=[(d, analysis.styles.color(d)) for d in drivers],
        sections=[shown_section(s) for s in analysis.sections],
        answer=summary(analysis),
        notes=analysis.notes,
        overview=shown_table(analysis.overview),
        runs=[run_details(r, labels[id(r)]) for r in analysis.runs],
    )
