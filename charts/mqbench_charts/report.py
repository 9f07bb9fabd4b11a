"""The HTML report: one self-contained file (PNG charts inlined as data URIs, CSS inline).

It must open anywhere a result folder is copied to, with no network and no sibling files,
so nothing is linked: not a script, not a font, not an image.
"""

from __future__ import annotations

import base64
import datetime
import html
from pathlib import Path

from . import __version__
from .build import Analysis
from .chart_common import Chart
from .grouping import run_labels
from .report_runs import run_html
from .tables import Table
from .verdict import Verdict, delivery, delivery_problems, verdicts

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:24px auto;
max-width:1400px;padding:0 16px;color:#222;background:#fff;line-height:1.4}
h1{font-size:1.6em;margin-bottom:4px}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:36px}
h3{margin-top:28px}.meta{color:#555;font-size:.9em}
table{border-collapse:collapse;margin:8px 0 16px;font-size:.85em}
th,td{border:1px solid #ccc;padding:3px 7px;text-align:right;white-space:nowrap}
th{background:#f1f3f5}td.text,th.text{text-align:left}
tr:nth-child(even) td{background:#fafafa}
img.chart{max-width:100%;border:1px solid #e3e3e3;margin:6px 0}
.note{background:#fff8e1;border-left:4px solid #f0b400;padding:6px 10px;margin:6px 0;font-size:.9em}
.swatch{display:inline-block;width:12px;height:12px;margin:0 4px 0 10px;vertical-align:middle;border-radius:2px}
.status-complete{color:#1b7f2a;font-weight:600}.status-partial,.status-aborted{color:#c62828;font-weight:600}
pre{background:#f6f8fa;padding:8px;overflow-x:auto;font-size:.8em}
details{margin:6px 0}summary{cursor:pointer;font-weight:600}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 16px;font-size:.88em}
dl.facts dt{color:#555}dl.facts dd{margin:0}
nav a{margin-right:14px}.scroll{overflow-x:auto;max-width:100%}
td.bad{color:#c62828;font-weight:600}.alarm{background:#fdecea;border-left:4px solid #c62828;padding:6px 10px;
margin:6px 0;color:#8e1b1b}
"""


def _e(value) -> str:
    return html.escape("" if value is None else str(value))


def table_html(table: Table) -> str:
    numeric = [all(_is_number(row[i]) for row in table.values if row[i] is not None) for i in range(len(table.columns))]
    head = "".join(f'<th class="{"" if numeric[i] else "text"}">{_e(c)}</th>' for i, c in enumerate(table.columns))
    body = []
    for row in table.rows:
        cells = "".join(f'<td class="{"" if numeric[i] else "text"}">{_e(c)}</td>' for i, c in enumerate(row))
        body.append(f"<tr>{cells}</tr>")
    note = f'<div class="note">{_e(table.note)}</div>' if table.note else ""
    return (f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
            f"{note}")


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _image(chart: Chart) -> str:
    png = chart.files.get("png")
    if not png:
        return ""
    data = base64.b64encode(Path(png).read_bytes()).decode("ascii")
    return f'<img class="chart" alt="{_e(chart.title)}" src="data:image/png;base64,{data}">'


def _chart_html(chart: Chart) -> str:
    parts = [f"<h3>{_e(chart.title)}</h3>", _image(chart)]
    parts += [f'<div class="note">{_e(n)}</div>' for n in chart.notes]
    if chart.kind in ("timeseries", "search"):
        # Per-period and per-trial tables can be long: folded by default.
        parts += [f"<details><summary>{_e(t.title)}</summary>{table_html(t)}</details>" for t in chart.tables]
    else:
        parts += [table_html(t) for t in chart.tables]
    files = " · ".join(f"{fmt.upper()}: {_e(Path(p).relative_to(Path(p).parent.parent))}"
                       for fmt, p in chart.files.items())
    if files:
        parts.append(f'<div class="meta">{files}</div>')
    return "\n".join(parts)


def _verdict_html(verdict: Verdict) -> str:
    text = [bool(verdict.rows) and all(row[i].sort is None for row in verdict.rows) for i in range(len(verdict.columns))]
    head = "".join(f'<th class="{"text" if text[i] else ""}">{_e(c)}</th>' for i, c in enumerate(verdict.columns))
    body = "".join("<tr>" + "".join(f'<td class="{_classes(c)}"{_sort_attr(c)}>{_e(c.text)}</td>' for c in row)
                   + "</tr>" for row in verdict.rows)
    return (f"<h3>{_e(verdict.title)}: {_e(verdict.description)}</h3>"
            f'<div class="scroll"><table class="verdict"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>')


def _classes(cell) -> str:
    return " ".join(name for name, on in (("bad", cell.bad), ("text", cell.sort is None)) if on)


def _sort_attr(cell) -> str:
    return f' data-sort="{cell.sort!r}"' if cell.sort is not None else ""


def summary_html(analysis: Analysis) -> list[str]:
    """The answer first: delivery problems in red, then who did best in each comparison."""
    out = ['<h2 id="summary">Summary</h2>']
    problems = delivery_problems(analysis.runs)
    if problems:
        listed = "; ".join(f"{r.driver} · {r.workload}{' · ' + r.sweep_text() if r.sweep_text() else ''}: "
                           f"{delivery(r).text}" for r in problems)
        out.append(f'<div class="alarm"><b>Delivery did not hold in {len(problems)} of {len(analysis.runs)} run(s)</b>: '
                   f"{_e(listed)}</div>")
    elif any(r.mqbench for r in analysis.runs):
        out.append('<p class="meta">Delivery held in every run whose delivery was checked: nothing lost, duplicated '
                   "or out of order where order is promised.</p>")
    found = verdicts(analysis.runs)
    if not found:
        out.append('<p class="meta">No comparison here has two drivers or more, so there is nothing to rank: the '
                   "figures of each run are in the table below.</p>")
    out += [_verdict_html(v) for v in found]
    return out


def render_report(analysis: Analysis, sources: list[str], title: str = "mqbench report") -> str:
    labels = run_labels(analysis.runs)
    drivers = sorted({r.driver for r in analysis.runs})
    swatches = "".join(f'<span class="swatch" style="background:{analysis.styles.color(d)}"></span>{_e(d)}'
                       for d in drivers)
    generated = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    nav = "".join(f'<a href="#{s.key}">{_e(s.title)}</a>' for s in analysis.sections)
    out = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f'<div class="meta">{len(analysis.runs)} run(s) from {_e(", ".join(sources))} · generated {generated} '
        f"by mqbench-charts {__version__} · MB = 2<sup>20</sup> bytes</div>",
        f'<p class="meta">drivers:{swatches}</p>',
        f"<nav><a href=\"#summary\">Summary</a>{nav}<a href=\"#runs\">Run details</a></nav>",
    ]
    out += summary_html(analysis)
    out += [f'<div class="note">{_e(n)}</div>' for n in analysis.notes]
    out += ["<h2 id=\"overview\">Runs</h2>", table_html(analysis.overview)]
    for section in analysis.sections:
        out.append(f'<h2 id="{section.key}">{_e(section.title)}</h2><p>{_e(section.intro)}</p>')
        out += [f'<div class="note">{_e(n)}</div>' for n in section.notes]
        out += [_chart_html(c) for c in section.charts]
    out.append('<h2 id="runs">Run details</h2>')
    out += [run_html(r, labels[id(r)]) for r in analysis.runs]
    out.append("</body></html>")
    return "\n".join(out)
