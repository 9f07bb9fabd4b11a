"""How numbers, sizes and names are written in tables, titles and file names."""

from __future__ import annotations

import math
import re

MISSING = "–"


def format_number(value) -> str:
    """Rates and latencies: thousands separators for large values, 4 significant digits below."""
    if value is None:
        return MISSING
    value = float(value)
    if math.isnan(value):
        return MISSING
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if value == 0:
        return "0"
    return f"{value:.4g}"


def format_bytes(size) -> str:
    """Message sizes as the paper writes them: 100 B, 1 KB (1024 B), 1 MB (2^20 B)."""
    size = int(size)
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return f"{size // (1024 * 1024)} MB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024} KB"
    return f"{size} B"


def format_change(relative) -> str:
    if relative is None:
        return MISSING
    if math.isinf(relative):
        return "+∞%" if relative > 0 else "-∞%"
    return f"{relative * 100:+.1f}%"


def slug(text: str, limit: int = 60) -> str:
    """A file-name-safe version of a title."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return cleaned[:limit].rstrip("-") or "chart"


_NUMBER = re.compile(r"(\d+(?:\.\d+)?)")


def natural_key(text: str) -> tuple:
    """Sorts "1MB/s" before "10MB/s" and "50 KB" before "100 KB": numbers compare as numbers."""
    return tuple((0, float(part), "") if i % 2 else (1, 0.0, part.lower())
                 for i, part in enumerate(_NUMBER.split(text or "")) if part)
