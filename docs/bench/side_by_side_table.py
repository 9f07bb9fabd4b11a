"""The table of docs/bench/side-by-side.sh: upstream OMB's open-loop runs and mqbench's runs on the
same broker, run by run, then per broker the comparison the maximum-rate check asks for.

    python3 docs/bench/side_by_side_table.py <output folder>

A row per run: upstream's rates are the means of its 10-s periods (from its result file, or from its
log for its Redis run, which writes none); mqbench's are its measured phase's, with what its search
found and whether the measured phase held it. Below the table, per broker:

- mqbench's mean publish rate over upstream's, each the mean of its runs (the check: at least
  0.97), and the same pair by pair (the two runs of one repeat, which ran back to back);
- how far apart each tool's repeats are (the highest over the lowest, less one; the check: 5 % at
  most for mqbench);
- the same ratio over the pairs in which the host took under 2 % of the machine's CPU in both runs,
  when some pairs were disturbed and some were not: a run in which the host took more met a slower
  machine than the other run of its pair.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vendor_table import MQBENCH_RESULT, UNDISTURBED, mean, recorded_steal, result_steal, results_by_run  # noqa: E402

# The check of the maximum-rate search against upstream: mqbench's mean at least this share of upstream's.
AT_LEAST = 0.97
# ... and two repeats of mqbench at most this far apart.
REPEATS_WITHIN = 0.05

PERIOD = re.compile(r"Pub rate +([0-9.]+) msg/s .*Cons rate +([0-9.]+) msg/s")


def periods_from_log(path):
    """Upstream's 10-s periods of the measured phase, as its log printed them: its Redis run never
    writes its result file (it does not end after the measured minute), but its log has the rates."""
    measured, publish, consume = False, [], []
    for line in open(path, errors="replace"):
        measured = measured or "Starting benchmark traffic" in line
        found = PERIOD.search(line) if measured else None
        if found:
            publish.append(float(found.group(1)))
            consume.append(float(found.group(2)))
    return publish, consume


def open_loop_note(result):
    """An open-loop run's note: its median publish delay (upstream and mqbench keep it under OMB's name)."""
    delay = result.get("aggregatedPublishDelayLatency50pct")
    return f"open loop; publish delay p50 {delay / 1e6:.1f} s" if delay else "open loop"


# How upstream's log names the result file it wrote.
UPSTREAM_RESULT = re.compile(r"Writing test result into (\S+\.json)")


def missing_run(n, why):
    return {"run": n, "publish": None, "consume": None, "steal": None, "note": why}


def upstream_runs(folder):
    """Upstream's runs in one broker's folder by repeat: dicts of run, publish, consume, steal (the
    share recorded around the whole run, or None) and note; publish None for a run without rates."""
    runs = []
    for n, path in results_by_run(folder, UPSTREAM_RESULT).items():
        log = os.path.join(folder, f"run-{n}.log")
        if path:
            r = json.load(open(path))
            run = {"run": n, "publish": mean(r["publishRate"]), "consume": mean(r["consumeRate"]),
                   "steal": recorded_steal(log), "note": open_loop_note(r)}
        else:
            publish, consume = periods_from_log(log)
            if not publish:
                runs.append(missing_run(n, "no result: no result file and no measured period in its log"))
                continue
            run = {"run": n, "publish": mean(publish), "consume": mean(consume), "steal": recorded_steal(log),
                   "note": f"open loop; from its log, {len(publish)} periods (it wrote no result file)"}
        steal = run["steal"]
        run["note"] += "; the host took " + ("(not recorded)" if steal is None else f"{100 * steal:.1f} %") + " over the whole run"
        runs.append(run)
    return runs


def mqbench_runs(folder, searched):
    """mqbench's runs in one broker's folder by repeat, as upstream_runs; {@code searched}:
    producerRate 0, with a search to describe."""
    runs = []
    for n, path in results_by_run(folder, MQBENCH_RESULT).items():
        if not path:
            runs.append(missing_run(n, "no result: its log names no result file"))
            continue
        r = json.load(open(path))
        steal = result_steal(r)
        if searched:
            d = r["rateDiscovery"]
            held = d["measuredPhases"][-1]["held"] if d.get("measuredPhases") else None
            settled = (f"converged at {d.get('convergedAtSecond') or 0:.0f} s" if d["converged"]
                       else f"NOT converged (warm-up extended {d.get('warmupExtendedSeconds') or 0:.0f} s)")
            note = f"found {d['foundRate']:,.0f}; {settled}; measured phase {'held' if held else 'did NOT hold'}"
        else:
            note = open_loop_note(r)
        note += "; the host took " + ("(not recorded)" if steal is None else f"{100 * steal:.1f} %")
        runs.append({"run": n, "publish": r["summary"]["publishRate"]["mean"],
                     "consume": r["summary"]["consumeRate"]["mean"], "steal": steal, "note": note})
    return runs


def spread(runs):
    """The highest publish rate over the lowest, less one; None with fewer than two runs."""
    rates = [run["publish"] for run in runs if run["publish"]]
    return max(rates) / min(rates) - 1 if len(rates) >= 2 else None


def comparison(broker, upstream, mqbench, label="mqbench"):
    """The summary lines of one broker: the ratio of the means, pair by pair, the repeats' spread,
    and the ratio over the undisturbed pairs."""
    upstream = [r for r in upstream if r["publish"]]
    mqbench = [r for r in mqbench if r["publish"]]
    if not upstream or not mqbench:
        return [f"{broker}: {label} / upstream: n/a (a tool has no run)"]
    ratio = mean([r["publish"] for r in mqbench]) / mean([r["publish"] for r in upstream])
    # the runs of one repeat ran back to back: a repeat one tool has no result for makes no pair
    ours_by_run = {m["run"]: m for m in mqbench}
    paired = [(u, ours_by_run[u["run"]]) for u in upstream if u["run"] in ours_by_run]
    pairs = [m["publish"] / u["publish"] for u, m in paired]
    line = (f"{broker}: {label} / upstream {ratio:.2f} (means of {len(mqbench)} and {len(upstream)} runs; "
            f"{'at least' if ratio >= AT_LEAST else 'under'} {AT_LEAST:.2f}); pair by pair "
            + (", ".join(f"{p:.2f}" for p in pairs) or "none"))
    ours, theirs = spread(mqbench), spread(upstream)
    if ours is not None:
        line += (f"; {label}'s repeats {100 * ours:.1f} % apart ({'within' if ours <= REPEATS_WITHIN else 'more than'}"
                 f" {100 * REPEATS_WITHIN:.0f} %), upstream's " + ("n/a" if theirs is None else f"{100 * theirs:.1f} %"))
    lines = [line]
    calm = [(u, m) for u, m in paired
            if u["steal"] is not None and m["steal"] is not None and max(u["steal"], m["steal"]) < UNDISTURBED]
    if not pairs:
        lines.append(f"{broker}: no repeat has a result from both tools, so there is no pair to compare")
    elif calm and len(calm) < len(pairs):
        calm_ratio = mean([m["publish"] for _, m in calm]) / mean([u["publish"] for u, _ in calm])
        lines.append(f"{broker}: over the {len(calm)} of {len(pairs)} pairs in which the host took under "
                     f"{100 * UNDISTURBED:.0f} % of the CPU in both runs, {label} / upstream {calm_ratio:.2f}")
    elif not calm:
        lines.append(f"{broker}: the host took {100 * UNDISTURBED:.0f} % of the CPU or more in a run of every pair"
                     " (or it was not recorded): these pairs met a machine that changed under them")
    return lines


def main(out):
    print("| broker | tool | run | publish msg/s | consume msg/s | note |")
    print("|---|---|---|---|---|---|")
    summary = []
    for broker in sorted(os.listdir(os.path.join(out, "upstream"))):
        upstream = upstream_runs(os.path.join(out, "upstream", broker))
        tools = {"upstream": upstream,
                 "mqbench": mqbench_runs(os.path.join(out, "mqbench", broker), searched=True),
                 "mqbench-open": mqbench_runs(os.path.join(out, "mqbench-open", broker), searched=False)}
        for tool, runs in tools.items():
            for run in runs:
                rates = (f"{run['publish']:,.0f} | {run['consume']:,.0f}" if run["publish"] is not None else "- | -")
                print(f"| {broker} | {tool} | {run['run']} | {rates} | {run['note']} |")
        summary += comparison(broker, upstream, tools["mqbench"])
        if tools["mqbench-open"]:
            summary += comparison(broker, upstream, tools["mqbench-open"], "mqbench open loop")
    print()
    for line in summary:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
