#!/usr/bin/env bash
# mqbench's producerRate: 0 beside Pulsar's own pulsar-perf, on the local Pulsar of bin/brokers
# (1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, 60 s), alternating the two tools. Settings
# matched to driver-pulsar/pulsar-local.yaml: batching with a 1-ms window and 128 KB batches, a
# Failover subscription with a receiver queue of 10,000; pulsar-perf runs open loop (a rate of
# 10,000,000/s) with at most 10,000 messages outstanding, its consumer started first. Every run
# starts on an empty broker (bin/brokers reset, then start): a minute at 110-160 k msg/s of 1 KB
# leaves about 10 GB in the bookie, and Pulsar standalone keeps it; once the disk passed its
# bookie's threshold, the next run failed with "Not enough non-faulty bookies" (seen here, 56 GB).
# It leaves Pulsar stopped and empty.
#
# pulsar-perf is in org.apache.pulsar:pulsar-testclient; of the 4.0 line Maven Central serves
# 4.0.6 here (not 4.0.7), and only the jar: it runs on the broker's own jars (~/.cache/mqbench/
# brokers/pulsar-4.0.7/libs, client 4.0.7), which bin/brokers installs.
#
#   docs/bench/pulsar-perf.sh <output folder> [repeats]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$(mkdir -p "${1:?output folder}" && cd "$1" && pwd)"
REPEATS="${2:-2}"
VERSION=4.0.6
JAR="$HOME/.m2/repository/org/apache/pulsar/pulsar-testclient/$VERSION/pulsar-testclient-$VERSION.jar"
LIBS="$(ls -d "${MQBENCH_BROKERS_DIST:-${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/brokers}"/pulsar-*/libs 2>/dev/null | head -1)"
[ -d "$LIBS" ] || { echo "error: no Pulsar install: run bin/brokers start pulsar first" >&2; exit 2; }
[ -f "$JAR" ] || mvn -q dependency:get -Dartifact="org.apache.pulsar:pulsar-testclient:$VERSION:jar" -Dtransitive=false \
  || { echo "error: could not fetch pulsar-testclient $VERSION" >&2; exit 2; }
printf 'webServiceUrl=http://127.0.0.1:8088/\nbrokerServiceUrl=pulsar://127.0.0.1:6650/\n' > "$OUT/client.conf"
perf() { java -cp "$JAR:$LIBS/*" org.apache.pulsar.testclient.PulsarPerfTestTool "$OUT/client.conf" "$@"; }

# shellcheck source=lib.sh
source "$ROOT/docs/bench/lib.sh"
one_to_one_workload "$OUT/workload.yaml" max-1kb 1024 0 60 30
mkdir -p "$OUT/pulsar-perf" "$OUT/mqbench"

fresh_broker() { "$ROOT/bin/brokers" reset pulsar > /dev/null && "$ROOT/bin/brokers" start pulsar > /dev/null; }

for repeat in $(seq 1 "$REPEATS"); do
  fresh_broker || { echo "error: could not restart Pulsar" >&2; exit 1; }
  topic="persistent://public/default/pulsar-perf-$repeat-$RANDOM"
  echo "== repeat $repeat: pulsar-perf"
  perf consume -ss perf -st Failover -q 10000 -time 75 "$topic" > "$OUT/pulsar-perf/consume-$repeat.log" 2>&1 &
  consumer=$!
  sleep 8
  perf produce -r 10000000 -s 1024 -o 10000 -b 1 -bb 131072 -time 60 "$topic" > "$OUT/pulsar-perf/produce-$repeat.log" 2>&1
  wait "$consumer"
  echo "== repeat $repeat: mqbench"
  fresh_broker || { echo "error: could not restart Pulsar" >&2; exit 1; }
  "$ROOT/bin/benchmark" -d "$ROOT/driver-pulsar/pulsar-local.yaml" -o "$OUT/mqbench" "$OUT/workload.yaml" \
    > "$OUT/mqbench/run-$repeat.log" 2>&1
done
# Empty and stopped at the end (reset alone would start it again, since it is running).
"$ROOT/bin/brokers" stop pulsar > /dev/null && "$ROOT/bin/brokers" reset pulsar > /dev/null

python3 - "$OUT" "$REPEATS" <<'PY'
import glob, json, os, re, sys
out, repeats = sys.argv[1], int(sys.argv[2])
def aggregated(log):
    # pulsar-perf's last line: "Aggregated throughput stats --- N records sent|received --- X msg/s ..."
    found = re.findall(r"Aggregated throughput stats --- (\d+) records \w+ --- ([\d.]+) msg/s", open(log).read())
    return (int(found[-1][0]), float(found[-1][1])) if found else (0, float("nan"))
print("| run | pulsar-perf publish msg/s | pulsar-perf received / sent | mqbench publish msg/s | mqbench consume msg/s | mqbench / pulsar-perf (publish) |")
print("|---|---|---|---|---|---|")
results = sorted(glob.glob(os.path.join(out, "mqbench", "*.json")))
for n in range(1, repeats + 1):
    sent, pub = aggregated(os.path.join(out, "pulsar-perf", f"produce-{n}.log"))
    # The consumer's own rate divides by its whole life (started first, it outlives the producer).
    received, _ = aggregated(os.path.join(out, "pulsar-perf", f"consume-{n}.log"))
    r = json.load(open(results[n - 1])) if n <= len(results) else None
    mpub = r["summary"]["publishRate"]["mean"] if r else float("nan")
    mcons = r["summary"]["consumeRate"]["mean"] if r else float("nan")
    print(f"| {n} | {pub:,.0f} | {received:,} / {sent:,} | {mpub:,.0f} | {mcons:,.0f} | {mpub / pub:.2f} |")
PY
