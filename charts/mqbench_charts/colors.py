"""One colour (and marker) per driver, the same in every chart of a report.

Brokers keep the 2023 paper's colours (green ActiveMQ Artemis, yellow RabbitMQ, blue Redis,
red Kafka) so charts read like the paper's; the RabbitMQ yellow is darkened to stay readable
on white. Several drivers of one broker (e.g. "Kafka" and "Kafka-acks-all") get shades of the
broker's colour and different markers. Unknown drivers take the remaining palette colours in
sorted-name order, so the assignment depends only on the set of driver names (the in-memory
loopback driver counts as unknown: its variants are told apart by hue, not by shade of grey).
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.colors import to_hex, to_rgb

# (substring of the lower-cased driver name, family, base colour); first match wins.
BROKER_COLOURS = (
    ("artemis", "artemis", "#2ca02c"),
    ("activemq", "artemis", "#2ca02c"),
    ("rabbit", "rabbitmq", "#e6b800"),
    ("redis", "redis", "#1f77b4"),
    ("kafka", "kafka", "#d62728"),
    ("pulsar", "pulsar", "#17becf"),
    ("rocketmq", "rocketmq", "#6a3d9a"),
    ("mongo", "mongo", "#8c564b"),
    ("sqs", "sqs", "#ff7f0e"),
)
# Ordered so that neighbours differ most: the first two unknown drivers are purple and olive.
SPARE_COLOURS = ("#9467bd", "#bcbd22", "#e377c2", "#555555", "#aec7e8", "#98df8a", "#ff9896", "#c5b0d5")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
# Lightness steps for the 2nd, 3rd... driver of one family: >0 mixes with white, <0 with black.
SHADES = (0.0, 0.45, -0.35, 0.65, -0.55, 0.25)


@dataclass(frozen=True)
class Style:
    color: str
    marker: str


def _shade(colour: str, amount: float) -> str:
    r, g, b = to_rgb(colour)
    if amount >= 0:
        mixed = (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)
    else:
        mixed = (r * (1 + amount), g * (1 + amount), b * (1 + amount))
    return to_hex(mixed)


def family_of(driver: str) -> tuple[str, str | None]:
    lower = driver.lower()
    for needle, family, colour in BROKER_COLOURS:
        if needle in lower:
            return family, colour
    return driver, None


class DriverStyles:
    """Maps driver names to styles; build it once from every driver in the report."""

    def __init__(self, drivers):
        self._styles: dict[str, Style] = {}
        families: dict[str, list[str]] = {}
        base: dict[str, str | None] = {}
        for driver in sorted(set(drivers)):
            family, colour = family_of(driver)
            families.setdefault(family, []).append(driver)
            base[family] = colour
        spare = 0
        for family in sorted(families):
            colour, first_marker = base[family], 0
            if colour is None:
                # Unknown drivers also differ by marker, for readers who do not tell hues apart.
                colour, first_marker = SPARE_COLOURS[spare % len(SPARE_COLOURS)], spare
                spare += 1
            for index, driver in enumerate(families[family]):
                self._styles[driver] = Style(_shade(colour, SHADES[index % len(SHADES)]),
                                             MARKERS[(first_marker + index) % len(MARKERS)])

    def __getitem__(self, driver: str) -> Style:
        if driver not in self._styles:
            # A driver seen only now (should not happen inside one report): still deterministic.
            family, colour = family_of(driver)
            self._styles[driver] = Style(colour or SPARE_COLOURS[len(self._styles) % len(SPARE_COLOURS)], "o")
        return self._styles[driver]

    def color(self, driver: str) -> str:
        return self[driver].color

    def marker(self, driver: str) -> str:
        return self[driver].marker
