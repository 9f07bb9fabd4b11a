#!/usr/bin/env bash
# The issue's check of the search on the uncapped loopback (docs/max-rate.md): what the search
# (producerRate: 0) reports against the highest rate a fixed-rate run sustains, measured right
# after it by fixed runs at 5, 10, 15 and 20 % above the rate found, up to the first that does not
# hold (publishes less than 99 % of its target). All 100 B, 1 topic, 1 partition, 1 producer,
# 1 consumer, 10 s warm-up (the search extends it) and 30 s measured; REPEATS searches.
# A fixed run that holds only shows the limit is at least its target, so the ratio is an upper
# bound when every fixed run held, and a lower bound when none did.
# With ONE_WORKER=1 every run of the script goes to one bin/benchmark-worker started for it (one JVM
# for the whole comparison), rather than to a new JVM per run, which takes the JVM out of the
# comparison. The harness's ceiling on the uncapped loopback still moves from run to run within one
# JVM, with the run's history (docs/max-rate.md, "One JVM for the search and the fixed runs").
#   [ONE_WORKER=1] docs/bench/search-vs-fixed.sh [output folder] [repeats]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$ROOT/docs/bench/lib.sh"
bench_folder_and_repeats bench-search-vs-fixed "$@"
HOLDS=0.99   # a fixed run holds when it publishes at least this share of its target
one_to_one_workload "$OUT/files/search.yaml" search 100 0 30 10
newest() { ls -t "$1"/*.json | head -1; }
WORKERS=()
if [ "${ONE_WORKER:-0}" = 1 ]; then
  "$ROOT/bin/benchmark-worker" --port 0 --stats-port 0 > "$OUT/worker.log" 2>&1 &
  WORKER_PID=$!
  trap 'kill "$WORKER_PID" 2>/dev/null; wait "$WORKER_PID" 2>/dev/null' EXIT
  for _ in $(seq 120); do
    url="$(grep -o 'listening on http://[0-9.:]*' "$OUT/worker.log" | cut -d' ' -f3 || true)"
    [ -n "$url" ] && break
    kill -0 "$WORKER_PID" 2>/dev/null || { echo "error: the worker ended; see $OUT/worker.log" >&2; exit 1; }
    sleep 1
  done
  [ -n "$url" ] || { echo "error: the worker did not listen within 2 minutes; see $OUT/worker.log" >&2; exit 1; }
  WORKERS=(-w "$url")
  echo "== every run on one worker JVM: $url"
fi
echo "| search found | search measured | held | fixed runs: target -> sustained (M msg/s) | highest fixed rate held | search / fixed |"
echo "|---|---|---|---|---|---|"
for repeat in $(seq 1 "$REPEATS"); do
  "$ROOT/bin/benchmark" "${WORKERS[@]}" -d "$ROOT/driver-loopback/loopback.yaml" "$OUT/files/search.yaml" -o "$OUT/search-$repeat" \
    > "$OUT/search-$repeat.log" 2>&1 || true
  search="$(newest "$OUT/search-$repeat")"
  found="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rateDiscovery"]["foundRate"])' "$search")"
  fixed_results=()
  for percent in 5 10 15 20; do
    rate="$(awk -v found="$found" -v percent="$percent" 'BEGIN { printf "%d", found * (1 + percent / 100) + 0.5 }')"
    one_to_one_workload "$OUT/files/fixed-$repeat-$percent.yaml" fixed 100 "$rate" 30 10
    "$ROOT/bin/benchmark" "${WORKERS[@]}" -d "$ROOT/driver-loopback/loopback.yaml" "$OUT/files/fixed-$repeat-$percent.yaml" \
      -o "$OUT/fixed-$repeat-$percent" > "$OUT/fixed-$repeat-$percent.log" 2>&1 || true
    fixed_results+=("$(newest "$OUT/fixed-$repeat-$percent")")
    held="$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["summary"]["publishRate"]["mean"] >= float(sys.argv[2]) * r["targetRate"])' "${fixed_results[-1]}" "$HOLDS")"
    [ "$held" = True ] || break
  done
  python3 - "$HOLDS" "$search" "${fixed_results[@]}" <<'PY'
import json, sys
holds = float(sys.argv[1])
search = json.load(open(sys.argv[2]))
fixed = [json.load(open(path)) for path in sys.argv[3:]]
found = search["rateDiscovery"]["foundRate"]
measured = search["summary"]["publishRate"]["mean"]
held = search["rateDiscovery"]["measuredPhases"][-1]["held"]
runs = [(r["targetRate"], r["summary"]["publishRate"]["mean"]) for r in fixed]
held_targets = [target for target, sustained in runs if sustained >= holds * target]
cells = ", ".join(f"{target / 1e6:.2f} -> {sustained / 1e6:.2f}" for target, sustained in runs)
if held_targets and len(held_targets) == len(runs):
    best, ratio = f"{max(held_targets):,.0f} (all held)", f"at most {measured / max(held_targets):.2f}"
elif held_targets:
    best, ratio = f"{max(held_targets):,.0f}", f"{measured / max(held_targets):.2f}"
else:
    best, ratio = "none", f"at least {measured / runs[0][0]:.2f}"
print(f"| {found:,.0f} | {measured:,.0f} | {'yes' if held else 'no'} | {cells} | {best} | {ratio} |")
PY
done
