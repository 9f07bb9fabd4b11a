#!/usr/bin/env bash
# mqbench's producerRate: 0 beside upstream OMB's own driver at producerRate: 10000000, on the same
# local broker and workload (1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, 60 s measured),
# alternating the two tools (docs/max-rate.md). Needs the brokers of bin/brokers running and an
# upstream build: give its folder, or - for the one tools/upstream-omb.sh finds or builds (the
# same as the interoperability tests'). With OPEN_LOOP=1 mqbench also runs open loop, as upstream
# does (producerRate: 10000000): the same measure as upstream's, so it tells whether a gap between
# the two tools is the client's (docs/max-rate.md, "Client or broker?").
#
#   [OPEN_LOOP=1] docs/bench/side-by-side.sh <upstream OMB folder | -> <output folder> [repeats] [brokers...]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/docs/bench/side-by-side"
OMB_ARG="${1:?upstream OMB folder, or - (see tools/upstream-omb.sh)}"
[ "$OMB_ARG" = "-" ] && { OMB_ARG="$("$ROOT/tools/upstream-omb.sh")" || exit 2; }
OMB="$(cd "$OMB_ARG" && pwd)"
OUT="$(mkdir -p "${2:?output folder}" && cd "$2" && pwd)"
REPEATS="${3:-2}"
shift 3 2>/dev/null || shift $#
BROKERS=("${@:-kafka rabbitmq artemis redis}")
read -r -a BROKERS <<< "${BROKERS[*]}"

cat > "$OUT/upstream-workload.yaml" <<'YAML'
name: max-1kb
topics: 1
partitionsPerTopic: 1
messageSize: 1024
useRandomizedPayloads: true
randomBytesRatio: 0.5
randomizedPayloadPoolSize: 1000
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: 10000000
consumerBacklogSizeGB: 0
testDurationMinutes: 1
warmupDurationMinutes: 0
YAML
cat > "$OUT/mqbench-workload.yaml" <<'YAML'
name: max-1kb
topics: 1
partitionsPerTopic: 1
messageSize: 1024
useRandomizedPayloads: true
randomBytesRatio: 0.5
randomizedPayloadPoolSize: 1000
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: 0
testDurationSeconds: 60
warmupDurationSeconds: 30
YAML
sed -e 's/^producerRate: 0$/producerRate: 10000000/' -e 's/^warmupDurationSeconds: 30$/warmupDurationSeconds: 10/' \
  "$OUT/mqbench-workload.yaml" > "$OUT/mqbench-open-workload.yaml"

for repeat in $(seq 1 "$REPEATS"); do
  for broker in "${BROKERS[@]}"; do
    mkdir -p "$OUT/upstream/$broker" "$OUT/mqbench/$broker"
    echo "== $broker, repeat $repeat: upstream OMB"
    # Upstream's bin/benchmark runs from its own folder and writes its result there; its JVM
    # often does not exit after writing it: a time limit ends it.
    (cd "$OMB" && rm -f upstream-workload-*.json
     timeout -k 10 240 bin/benchmark -d "$HERE/upstream-$broker.yaml" "$OUT/upstream-workload.yaml" \
       > "$OUT/upstream/$broker/run-$repeat.log" 2>&1 &
     pid=$!
     while kill -0 "$pid" 2>/dev/null; do
       if ls upstream-workload-*.json > /dev/null 2>&1; then sleep 2; kill "$pid" 2>/dev/null; break; fi
       sleep 1
     done
     wait "$pid" 2>/dev/null
     mv upstream-workload-*.json "$OUT/upstream/$broker/" 2>/dev/null)
    echo "== $broker, repeat $repeat: mqbench"
    "$ROOT/bin/benchmark" -d "$HERE/mqbench-$broker.yaml" -o "$OUT/mqbench/$broker" \
      "$OUT/mqbench-workload.yaml" > "$OUT/mqbench/$broker/run-$repeat.log" 2>&1
    if [ "${OPEN_LOOP:-0}" = 1 ]; then
      echo "== $broker, repeat $repeat: mqbench open loop"
      mkdir -p "$OUT/mqbench-open/$broker"
      "$ROOT/bin/benchmark" -d "$HERE/mqbench-$broker.yaml" -o "$OUT/mqbench-open/$broker" \
        "$OUT/mqbench-open-workload.yaml" > "$OUT/mqbench-open/$broker/run-$repeat.log" 2>&1
    fi
  done
done

python3 - "$OUT" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else float("nan")
print("| broker | tool | run | publish msg/s | consume msg/s | note |")
print("|---|---|---|---|---|---|")
for broker in sorted(os.listdir(os.path.join(out, "upstream"))):
    for tool in ("upstream", "mqbench", "mqbench-open"):
        files = sorted(glob.glob(os.path.join(out, tool, broker, "*.json")))
        for n, path in enumerate(files, 1):
            r = json.load(open(path))
            if tool == "upstream":
                pub, cons = mean(r["publishRate"]), mean(r["consumeRate"])
            else:
                pub, cons = r["summary"]["publishRate"]["mean"], r["summary"]["consumeRate"]["mean"]
            if tool == "mqbench":
                d = r["rateDiscovery"]
                held = d["measuredPhases"][-1]["held"] if d.get("measuredPhases") else None
                note = (f"found {d['foundRate']:,.0f}; {'converged' if d['converged'] else 'NOT converged'}"
                        f" at {d.get('convergedAtSecond') or 0:.0f} s; measured phase {'held' if held else 'did NOT hold'}")
            else:
                # Upstream aggregates under its own name; mqbench's result keeps the OMB name.
                delay = r.get("aggregatedPublishDelayLatency50pct") or r.get("publishDelayLatency50pct")
                note = f"open loop; publish delay p50 {delay / 1e6:.1f} s" if delay else "open loop"
            print(f"| {broker} | {tool} | {n} | {pub:,.0f} | {cons:,.0f} | {note} |")
PY
