"""Writing charts (PNG and SVG) and value tables (CSV) into the output folder."""

from __future__ import annotations

import multiprocessing
import os
import re
from pathlib import Path

import matplotlib

from .build import Analysis
from .errors import UserError

FORMATS = ("png", "svg")
OWN_FILE = re.compile(r"^\d{2,}-[a-z0-9-]+(-\d+)?\.(png|svg|csv)$")


def default_jobs() -> int:
    """One process per CPU this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def write_outputs(analysis: Analysis, out: Path, formats=FORMATS, jobs: int = 1) -> None:
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
    saves = []
    for index, chart in enumerate(analysis.charts(), 1):
        name = f"{index:02d}-{chart.slug}"
        files = [(charts_dir / f"{name}.{fmt}", fmt) for fmt in formats]
        saves.append((chart.figure, files))
        chart.files.update({fmt: str(path) for path, fmt in files})
        for number, table in enumerate(chart.tables, 1):
            suffix = "" if len(chart.tables) == 1 else f"-{number}"
            table.write_csv(tables_dir / f"{name}{suffix}.csv")
    _save_figures(saves, jobs)
    analysis.overview.write_csv(out / "runs.csv")


# The figures to save, set just before the pool forks so that the children inherit them instead
# of receiving pickled copies.
_pending: list = []


def _save_figures(saves: list, jobs: int) -> None:
    """Saves every (figure, [(path, format), ...]); drawing is matplotlib's slow part, so with
    jobs > 1 forked processes each draw a share of the figures. One process saves all formats
    of a figure, in order, because a drawing settles the layout the next one starts from: the
    files are then the same whatever the number of processes."""
    global _pending
    if jobs <= 1 or len(saves) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for index in range(len(saves)):
            _save_one(saves, index)
        return
    _pending = saves
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, len(saves))) as pool:
            pool.map(_save_pending, range(len(saves)), chunksize=1)
    finally:
        _pending = []


def _save_pending(index: int) -> None:
    _save_one(_pending, index)


def _save_one(saves: list, index: int) -> None:
    figure, files = saves[index]
    # Text stays text in SVG (searchable, small), and no timestamps: re-running on the same
    # results gives identical files.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mqbench"}):
        for path, fmt in files:
            metadata = {"Date": None} if fmt == "svg" else {"Software": None}
            figure.savefig(path, format=fmt, dpi=100, metadata=metadata)
