#!/usr/bin/env bash
# The max-rate search against the loopback driver given a known capacity (docs/max-rate.md):
# capacities of 2 000, 50 000 and 400 000 msg/s per partition with a byte limit of 200 MB/s,
# 100 B and 10 KB messages, three runs each; prints one table row per run.
#
#   docs/bench/loopback-capacity.sh [output folder] [repeats]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/results/bench-loopback-capacity}"
REPEATS="${2:-3}"
mkdir -p "$OUT/files"
for capacity in 2000 50000 400000; do
  cat > "$OUT/files/capacity-$capacity.yaml" <<YAML
name: Loopback-cap-$capacity
driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
capacity: {messagesPerSecond: $capacity, bytesPerSecond: 200MB/s}
YAML
done
for size in 100 10240; do
  cat > "$OUT/files/max-$size.yaml" <<YAML
name: max-$size
topics: 1
partitionsPerTopic: 1
messageSize: $size
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: 0
testDurationSeconds: 30
warmupDurationSeconds: 5
YAML
done
for repeat in $(seq 1 "$REPEATS"); do
  for capacity in 2000 50000 400000; do
    for size in 100 10240; do
      "$ROOT/bin/benchmark" -d "$OUT/files/capacity-$capacity.yaml" "$OUT/files/max-$size.yaml" -o "$OUT/runs" > "$OUT/run-$capacity-$size-$repeat.log" 2>&1 || true
    done
  done
done
python3 - "$OUT/runs" <<'PY'
import glob, json, sys
print("| capacity (msg/s) | size | effective capacity | found | measured publish | measured consume | found / capacity | backlog slope (msg/s) | converged at (s) | held |")
print("|---|---|---|---|---|---|---|---|---|---|")
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    r = json.load(open(path))
    capacity = float(r["driver"].rsplit("-", 1)[1])
    effective = min(capacity, 200 * 1024 * 1024 / r["messageSize"])
    d = r["rateDiscovery"]
    phase = d["measuredPhases"][-1]
    print(f"| {capacity:,.0f} | {r['messageSize']} B | {effective:,.0f} | {d['foundRate']:,.0f} | "
          f"{r['summary']['publishRate']['mean']:,.0f} | {r['summary']['consumeRate']['mean']:,.0f} | "
          f"{d['foundRate'] / effective:.4f} | {phase['backlogSlope']:+,.0f} | {d.get('convergedAtSecond') or float('nan'):.0f} | "
          f"{'yes' if phase['held'] else 'no'} |")
PY
