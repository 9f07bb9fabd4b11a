#!/usr/bin/env bash
# The client's CPU per message at a fixed rate, upstream OMB's own driver beside mqbench's, once
# both are compiled: each tool runs the same workload (1 KB, 1 topic, 1 partition, 1 producer,
# 1 consumer) long enough that the stretch measured, 75 to 115 s after its JVM started, lies past
# the first minute, where the JIT compilers finish (docs/max-rate.md, "Client CPU per message at a
# low fixed rate"). The JVM's CPU (user + system, /proc/<pid>/stat) over that stretch, and its
# compiler threads' share, divided by the messages the rate sends in it (the table shows the rate
# each run published: a run that fell short of it is not measured right). Alternates the two tools,
# <pairs> times. Needs the broker running (bin/brokers start <broker>) and an upstream build: its
# folder, or - (tools/upstream-omb.sh). mqbench runs docs/bench/side-by-side/mqbench-<broker>.yaml (the
# client settings of upstream's file) unless a driver file of its own is given.
#
#   docs/bench/client-cpu.sh <upstream OMB folder | -> <output folder> <broker> <rate> [pairs, default 2] [mqbench driver file]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/docs/bench/side-by-side"
source "$ROOT/docs/bench/lib.sh"
upstream_and_output "${1:-}" "${2:-}"
BROKER="${3:?broker: kafka, rabbitmq, artemis or redis}"
RATE="${4:?rate in msg/s}"
PAIRS="${5:-2}"
MQBENCH_DRIVER="$(realpath "${6:-$HERE/mqbench-$BROKER.yaml}")"
FROM=75
TO=115

# stat_ticks <stat file>: user + system clock ticks of a /proc stat file (fields 14 and 15; the
# command name before them may hold spaces, so they are counted from its closing parenthesis).
stat_ticks() {
  awk '{ split($0, a, ") "); split(a[2], f, " "); print f[12] + f[13] }' "$1"
}

# cpu_ticks <pid> [compiler]: the process's user + system clock ticks so far, or only its JIT
# compiler threads' with "compiler".
cpu_ticks() {
  if [ "${2:-}" = compiler ]; then
    local total=0 task
    for task in /proc/"$1"/task/*; do
      if grep -q CompilerThre "$task/comm" 2>/dev/null; then
        total=$((total + $(stat_ticks "$task/stat")))
      fi
    done
    echo "$total"
  else
    stat_ticks "/proc/$1/stat"
  fi
}

# measure <tool> <pair> <result folder> <main class> <log> <command...>: runs the command in the
# background, its output into the log, samples its JVM (found by its main class) at FROM and TO
# seconds after it started, and prints one line of the table with the rate its result published.
measure() {
  local tool="$1" pair="$2" results="$3" main="$4" log="$5" pid="" started cpu0 jit0 cpu1 jit1
  shift 5
  "$@" > "$log" 2>&1 &
  started=$SECONDS
  while [ -z "$pid" ] && [ $((SECONDS - started)) -lt 30 ]; do
    sleep 0.2
    pid="$(pgrep -n -f "$main" || true)"
  done
  [ -n "$pid" ] || { echo "| $pair | $tool | no JVM found |"; wait; return; }
  sleep $((FROM - (SECONDS - started)))
  cpu0=$(cpu_ticks "$pid"); jit0=$(cpu_ticks "$pid" compiler)
  sleep $((TO - FROM))
  cpu1=$(cpu_ticks "$pid"); jit1=$(cpu_ticks "$pid" compiler)
  wait
  python3 - "$pair" "$tool" "$cpu0" "$cpu1" "$jit0" "$jit1" "$(getconf CLK_TCK)" "$RATE" "$((TO - FROM))" "$results" <<'PY'
import glob, json, os, sys
pair, tool, cpu0, cpu1, jit0, jit1, tick, rate, seconds, results = sys.argv[1:]
tick, messages = float(tick), float(rate) * float(seconds)
cpu, jit = (int(cpu1) - int(cpu0)) / tick, (int(jit1) - int(jit0)) / tick
files = glob.glob(os.path.join(results, "*.json"))
published, e2e = "no result", ""
if files:
    result = json.load(open(files[0]))
    rates = result["publishRate"]
    published = f"{sum(rates) / len(rates):,.0f}"
    e2e = f"{result.get('aggregatedEndToEndLatency50pct', float('nan')):.2f}"
print(f"| {pair} | {tool} | {published} | {cpu:.2f} | {jit:.2f} | {cpu * 1e6 / messages:.1f} | {(cpu - jit) * 1e6 / messages:.1f} | {e2e} |")
PY
}

# Build first if the sources changed: the JVM is looked for within 30 s of each start, and a build
# inside bin/benchmark takes longer (a run then went unmeasured).
source "$ROOT/bin/lib/java.sh"
mqbench_ensure_built

echo "$BROKER at a fixed $RATE msg/s, mqbench with $MQBENCH_DRIVER, CPU from $FROM to $TO s after each JVM's start:"
echo
echo "| pair | tool | published msg/s | CPU s | of which JIT s | CPU µs per message | without JIT | end-to-end p50 ms |"
echo "|---|---|---|---|---|---|---|---|"
for pair in $(seq 1 "$PAIRS"); do
  for tool in upstream mqbench; do
    dir="$OUT/$tool-$pair"
    mkdir -p "$dir"
    matched_workload "$dir/workload.yaml" "$tool" "cpu-$RATE" "$RATE" 60
    if [ "$tool" = upstream ]; then
      sed -i 's/^testDurationMinutes: 1$/testDurationMinutes: 2/' "$dir/workload.yaml"
      measure upstream "$pair" "$dir" io.openmessaging.benchmark.Benchmark "$dir/wait.log" \
        run_upstream "$OMB" "$HERE/upstream-$BROKER.yaml" "$dir/workload.yaml" "$dir" "$dir/run.log"
    else
      measure mqbench "$pair" "$dir" io.mqbench.cli.Main "$dir/run.log" \
        "$ROOT/bin/benchmark" -d "$MQBENCH_DRIVER" -o "$dir" "$dir/workload.yaml"
    fi
  done
done
