#!/usr/bin/env bash
# The 2023 paper's throughput-vs-size sweep (30 s points) on the loopback driver, REPEATS times
# (docs/max-rate.md): the rate must fall with message size and repeat. The driver file defaults to
# the uncapped loopback (which measures mqbench itself); docs/bench/loopback-broker-like.yaml gives
# it a broker's limits, so the right answer at every size is known.
#   docs/bench/paper-2023-sweep.sh [output folder] [repeats] [driver file]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/results/bench-paper-2023-sweep}"
REPEATS="${2:-3}"
DRIVER="${3:-$ROOT/driver-loopback/loopback.yaml}"
for repeat in $(seq 1 "$REPEATS"); do
  "$ROOT/bin/benchmark" -d "$DRIVER" "$ROOT/workloads/quick/paper-2023-throughput.yaml" \
    -o "$OUT/repeat-$repeat" > "$OUT-repeat-$repeat.log" 2>&1 || true
done
python3 - "$OUT" "$REPEATS" <<'PY'
import glob, json, re, sys
out, repeats = sys.argv[1], int(sys.argv[2])
by_size = {}
capacity = None
for repeat in range(1, repeats + 1):
    for path in glob.glob(f"{out}/repeat-{repeat}/*.json"):
        r = json.load(open(path))
        held = r["rateDiscovery"]["measuredPhases"][-1]["held"]
        by_size.setdefault(r["messageSize"], {})[repeat] = (r["summary"]["publishRate"]["mean"], held)
        # The driver's capacity as the run read it, if it has one (driver-loopback/README.md).
        capacity = r.get("driverConfig", {}).get("capacity")
def limit(size):
    """The effective capacity at this size: the lower of the message and the byte limit (binary units)."""
    limits = []
    if "messagesPerSecond" in capacity:
        limits.append(float(capacity["messagesPerSecond"]))
    if "bytesPerSecond" in capacity:
        number, unit = re.fullmatch(r"([0-9.]+)\s*([KMG]?)B?(/s)?", str(capacity["bytesPerSecond"])).group(1, 2)
        limits.append(float(number) * 1024 ** " KMG".index(unit or " ") / size)
    return min(limits)
print("| size | " + " | ".join(f"repeat {n} msg/s" for n in range(1, repeats + 1)) + " | max/min |"
      + (" capacity | mean / capacity |" if capacity else ""))
print("|---|" + "---|" * repeats + "---|" + ("---|---|" if capacity else ""))
means, spreads = [], []
for size in sorted(by_size):
    rates = [by_size[size].get(n, (float("nan"), None)) for n in range(1, repeats + 1)]
    values = [v for v, _ in rates]
    cells = " | ".join(f"{v:,.0f}{'' if held else ' (did not hold)'}" for v, held in rates)
    mean = sum(values) / len(values)
    means.append(mean)
    spreads.append(max(values) / min(values))
    extra = f" {limit(size):,.0f} | {mean / limit(size):.4f} |" if capacity else ""
    print(f"| {size:,} B | {cells} | {spreads[-1]:.3f} |{extra}")
rises = [later / earlier for earlier, later in zip(means, means[1:])]
print(f"falls with size (each mean at most 5 % above the one before): {'yes' if max(rises) <= 1.05 else 'no'}"
      f" (largest step up {max(rises):.3f}); repeats within 5 %: {'yes' if max(spreads) <= 1.05 else 'no'}"
      f" (largest max/min {max(spreads):.3f})")
PY
