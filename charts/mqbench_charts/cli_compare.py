"""bin/compare: side-by-side table of two or more results, relative changes, regression check."""

from __future__ import annotations

import argparse
import sys

from .errors import UserError

DESCRIPTION = """\
Compares mqbench or OpenMessaging Benchmark results side by side: publish and consume
rate, MB/s, end-to-end and publish latency percentiles, with the change of every
column relative to the first one (the baseline). More than two arguments give one
column each.

Arguments are result files or folders. If every argument holds one result, those
are compared whatever they are. Otherwise results are matched across arguments by
driver, workload name and sweep point (fields inside the files, not file names);
tests found in only some arguments are listed as not compared.

Noise: every result stores one value per 10-s period for each metric (publishRate,
consumeRate, endToEndLatency99pct, ...). The standard deviation of those periods,
sd, is how much the metric moves within one run while nothing changes. A change is
a REGRESSION only when it is worse than --threshold AND |b - a| exceeds
--noise-factor x sqrt(sd_a^2 + sd_b^2). Changes beyond the threshold but inside that
band are shown as "(noise)"; latency changes of 1 us or less (the histogram's
resolution) never count.

Key metrics (marked *) decide the exit status: publish rate, consume rate,
end-to-end latency p50/p95/p99, publish latency p50/p95/p99.

A partial result (stopped early) is compared on the periods it measured; its status is
in the header. A result that measured no period (an aborted run) is not compared: it is
listed with its reason, and if nothing else is left the exit status is 2.
"""

EPILOG = """\
examples:
  bin/compare results/old.json results/new.json
  bin/compare baseline/ candidate/ --threshold 5% --format markdown
exit status: 0 no key metric regressed (or no --threshold), 1 a key metric regressed
beyond the threshold and the noise, 2 a usage error (missing file, not a result)
"""


def threshold_value(text: str) -> float:
    """'5%' or '5' -> 0.05."""
    cleaned = text.strip().rstrip("%").strip()
    try:
        value = float(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a percentage (e.g. 5%)") from None
    if not 0 <= value < 1000:
        raise argparse.ArgumentTypeError(f"'{text}': give a percentage between 0% and 1000%")
    return value / 100.0


def noise_factor_value(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the noise factor cannot be negative")
    return value


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="bin/compare", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+", metavar="RESULT",
                        help="result files or folders; the first is the baseline")
    parser.add_argument("--threshold", type=threshold_value, metavar="PCT",
                        help="mark changes worse than PCT (e.g. 5%%) beyond the noise as regressions, exit 1 on any")
    parser.add_argument("--noise-factor", type=noise_factor_value, default=1.0, metavar="K",
                        help="width of the noise band in period standard deviations (default: %(default)s)")
    parser.add_argument("--format", choices=("text", "markdown", "json", "csv"), default="text",
                        help="output format (default: %(default)s)")
    args = parser.parse_args(argv)
    if len(args.results) < 2:
        parser.error("give at least two results (files or folders) to compare")
    return args


def run(argv) -> int:
    args = parse_args(argv)
    from .compare import compare, match_runs, measured_nothing
    from .compare_output import FORMATS
    from .loading import load_runs

    sides = [load_runs([path]) for path in args.results]
    matched, unmatched = match_runs(sides)
    if not matched:
        raise UserError("nothing to compare: no driver/workload/sweep point is present in every argument "
                        f"({'; '.join(unmatched[:3])})")
    # A run that measured nothing is left out, with the reason; partial runs are compared on
    # the periods they measured (their status is in the table's header).
    empty = [(title, [why for why in map(measured_nothing, runs) if why]) for title, runs in matched]
    unmatched += [f"{title}: {'; '.join(whys)}" for title, whys in empty if whys]
    matched = [pair for pair, (_, whys) in zip(matched, empty) if not whys]
    if not matched:
        raise UserError("nothing to compare: " + "; ".join(unmatched[:3]))
    comparisons = [compare(runs, title, args.threshold, args.noise_factor) for title, runs in matched]
    print(FORMATS[args.format](comparisons, unmatched, args.threshold, args.noise_factor))
    regressions = [(c, row, i) for c in comparisons for row, i in c.regressions()]
    if args.threshold is not None and regressions:
        if args.format in ("text", "markdown"):
            listed = "; ".join(f"{row.metric.label} [{i + 1}] {row.cells[i].change * 100:+.1f}%"
                               for _, row, i in regressions[:6])
            print(f"\n{len(regressions)} key metric change(s) worse than {args.threshold * 100:g}% beyond the "
                  f"noise: {listed}")
        return 1
    return 0


def main(argv=None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except UserError as error:
        print(f"compare: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
