"""bin/charts: result files or folders -> charts (PNG, SVG), CSV tables and report.html."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .errors import UserError

DESCRIPTION = """\
Draws charts from mqbench or OpenMessaging Benchmark result files and writes a
self-contained HTML report (charts inlined, value tables, each run's metadata).

Charts: publish throughput vs message size (msg/s and MB/s); end-to-end and publish
latency percentiles (p50, p75, p95, p99, p99.9) vs target rate; latency distributions
from the stored histograms (mqbench results only); each run over time. Results are
grouped by the fields inside them (workload, message size, rate, sweep point), never
by file name. MB = 2^20 bytes.

Writes into OUT: report.html, charts/*.png and *.svg, tables/*.csv (the values under
each chart) and runs.csv (one row per run). The last line printed is the report's path.
"""

EPILOG = """\
examples:
  bin/charts results/ -o /tmp/report
  bin/charts results/kafka.json results/redis.json -o /tmp/report
exit status: 0 done, 2 a usage error (missing file, not a result, empty folder)
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="bin/charts", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+", metavar="RESULTS",
                        help="result JSON files or folders (searched recursively for *.json)")
    parser.add_argument("-o", "--out", metavar="OUT",
                        help="output folder (default: 'report' next to the first result file or in the first folder)")
    parser.add_argument("--title", default="mqbench report", help="report title (default: %(default)s)")
    parser.add_argument("--no-svg", action="store_true", help="write PNG only (faster)")
    parser.add_argument("-j", "--jobs", type=positive_int, metavar="N",
                        help="processes drawing charts at once (default: one per CPU)")
    return parser.parse_args(argv)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of 1 or more")
    return value


def default_out(first: str) -> Path:
    path = Path(first)
    return (path if path.is_dir() else path.parent) / "report"


def run(argv) -> int:
    args = parse_args(argv)
    # Imported here so that --help and argument errors answer without loading matplotlib.
    from .build import analyse
    from .loading import load_runs
    from .render import default_jobs, write_outputs
    from .report import render_report

    started = time.monotonic()
    runs = load_runs(args.results)
    out = Path(args.out) if args.out else default_out(args.results[0])
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: exists and is not a folder; -o takes a folder")
    drivers = sorted({r.driver for r in runs})
    print(f"read {len(runs)} result(s): {len(drivers)} driver(s) ({', '.join(drivers)})")
    analysis = analyse(runs)
    write_outputs(analysis, out, formats=("png",) if args.no_svg else ("png", "svg"),
                  jobs=args.jobs or default_jobs())
    report = out / "report.html"
    try:
        report.write_text(render_report(analysis, [str(p) for p in args.results], args.title), encoding="utf-8")
    except OSError as error:
        raise UserError(f"{report}: cannot write ({error.strerror})") from None
    for note in analysis.notes:
        print(f"note: {note}")
    charts = analysis.charts()
    kinds = {}
    for chart in charts:
        kinds[chart.kind] = kinds.get(chart.kind, 0) + 1
    summary = ", ".join(f"{n} {k}" for k, n in kinds.items())
    print(f"wrote {len(charts)} chart(s) ({summary}) to {out / 'charts'} "
          f"in {time.monotonic() - started:.1f} s")
    print(report.resolve())
    return 0


def main(argv=None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except UserError as error:
        print(f"charts: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
