"""Reads back what was handed to matplotlib: the data of each labelled line on an axes."""

from __future__ import annotations

import numpy as np
from matplotlib.colors import to_hex


def drawn_lines(ax) -> dict[str, tuple[np.ndarray, np.ndarray, str]]:
    """label -> (x, y, colour) for plain lines and error-bar plots alike."""
    found = {}
    for container in ax.containers:
        line = container.lines[0]
        if line is not None:
            found[container.get_label()] = (np.asarray(line.get_xdata(), dtype=float),
                                             np.asarray(line.get_ydata(), dtype=float), to_hex(line.get_color()))
    for line in ax.get_lines():
        label = line.get_label()
        if not label.startswith("_"):
            found[label] = (np.asarray(line.get_xdata(), dtype=float), np.asarray(line.get_ydata(), dtype=float),
                            to_hex(line.get_color()))
    return found
