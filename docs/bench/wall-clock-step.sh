#!/usr/bin/env bash
# Does a step of the wall clock during the delivery check make mqbench count messages as lost?
# A loopback run (1,000 msg/s of 100 B for 5 s, each message delivered 2.5 s after its send, so
# 2,500 are still on their way when the producers stop) while this script moves the machine's
# wall clock 120 s forward one second into the delivery check, and back 6 s later (as an NTP
# step or a resumed virtual machine would). It prints the run's delivery line and the result's
# drain time. Needs root (date -s) and changes the system clock for those 6 s: run it on a
# machine where nothing else minds, not beside other tests.
#
#   docs/bench/wall-clock-step.sh <output folder>
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:?output folder}"
[ "$(id -u)" = 0 ] || { echo "error: stepping the wall clock needs root" >&2; exit 2; }
mkdir -p "$OUT"
rm -rf "$OUT/results"
cat > "$OUT/driver.yaml" <<'YAML'
name: Loopback-2.5s
driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
deliveryLatency: {distribution: fixed, meanMs: 2500}
YAML
cat > "$OUT/workload.yaml" <<'YAML'
name: wall-clock-step
topics: 1
partitionsPerTopic: 1
messageSize: 100
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: 1000
testDurationSeconds: 5
warmupDurationSeconds: 0
YAML

step() {
  date -s "@$(python3 -c "import time; print('%.6f' % (time.time() + $1))")" > /dev/null
}

"$ROOT/bin/benchmark" -d "$OUT/driver.yaml" -o "$OUT/results" "$OUT/workload.yaml" > "$OUT/run.log" 2>&1 &
run=$!
until grep -q -- "-- measure" "$OUT/run.log"; do
  kill -0 "$run" 2> /dev/null || { cat "$OUT/run.log"; exit 1; }
  sleep 0.1
done
sleep 6            # the 5-s phase, then a second into the delivery check
step 120
sleep 6
step -120
wait "$run"
grep -E "delivery:|WARNING" "$OUT/run.log"
python3 - "$OUT/results" <<'PY'
import glob, json, sys
result = json.load(open(glob.glob(sys.argv[1] + "/*.json")[0]))
delivery = result["delivery"]
print(f"lost {delivery['lost']}, drained {delivery['drained']}, drain took {delivery['drainSeconds']} s")
PY
