#!/usr/bin/env bash
# How often a new JVM draws a low ceiling (docs/max-rate.md, "A ceiling drawn per JVM"): flat-out
# runs of the uncapped loopback (100 B, 1 topic, 1 partition, 1 producer, 1 consumer,
# producerRate 9,000,000, 5 s warm-up, 30 s measured), each in a JVM of its own, alternating
# between the given sets of JVM options ("" is the default), RUNS runs of each. One row per run:
# the rate of each 10-s period, the collector's share of the time, the host's steal. A run counts
# as slow below 6.5 M msg/s, the gap between the two states seen on this machine (5.2-6.1 against
# 7.0-7.9 on 2026-12-06); pass another threshold as SLOW_BELOW.
# DRIVER (a driver file) and MESSAGE_SIZE (bytes) run the same comparison on a real broker, and with
# CLIENT_CPUS and BROKER_CPUS set the broker is held to its CPUs and mqbench to its own
# (client_and_broker_placement in lib.sh; BROKER names the broker, e.g. kafka).
#   [DRIVER=<file> MESSAGE_SIZE=<bytes>] [CLIENT_CPUS=0 BROKER_CPUS=1 BROKER=<broker>] docs/bench/jvm-draw.sh <output folder> <runs> "<JVM options A>" ["<JVM options B>" ...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$ROOT/docs/bench/lib.sh"
if [ $# -lt 3 ]; then
  echo "usage: docs/bench/jvm-draw.sh <output folder> <runs> \"<JVM options A>\" [\"<JVM options B>\" ...]" >&2
  exit 2
fi
OUT="$1"; RUNS="$2"; shift 2
mkdir -p "$OUT/files"
one_to_one_workload "$OUT/files/flat.yaml" flat "${MESSAGE_SIZE:-100}" 9000000 30 5
DRIVER="${DRIVER:-$ROOT/driver-loopback/loopback.yaml}"
[ -n "${BROKER:-}" ] && client_and_broker_placement "$BROKER"
for run in $(seq 1 "$RUNS"); do
  side=0
  for options in "$@"; do
    side=$((side + 1))
    JAVA_OPTS="$options" "${CLIENT[@]}" "$ROOT/bin/benchmark" -d "$DRIVER" "$OUT/files/flat.yaml" \
      -o "$OUT/side-$side/run-$run" > "$OUT/side-$side-run-$run.log" 2>&1 || true
  done
done
python3 - "$OUT" "${SLOW_BELOW:-6500000}" "$@" <<'PY'
import glob, json, sys
out, slow_below, options = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
print("| JVM options | run | publish msg/s per period (M) | mean (M) | GC share | steal share |")
print("|---|---|---|---|---|---|")
counts = []
for side, option in enumerate(options, start=1):
    slow = total = 0
    for path in sorted(glob.glob(f"{out}/side-{side}/run-*/*.json"), key=lambda p: int(p.split("/run-")[1].split("/")[0])):
        r = json.load(open(path))
        rates = r["publishRate"]
        mean = sum(rates) / len(rates)
        load = r["clientLoad"]["workers"][0]
        total += 1
        slow += mean < slow_below
        run = path.split("/run-")[1].split("/")[0]
        print(f"| {option or '(default)'} | {run} | {' '.join(f'{x / 1e6:.2f}' for x in rates)} | {mean / 1e6:.2f} | "
              f"{load.get('gcShare', 0):.4f} | {load.get('hostStealShare', 0):.4f} |")
    counts.append(f"{option or '(default)'}: {slow} of {total} below {slow_below / 1e6:.1f} M")
print()
print("; ".join(counts))
PY
