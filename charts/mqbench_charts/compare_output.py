"""Writing comparisons as aligned text, Markdown, JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
import math

from .compare import IMPROVEMENT, NOISE, REGRESSION, Comparison
from .formatting import MISSING, format_change, format_number
from .verdict import caveats

MARKS = {REGRESSION: "REGRESSION", IMPROVEMENT: "better", NOISE: "(noise)"}


def _header(comparison: Comparison) -> list[str]:
    columns = ["metric", "unit", "[1]"]
    for index in range(2, len(comparison.runs) + 1):
        columns += [f"[{index}]", f"[{index}] vs [1]"]
    return columns


def _value(cell) -> str:
    text = format_number(cell.value)
    if math.isfinite(cell.spread) and cell.spread > 0:
        # Two significant digits: the spread is a scale, not a measurement to read closely.
        text += f" ±{format_number(float(f'{cell.spread:.2g}'))}"
    return text


def _change(cell) -> str:
    if cell.change is None:
        return MISSING
    text = format_change(cell.change)
    mark = MARKS.get(cell.verdict)
    return f"{text} {mark}" if mark else text


def _rows(comparison: Comparison) -> list[list[str]]:
    rows = []
    for row in comparison.rows:
        cells = [row.metric.label + (" *" if row.metric.key_metric else ""), row.metric.unit, _value(row.cells[0])]
        for cell in row.cells[1:]:
            cells += [_value(cell), _change(cell)]
        rows.append(cells)
    return rows


def _legend(comparison: Comparison) -> list[str]:
    lines = []
    for index, run in enumerate(comparison.runs, 1):
        status = run.display_status
        extra = f", target {format_number(run.requested_rate)} msg/s" if run.requested_rate else ""
        # A figure that misleads when read alone misleads in a comparison too: its caveats come with it.
        said = caveats(run)
        care = f"; read with care: {', '.join(said)}" if said else ""
        lines.append(f"[{index}] {run.path}  ({run.driver}, {run.workload}{extra}, status {status}{care})"
                     + ("  <- baseline" if index == 1 else ""))
    return lines


def _footer(threshold, noise_factor) -> str:
    text = ("* key metric. ± is the standard deviation of the run's 10-s periods. Changes are relative to [1].")
    if threshold is not None:
        text += (f" REGRESSION: worse by more than {threshold * 100:g}% and by more than "
                 f"{noise_factor:g} x sqrt(sd[1]^2 + sd[n]^2); (noise): beyond the threshold but inside that band.")
    return text


def as_text(comparisons, unmatched, threshold, noise_factor) -> str:
    out = []
    for number, comparison in enumerate(comparisons, 1):
        if len(comparisons) > 1:
            out.append(f"== {number}/{len(comparisons)}: {comparison.title}")
        out += _legend(comparison)
        table = [_header(comparison)] + _rows(comparison)
        widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
        for r_index, row in enumerate(table):
            out.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
                       .rstrip())
            if r_index == 0:
                out.append("  ".join("-" * w for w in widths))
        out.append("")
    out += [f"not compared: {u}" for u in unmatched]
    out.append(_footer(threshold, noise_factor))
    return "\n".join(out)


def as_markdown(comparisons, unmatched, threshold, noise_factor) -> str:
    out = []
    for comparison in comparisons:
        out.append(f"### {comparison.title}\n")
        out += [f"- {line}" for line in _legend(comparison)]
        out.append("")
        header = _header(comparison)
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "|".join(["---", "---"] + ["---:"] * (len(header) - 2)) + "|")
        for row in _rows(comparison):
            out.append("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
        out.append("")
    out += [f"- not compared: {u}" for u in unmatched]
    out.append(_footer(threshold, noise_factor))
    return "\n".join(out)


def _number(value):
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return value


def as_json(comparisons, unmatched, threshold, noise_factor) -> str:
    document = {
        "threshold": threshold,
        "noiseFactor": noise_factor,
        "comparisons": [{
            "title": c.title,
            "runs": [{"file": str(r.path), "driver": r.driver, "workload": r.workload,
                      "sweepPoint": r.sweep_point, "status": r.status, "targetRate": r.requested_rate,
                      "caveats": caveats(r)}
                     for r in c.runs],
            "metrics": [{
                "metric": row.metric.key, "label": row.metric.label, "unit": row.metric.unit,
                "keyMetric": row.metric.key_metric, "higherIsBetter": row.metric.higher_is_better,
                "values": [_number(cell.value) for cell in row.cells],
                "periodStddev": [_number(cell.spread) for cell in row.cells],
                "changes": [_number(cell.change) for cell in row.cells],
                "noiseBand": [_number(cell.noise) for cell in row.cells],
                "verdicts": [cell.verdict for cell in row.cells],
            } for row in c.rows],
            "regressions": [row.metric.key for row, _ in c.regressions()],
        } for c in comparisons],
        "notCompared": unmatched,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


def as_csv(comparisons, unmatched, threshold, noise_factor) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["comparison", "metric", "unit", "key metric", "run", "file", "value", "period stddev",
                     "change vs run 1", "noise band", "verdict"])
    for comparison in comparisons:
        for row in comparison.rows:
            for index, (run, cell) in enumerate(zip(comparison.runs, row.cells), 1):
                writer.writerow([comparison.title, row.metric.key, row.metric.unit, row.metric.key_metric, index,
                                 str(run.path), _blank(cell.value), _blank(cell.spread), _blank(cell.change),
                                 _blank(cell.noise), cell.verdict or ""])
    return buffer.getvalue().rstrip("\n")


def _blank(value):
    number = _number(value)
    return "" if number is None else number


FORMATS = {"text": as_text, "markdown": as_markdown, "json": as_json, "csv": as_csv}
