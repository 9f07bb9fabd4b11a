#!/usr/bin/env bash
# Upstream OMB's own driver and mqbench's at the same fixed rates, on the same local broker and
# workload (1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, a minute), alternating the two
# tools at each rate. It asks whether a rate that a paced producer cannot hold on a broker is the
# broker's limit or mqbench's: if upstream's driver, paced the same way, holds no more than
# mqbench's, the rate that upstream reaches open loop (producerRate: 10000000) is not one the broker
# sustains on a schedule (docs/max-rate.md, "Both tools at fixed rates"). Needs the broker running
# (bin/brokers start <broker>) and an upstream build: its folder, or - (tools/upstream-omb.sh).
#
#   docs/bench/fixed-rates.sh <upstream OMB folder | -> <output folder> <broker> <rate>...
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/docs/bench/side-by-side"
source "$ROOT/docs/bench/lib.sh"
upstream_and_output "${1:-}" "${2:-}"
BROKER="${3:?broker: kafka, rabbitmq, artemis or redis}"
shift 3
[ $# -gt 0 ] || { echo "error: give one or more rates in msg/s after the broker" >&2; exit 2; }

for rate in "$@"; do
  for tool in upstream mqbench; do
    mkdir -p "$OUT/$tool/$rate"
    matched_workload "$OUT/$tool/$rate/workload.yaml" "$tool" "fixed-$rate" "$rate"
    echo "== $BROKER at $rate msg/s: $tool"
    if [ "$tool" = upstream ]; then
      run_upstream "$OMB" "$HERE/upstream-$BROKER.yaml" "$OUT/$tool/$rate/workload.yaml" "$OUT/$tool/$rate" \
        "$OUT/$tool/$rate/run.log"
    else
      "$ROOT/bin/benchmark" -d "$HERE/mqbench-$BROKER.yaml" -o "$OUT/$tool/$rate" \
        "$OUT/$tool/$rate/workload.yaml" > "$OUT/$tool/$rate/run.log" 2>&1
    fi
  done
done

python3 - "$OUT" "$@" <<'PY'
import glob, json, os, sys
out, rates = sys.argv[1], sys.argv[2:]
print("| target msg/s | tool | publish msg/s | 10-s periods (k msg/s) | consume msg/s | publish delay p99 | publish latency p50 | held |")
print("|---|---|---|---|---|---|---|---|")
for rate in rates:
    for tool in ("upstream", "mqbench"):
        files = glob.glob(os.path.join(out, tool, rate, "*.json"))
        if not files:
            print(f"| {int(rate):,} | {tool} | no result (see {tool}/{rate}/run.log) | | | | | |")
            continue
        r = json.load(open(files[0]))
        pub, cons = r["publishRate"], r["consumeRate"]
        if tool == "upstream":  # no warm-up: its first period includes the start, left out as mqbench's warm-up is
            pub, cons = pub[1:], cons[1:]
        mean = lambda values: sum(values) / len(values)
        target = float(rate)
        held = mean(pub) >= 0.98 * target and mean(cons) >= 0.98 * target
        delay = r.get("aggregatedPublishDelayLatency99pct")
        latency = r.get("aggregatedPublishLatency50pct")
        print(f"| {target:,.0f} | {tool} | {mean(pub):,.0f} | {', '.join(f'{p / 1000:.1f}' for p in pub)} | {mean(cons):,.0f}"
              f" | {delay / 1000:,.0f} ms | {latency:,.1f} ms | {'yes' if held else 'no'} |")
PY
