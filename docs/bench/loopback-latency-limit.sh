#!/usr/bin/env bash
# The latency-bounded search (docs/max-rate.md): the loopback driver with a fixed 5 ms delivery
# delay and a capacity of 50 000 msg/s per partition, 100 B, 1 topic, 1 partition, 1 producer,
# 1 consumer. First the latency curve at fixed rates (where does the p99 cross the limit?), then
# producerRate: 0 with maxRateLatencyLimit p99 <= LIMIT ms, REPEATS times.
#   docs/bench/loopback-latency-limit.sh [output folder] [repeats] [limit ms]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$ROOT/docs/bench/lib.sh"
OUT="${1:-$ROOT/results/bench-loopback-latency-limit}"
REPEATS="${2:-3}"
LIMIT="${3:-10}"
FIXED_RATES=(40000 45000 48000 49000 49500 50000 50500 51000)
mkdir -p "$OUT/files"
cat > "$OUT/files/driver.yaml" <<YAML
name: Loopback-5ms-50k
driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
deliveryLatency: {distribution: fixed, meanMs: 5}
capacity: {messagesPerSecond: 50000}
YAML
workload() { # name, rate, extra line
  one_to_one_workload "$OUT/files/$1.yaml" "$1" 100 "$2" 20 5 "$3"
}
for rate in "${FIXED_RATES[@]}"; do
  workload "fixed-$rate" "$rate" ""
  "$ROOT/bin/benchmark" -d "$OUT/files/driver.yaml" "$OUT/files/fixed-$rate.yaml" -o "$OUT/fixed" \
    > "$OUT/fixed-$rate.log" 2>&1 || true
done
workload "search" 0 "maxRateLatencyLimit: {percentile: 99, endToEndMs: $LIMIT}"
for repeat in $(seq 1 "$REPEATS"); do
  "$ROOT/bin/benchmark" -d "$OUT/files/driver.yaml" "$OUT/files/search.yaml" -o "$OUT/search" \
    > "$OUT/search-$repeat.log" 2>&1 || true
done
python3 - "$OUT" "$LIMIT" <<'PY'
import glob, json, sys
out, limit = sys.argv[1], float(sys.argv[2])
print("| fixed rate (msg/s) | publish msg/s | end-to-end p99 (ms) | within the limit |")
print("|---|---|---|---|")
knee = None
for path in sorted(glob.glob(out + "/fixed/*.json"), key=lambda p: json.load(open(p))["targetRate"]):
    r = json.load(open(path))
    p99 = r["aggregatedEndToEndLatency99pct"]
    ok = p99 <= limit
    if ok and (knee is None or r["targetRate"] > knee):
        knee = r["targetRate"]
    print(f"| {r['targetRate']:,.0f} | {r['summary']['publishRate']['mean']:,.0f} | {p99:.2f} | {'yes' if ok else 'no'} |")
print()
print(f"Knee (highest fixed rate within p99 <= {limit:g} ms): {knee:,.0f} msg/s" if knee else "no fixed rate within the limit")
print()
print("| search | found (msg/s) | found / knee | measured publish | measured p99 (ms) | converged | held |")
print("|---|---|---|---|---|---|---|")
for n, path in enumerate(sorted(glob.glob(out + "/search/*.json")), 1):
    r = json.load(open(path))
    d = r["rateDiscovery"]
    phase = d["measuredPhases"][-1]
    ratio = f"{d['foundRate'] / knee:.3f}" if knee else ""
    print(f"| {n} | {d['foundRate']:,.0f} | {ratio} | {r['summary']['publishRate']['mean']:,.0f} | "
          f"{r['aggregatedEndToEndLatency99pct']:.2f} | {'yes' if d['converged'] else 'no'} | {'yes' if phase['held'] else 'no'} |")
PY
