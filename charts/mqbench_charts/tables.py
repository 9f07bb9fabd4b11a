"""Value tables: the exact numbers under each chart, as text cells and as raw values for CSV."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

from .formatting import MISSING, format_number


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)     # formatted, as shown
    values: list[list] = field(default_factory=list)        # raw, as written to CSV
    note: str = ""

    def add(self, *cells) -> None:
        """Adds a row; numbers are formatted, strings kept, None shown as a dash."""
        if len(cells) != len(self.columns):
            raise ValueError(f"{self.title}: {len(cells)} cells for {len(self.columns)} columns")
        self.values.append(list(cells))
        self.rows.append([_cell(c) for c in cells])

    def column(self, name: str) -> list[str]:
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def write_csv(self, path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(self.columns)
            for row in self.values:
                writer.writerow(["" if _missing(v) else v for v in row])


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _cell(value) -> str:
    if _missing(value):
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return format_number(value)
    return str(value)
