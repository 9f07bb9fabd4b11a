#!/usr/bin/env bash
# How long a broker just (re)started and a new client take to settle: for each broker given, it
# restarts the broker (bin/brokers restart), then runs the quickstart's workload (1 KB at 10,000
# msg/s, 1 topic, 1 producer, 1 consumer) with the module's *-local.yaml, a 5-s warm-up (or
# $WARMUP, e.g. WARMUP=30s) and 60 s measured, and prints the end-to-end p99 of each 10-s
# period, the run's, and whether the run warned that latency was still settling. The brokers
# must have been started once (bin/brokers start ...). Each run's seconds are in its result's
# samples.
#
#   docs/bench/settling.sh <output folder> <broker>...      e.g. results/settling kafka rabbitmq
set -uo pipefail
WARMUP="${WARMUP:-5s}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:?output folder}"
shift
[ $# -gt 0 ] || { echo "error: give one or more brokers after the output folder" >&2; exit 2; }
mkdir -p "$OUT"

for broker in "$@"; do
  driver="$ROOT/driver-$broker/$broker-local.yaml"
  [ -f "$driver" ] || { echo "error: $driver: no such driver file; give a broker with a driver-<broker> module" >&2; exit 2; }
  echo "== $broker: restart, then $WARMUP of warm-up and 60 s measured"
  "$ROOT/bin/brokers" restart "$broker" > "$OUT/$broker-restart.log" 2>&1 || { cat "$OUT/$broker-restart.log"; exit 1; }
  rm -rf "$OUT/$broker"
  "$ROOT/bin/benchmark" -d "$driver" "$ROOT/workloads/quick/1-topic-1kb-10k.yaml" --warmup "$WARMUP" --duration 60s \
    -o "$OUT/$broker" > "$OUT/$broker.log" 2>&1 || { tail -5 "$OUT/$broker.log"; exit 1; }
done

python3 - "$OUT" "$@" <<'PY2'
import glob, json, sys
out, brokers = sys.argv[1], sys.argv[2:]
print("| broker | e2e p99 per 10-s period (ms) | run's e2e p99 (ms) | warned that latency was still settling |")
print("|---|---|---|---|")
for broker in brokers:
    r = json.load(open(glob.glob(f"{out}/{broker}/*.json")[0]))
    periods = ", ".join(f"{p:.3g}" for p in r["endToEndLatency99pct"])
    warned = any("still settling" in w for w in r.get("warnings") or [])
    print(f"| {broker} | {periods} | {r['aggregatedEndToEndLatency99pct']:.3g} | {'yes' if warned else 'no'} |")
PY2
