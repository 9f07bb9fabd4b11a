#!/usr/bin/env bash
# mqbench's producerRate: 0 beside upstream OMB's own driver at producerRate: 10000000, on the same
# local broker and workload (1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, 60 s measured),
# alternating the two tools, each going first in every other repeat (docs/max-rate.md). Needs the
# brokers of bin/brokers running and an upstream build: give its folder, or - for the one
# tools/upstream-omb.sh finds or builds (the same as the interoperability tests'). With
# OPEN_LOOP=1 mqbench also runs open loop, as upstream does (producerRate: 10000000): the same
# measure as upstream's, so it tells whether a gap between the two tools is the client's
# (docs/max-rate.md, "Client or broker?").
#
# With CLIENT_CPUS and BROKER_CPUS set (e.g. 0 and 1) the brokers are held to their CPUs and both
# tools to theirs for the run (client_and_broker_placement in lib.sh).
#
# Upstream runs with its own default warm-up of a minute (OMB's Workload.warmupDurationMinutes,
# which none of its workloads changes), as mqbench measures after its search: upstream's minute
# from the first message included its own and the broker's warming up (Kafka's 10-s periods rose
# from 110-142 k to 190-200 k msg/s through it; docs/max-rate.md, "Upstream warmed up too").
# UPSTREAM_WARMUP_MINUTES=0 measures upstream from the first message, as this script did until
# 2026-12-07.
#
#   [OPEN_LOOP=1] [CLIENT_CPUS=0 BROKER_CPUS=1] [UPSTREAM_WARMUP_MINUTES=1] docs/bench/side-by-side.sh <upstream OMB folder | -> <output folder> [repeats] [brokers...]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/docs/bench/side-by-side"
source "$ROOT/docs/bench/lib.sh"
upstream_and_output "${1:-}" "${2:-}"
REPEATS="${3:-2}"
shift 3 2>/dev/null || shift $#
BROKERS=("${@:-kafka rabbitmq artemis redis}")
read -r -a BROKERS <<< "${BROKERS[*]}"

# The same workload for both tools: upstream open loop; mqbench's search, and open loop with OPEN_LOOP=1.
client_and_broker_placement "${BROKERS[@]}"
matched_workload "$OUT/upstream-workload.yaml" upstream max-1kb 10000000 "${UPSTREAM_WARMUP_MINUTES:-1}"
matched_workload "$OUT/mqbench-workload.yaml" mqbench max-1kb 0 30
matched_workload "$OUT/mqbench-open-workload.yaml" mqbench max-1kb 10000000 10

upstream_run() {
  local broker=$1 repeat=$2 ticks
  echo "== $broker, repeat $repeat: upstream OMB, warm-up ${UPSTREAM_WARMUP_MINUTES:-1} min"
  ticks="$(cpu_ticks)"
  UPSTREAM_TIMEOUT=$((240 + 60 * ${UPSTREAM_WARMUP_MINUTES:-1})) run_upstream "$OMB" "$HERE/upstream-$broker.yaml" "$OUT/upstream-workload.yaml" "$OUT/upstream/$broker" \
    "$OUT/upstream/$broker/run-$repeat.log"
  steal_share_since "$ticks" > "$OUT/upstream/$broker/run-$repeat.steal"
}
mqbench_runs() {
  local broker=$1 repeat=$2
  echo "== $broker, repeat $repeat: mqbench"
  "${CLIENT[@]}" "$ROOT/bin/benchmark" -d "$HERE/mqbench-$broker.yaml" -o "$OUT/mqbench/$broker" \
    "$OUT/mqbench-workload.yaml" > "$OUT/mqbench/$broker/run-$repeat.log" 2>&1
  if [ "${OPEN_LOOP:-0}" = 1 ]; then
    echo "== $broker, repeat $repeat: mqbench open loop"
    mkdir -p "$OUT/mqbench-open/$broker"
    "${CLIENT[@]}" "$ROOT/bin/benchmark" -d "$HERE/mqbench-$broker.yaml" -o "$OUT/mqbench-open/$broker" \
      "$OUT/mqbench-open-workload.yaml" > "$OUT/mqbench-open/$broker/run-$repeat.log" 2>&1
  fi
}

# The tools take turns at going first (odd repeats upstream, even repeats mqbench: A B, B A, ...),
# so that neither always meets the broker as the other left it: on 2026-12-07 RabbitMQ's second
# search after upstream's minute came out 12 % below the first in four repeats of five.
for repeat in $(seq 1 "$REPEATS"); do
  for broker in "${BROKERS[@]}"; do
    mkdir -p "$OUT/upstream/$broker" "$OUT/mqbench/$broker"
    if [ $((repeat % 2)) -eq 1 ]; then
      upstream_run "$broker" "$repeat"
      mqbench_runs "$broker" "$repeat"
    else
      mqbench_runs "$broker" "$repeat"
      upstream_run "$broker" "$repeat"
    fi
  done
done

python3 "$ROOT/docs/bench/side_by_side_table.py" "$OUT"
