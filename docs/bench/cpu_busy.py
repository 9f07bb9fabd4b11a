"""How busy the client's CPUs and the broker's CPUs were over a stretch of a run (Linux /proc/stat),
when the benchmark scripts place them apart (CLIENT_CPUS, BROKER_CPUS): a broker whose CPUs were
busy all the time while the client's had time to spare was the limit, and the other way round.

    python3 docs/bench/cpu_busy.py <output file> <start after s> <length s> <client CPUs> <broker CPUs>

Waits, reads the per-CPU ticks, waits the length, reads them again and writes one line to the output
file: "client=<share> broker=<share>", each the busy share of that set of CPUs (steal counted as
busy, as the host took it; the host's share of each run is recorded apart by vendor-tools.sh and in
mqbench's result). CPU sets are as taskset takes them: "0", "1-3", "0,2".
"""
import sys
import time


def cpu_set(text):
    cpus = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        cpus.update(range(int(low), int(high or low) + 1))
    return cpus


def ticks():
    """Per CPU: busy and total ticks so far."""
    result = {}
    with open("/proc/stat") as f:
        for line in f:
            if not line.startswith("cpu"):
                break
            if line.startswith("cpu "):
                continue                                    # the whole machine's line
            name, *fields = line.split()
            # user nice system idle iowait irq softirq steal (guest time is already in user)
            values = [int(v) for v in fields[:8]]
            total = sum(values)
            busy = total - values[3] - values[4]
            result[int(name[3:])] = (busy, total)
    return result


def share(before, after, cpus):
    busy = sum(after[c][0] - before[c][0] for c in cpus if c in after)
    total = sum(after[c][1] - before[c][1] for c in cpus if c in after)
    return busy / total if total else float("nan")


def main(out, start, length, client, broker):
    time.sleep(start)
    before = ticks()
    time.sleep(length)
    after = ticks()
    with open(out, "w") as f:
        f.write(f"client={share(before, after, cpu_set(client)):.4f} broker={share(before, after, cpu_set(broker)):.4f}\n")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5])
