#!/usr/bin/env bash
# The 2023 paper's throughput-vs-size sweep (30 s points) on the uncapped loopback driver,
# REPEATS times (docs/max-rate.md): the rate must fall with message size and repeat.
#   docs/bench/paper-2023-sweep.sh [output folder] [repeats]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/results/bench-paper-2023-sweep}"
REPEATS="${2:-3}"
for repeat in $(seq 1 "$REPEATS"); do
  "$ROOT/bin/benchmark" -d "$ROOT/driver-loopback/loopback.yaml" "$ROOT/workloads/quick/paper-2023-throughput.yaml" \
    -o "$OUT/repeat-$repeat" > "$OUT-repeat-$repeat.log" 2>&1 || true
done
python3 - "$OUT" "$REPEATS" <<'PY'
import glob, json, sys
out, repeats = sys.argv[1], int(sys.argv[2])
by_size = {}
for repeat in range(1, repeats + 1):
    for path in glob.glob(f"{out}/repeat-{repeat}/*.json"):
        r = json.load(open(path))
        held = r["rateDiscovery"]["measuredPhases"][-1]["held"]
        by_size.setdefault(r["messageSize"], {})[repeat] = (r["summary"]["publishRate"]["mean"], held)
print("| size | " + " | ".join(f"repeat {n} msg/s" for n in range(1, repeats + 1)) + " | max/min |")
print("|---|" + "---|" * repeats + "---|")
for size in sorted(by_size):
    rates = [by_size[size].get(n, (float("nan"), None)) for n in range(1, repeats + 1)]
    values = [v for v, _ in rates]
    cells = " | ".join(f"{v:,.0f}{'' if held else ' (did not hold)'}" for v, held in rates)
    print(f"| {size:,} B | {cells} | {max(values) / min(values):.3f} |")
PY
