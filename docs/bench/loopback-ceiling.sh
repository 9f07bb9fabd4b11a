#!/usr/bin/env bash
# The harness's own ceiling (docs/max-rate.md): the uncapped loopback driver, 100 B, 1 topic,
# 1 partition, 1 producer, 1 consumer; producerRate: 0 against an open-loop run at 3 000 000
# msg/s (what the client sustains flat out), alternating, REPEATS pairs.
#   docs/bench/loopback-ceiling.sh [output folder] [repeats]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$ROOT/docs/bench/lib.sh"
bench_folder_and_repeats bench-loopback-ceiling "$@"
for rate in 0 3000000; do
  one_to_one_workload "$OUT/files/rate-$rate.yaml" "ceiling-$rate" 100 "$rate" 30 10
done
for repeat in $(seq 1 "$REPEATS"); do
  for rate in 0 3000000; do
    "$ROOT/bin/benchmark" -d "$ROOT/driver-loopback/loopback.yaml" "$OUT/files/rate-$rate.yaml" -o "$OUT/runs" \
      > "$OUT/run-$rate-$repeat.log" 2>&1 || true
  done
done
python3 - "$OUT/runs" <<'PY'
import glob, json, sys
rows = []
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    r = json.load(open(path))
    d = r.get("rateDiscovery") or {}
    phase = (d.get("measuredPhases") or [{}])[-1]
    rows.append((r["startTime"], r["workload"], r["summary"]["publishRate"]["mean"], r["summary"]["consumeRate"]["mean"],
                 d.get("foundRate"), phase.get("held")))
print("| run | mode | publish msg/s | consume msg/s | found | held |")
print("|---|---|---|---|---|---|")
for start, workload, pub, cons, found, held in sorted(rows):
    mode = "search (producerRate: 0)" if workload.endswith("-0") else "open loop at 3,000,000"
    print(f"| {start[11:19]} | {mode} | {pub:,.0f} | {cons:,.0f} | {'' if found is None else f'{found:,.0f}'} | "
          f"{'' if held is None else ('yes' if held else 'no')} |")
PY
