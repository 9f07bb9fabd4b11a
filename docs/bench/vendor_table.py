"""The table of docs/bench/vendor-tools.sh: each vendor tool's rate from its own output, mqbench's
from its result files, and their ratio run by run.

    python3 docs/bench/vendor_table.py <output folder> <warm-up seconds> <measured seconds>

Where a vendor tool prints rates as it goes (Kafka's tools every 5 s, PerfTest and `artemis perf
client` every second), its rate is the mean over the same stretch as mqbench's measured phase:
from the end of the warm-up, for as long. redis-benchmark prints one figure for the whole run.
With broker and clients placed apart, each run's busy share of the clients' and the broker's CPUs
is shown too: a broker busy all the time while the client had time to spare was the limit.
"""
import glob
import json
import os
import re
import sys


def mean(values):
    return sum(values) / len(values) if values else None


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def kafka(log, warmup, measured):
    # ProducerPerformance every 5 s: "N records sent, X records/sec (Y MB/sec), ..."; the last line
    # (with percentiles) is the whole run's.
    windows = [float(m.group(1)) for m in re.finditer(r"^\d+ records sent, ([\d.]+) records/sec .*latency\.$",
                                                     read(log), re.M)]
    # The same stretch as mqbench's measured phase: from the warm-up's end, for as long.
    published = mean(windows[warmup // 5:(warmup + measured) // 5])
    # ConsumerPerformance with --show-detailed-stats every 5 s: "time, threadId, MB, MB.sec, nMsg,
    # nMsg.sec, ..."; windows before the producer began have no messages.
    rows = [line.split(",") for line in read(log + ".consumer").splitlines() if re.match(r"^\d{4}-\d\d-\d\d ", line)]
    busy = [float(r[5]) for r in rows if len(r) > 5 and float(r[5]) > 0]
    consumed = mean(busy[warmup // 5:(warmup + measured) // 5] or busy)
    return published, consumed


def perftest(log, warmup, measured):
    # "id: test-..., time 12.001 s, sent: N msg/s, returned: ..., confirmed: N msg/s, ..., received:
    # N msg/s, ...": confirmed, as mqbench counts a send when the broker confirmed it.
    confirmed, received = [], []
    for m in re.finditer(r"time:? ([\d.]+) ?s, sent: \d+ msg/s.*?confirmed: (\d+) msg/s.*?received: (\d+) msg/s", read(log)):
        if warmup < float(m.group(1)) <= warmup + measured:
            confirmed.append(float(m.group(2)))
            received.append(float(m.group(3)))
    return mean(confirmed), mean(received)


def artemis(log, warmup, measured):
    # perf client prints a block a second: "--- warmup true|false", then "--- sent: N msg/sec",
    # "--- blocked", "--- completed: N msg/sec" (sends the broker answered, with a confirmation
    # window) and "--- received: N msg/sec". Its own --warmup marks the first seconds.
    completed, received = [], []
    for block in read(log).split("--- warmup ")[1:]:
        done = re.search(r"completed:\s+(\d+) msg/sec", block)
        took = re.search(r"received:\s+(\d+) msg/sec", block)
        if block.startswith("false") and done and took:
            completed.append(float(done.group(1)))
            received.append(float(took.group(1)))
    return mean(completed[:measured]), mean(received[:measured])


def redis(log, warmup, measured):
    m = re.findall(r"([\d.]+) requests per second", read(log))
    return (float(m[-1]) if m else None), None


VENDORS = {"kafka": ("kafka-producer/consumer-perf-test", kafka), "rabbitmq": ("PerfTest", perftest),
           "artemis": ("artemis perf client", artemis), "redis": ("redis-benchmark (sends only)", redis)}


# A run in which the host took this share of the machine's CPU time (steal) or more met a slower
# machine than the other run of its pair: the summary also gives the mean without such pairs.
UNDISTURBED = 0.02


def run_number(path):
    return int(re.findall(r"\d+", os.path.basename(path))[-1])


# How mqbench's console (a run's log) names the result file it wrote.
MQBENCH_RESULT = re.compile(r"^-- result \([a-z]+\): (\S+\.json)", re.MULTILINE)


def results_by_run(folder, named):
    """The result files of one tool's folder by repeat number: each run-N.log names the file its run
    wrote, so a run that wrote none (a timeout) leaves a gap instead of shifting every later file onto
    the wrong repeat. Logs that name no file at all (an older folder): the files in the order they ran
    (their names carry their start time), numbered from 1. Returns {N: path or None}."""
    files = {}
    for log in glob.glob(os.path.join(folder, "run-*.log")):
        n = run_number(log)
        found = named.search(read(log))
        path = os.path.join(folder, os.path.basename(found.group(1))) if found else None
        files[n] = path if path and os.path.exists(path) else None
    if not any(files.values()):
        files.update(enumerate(sorted(glob.glob(os.path.join(folder, "*.json"))), 1))
    return dict(sorted(files.items()))


def recorded_steal(log):
    """The host's share of the CPU time during another tool's run, written beside its log
    (vendor-tools.sh, side-by-side.sh: lib.sh's steal_share_since), or None."""
    path = log[: -len(".log")] + ".steal"
    return float(read(path)) if os.path.exists(path) else None


def result_steal(result):
    """The largest share of the CPU time the host took from any of an mqbench result's workers, or None."""
    return max((w.get("hostStealShare") or 0 for w in result.get("clientLoad", {}).get("workers", [])), default=None)


def cpus_busy(log):
    """How busy the clients' and the broker's CPUs were in the run (vendor-tools.sh writes it when it
    places them apart, cpu_busy.py), as (client, broker), or None."""
    path = log[: -len(".log")] + ".cpus"
    fields = dict(part.split("=") for part in read(path).split()) if os.path.exists(path) else {}
    return (float(fields["client"]), float(fields["broker"])) if "client" in fields and "broker" in fields else None


def busy_text(busy):
    return "n/a" if busy is None else f"{busy[0] * 100:.0f} / {busy[1] * 100:.0f}"


def percent(share):
    return "n/a" if share is None else f"{share * 100:.1f}"


def fmt(value):
    return "n/a" if value is None else f"{value:,.0f}"


def main(out, warmup, measured):
    placed = bool(glob.glob(os.path.join(out, "*", "*", "run-*.cpus")))
    print("| broker | vendor tool | run | vendor publish / consume msg/s | mqbench publish / consume msg/s | mqbench / vendor (publish) | host took % (vendor / mqbench) |"
          + (" client / broker CPUs busy % (vendor; mqbench) |" if placed else ""))
    print("|---|---|---|---|---|---|---|" + ("---|" if placed else ""))
    ratios, undisturbed, busy = {}, {}, {}
    for broker in sorted(os.listdir(os.path.join(out, "vendor"))):
        name, parse = VENDORS[broker]
        logs = sorted(glob.glob(os.path.join(out, "vendor", broker, "run-*.log")), key=run_number)
        # mqbench's run of the same repeat, by the result file its log names (a failed run leaves a gap)
        results = results_by_run(os.path.join(out, "mqbench", broker), MQBENCH_RESULT)
        for log in logs:
            n = run_number(log)
            vpub, vcons = parse(log, warmup, measured)
            vsteal, msteal = recorded_steal(log), None
            mpub = mcons = None
            if results.get(n):
                result = json.load(open(results[n]))
                summary = result["summary"]
                mpub, mcons = summary["publishRate"]["mean"], summary["consumeRate"]["mean"]
                mcons = mcons if broker != "redis" else None
                msteal = result_steal(result)
            ratio = mpub / vpub if mpub and vpub else None
            if ratio:
                ratios.setdefault(broker, []).append(ratio)
                if vsteal is not None and msteal is not None and max(vsteal, msteal) < UNDISTURBED:
                    undisturbed.setdefault(broker, []).append(ratio)
            vbusy = cpus_busy(log)
            mbusy = cpus_busy(os.path.join(out, "mqbench", broker, f"run-{n}.log"))
            busy.setdefault(broker, []).extend(b for b in (vbusy, mbusy) if b)
            print(f"| {broker} | {name} | {n} | {fmt(vpub)} / {fmt(vcons)} | {fmt(mpub)} / {fmt(mcons)} | "
                  f"{'n/a' if ratio is None else f'{ratio:.2f}'} | {percent(vsteal)} / {percent(msteal)} |"
                  + (f" {busy_text(vbusy)}; {busy_text(mbusy)} |" if placed else ""))
    for broker, values in ratios.items():
        calm = undisturbed.get(broker, [])
        print(f"{broker}: mqbench / vendor {min(values):.2f}-{max(values):.2f} over {len(values)} pairs, mean {mean(values):.2f}"
              + (f"; over the {len(calm)} pairs in which the host took under {UNDISTURBED:.0%} of the CPU in both runs,"
                 f" mean {mean(calm):.2f}" if calm and len(calm) < len(values) else ""))
        if busy.get(broker):
            clients, brokers = [b[0] for b in busy[broker]], [b[1] for b in busy[broker]]
            print(f"{broker}: over the {len(busy[broker])} runs measured, the broker's CPUs were {min(brokers):.0%}-"
                  f"{max(brokers):.0%} busy and the clients' {min(clients):.0%}-{max(clients):.0%}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
