"""Writing charts (PNG and SVG) and value tables (CSV) into the output folder."""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib

from .build import Analysis
from .errors import UserError

FORMATS = ("png", "svg")
OWN_FILE = re.compile(r"^\d{2,}-[a-z0-9-]+(-\d+)?\.(png|svg|csv)$")


def write_outputs(analysis: Analysis, out: Path, formats=FORMATS) -> None:
    charts_dir, tables_dir = out / "charts", out / "tables"
    try:
        charts_dir.mkdir(parents=True, exist_ok=True)
        tables_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"{out}: cannot write the report there ({error.strerror}); "
                        "choose another folder with -o") from None
    # Charts of an earlier report in the same folder would otherwise linger with shifted
    # numbers; only files of our own naming pattern are removed.
    for folder, suffixes in ((charts_dir, (".png", ".svg")), (tables_dir, (".csv",))):
        for old in folder.iterdir():
            if OWN_FILE.match(old.name) and old.suffix in suffixes and old.is_file():
                old.unlink()
    # Text stays text in SVG (searchable, small), and no timestamps: re-running on the same
    # results gives identical files.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mqbench"}):
        for index, chart in enumerate(analysis.charts(), 1):
            name = f"{index:02d}-{chart.slug}"
            for fmt in formats:
                path = charts_dir / f"{name}.{fmt}"
                metadata = {"Date": None} if fmt == "svg" else {"Software": None}
                chart.figure.savefig(path, format=fmt, dpi=100, metadata=metadata)
                chart.files[fmt] = str(path)
            for number, table in enumerate(chart.tables, 1):
                suffix = "" if len(chart.tables) == 1 else f"-{number}"
                table.write_csv(tables_dir / f"{name}{suffix}.csv")
    analysis.overview.write_csv(out / "runs.csv")
