#!/usr/bin/env bash
# mqbench beside each broker's own benchmark tool, on the brokers of bin/brokers, alternating the
# two tools (REPEATS pairs, the vendor tool first in odd ones), and one table of ratios at the end
# (docs/vendor-tools.md). Both run open loop (as fast as the client lets them: mqbench at
# producerRate 10,000,000), 1 KB, 1 topic, 1 partition, 1 producer, 1 consumer, with the settings of
# the driver file named below matched on the vendor side:
#
#   kafka     kafka-producer-perf-test + kafka-consumer-perf-test (org.apache.kafka:kafka-tools, the
#             broker's version) with kafka-local.yaml's producer settings: acks=all linger.ms=1
#             batch.size=131072
#   rabbitmq  PerfTest (com.rabbitmq:perf-test) with rabbitmq-local.yaml's: confirm window 1000,
#             mandatory, prefetch 1000, one ack per message, fanout exchange, transient messages
#   artemis   `artemis perf client` of the broker's own distribution with artemis-local.yaml's:
#             non-persistent, sends completed by the broker's answer (confirmationWindowSize),
#             at most 1000 pending sends
#   redis     redis-benchmark (Debian redis-tools) sending the driver's own XADD with
#             redis-local.yaml's pipeline of 512 and MAXLEN ~ 1000000; it only sends, so mqbench
#             runs producers only here
#
# Each tool's rate is its mean over the stretch of mqbench's measured phase: from 10 s (mqbench's
# warm-up) to 40 s (redis-benchmark, a C client without a warm-up, prints one figure for its run).
# The Maven tools are fetched once into ~/.cache/mqbench/vendor-tools. Needs the brokers running
# (bin/brokers start kafka rabbitmq artemis redis). Each run has a topic, queue or stream of its
# own; Kafka topics and Redis streams are deleted after the run (gigabytes), PerfTest's queue
# deletes itself.
#
#   docs/bench/vendor-tools.sh <output folder> [repeats] [brokers...]
#
# With CLIENT_CPUS and BROKER_CPUS set (e.g. CLIENT_CPUS=0 BROKER_CPUS=1), every thread of the
# broker's processes is held to BROKER_CPUS for the run and both tools to CLIENT_CPUS, so the
# broker's capacity no longer depends on how much CPU the client takes from it: a client that
# keeps up reaches the broker's rate, one that does not falls short of the other tool
# (client_and_broker_placement in lib.sh). The table then also shows how busy the clients' CPUs and
# the broker's were in each run (cpu_busy.py): a broker busy all the time while the client had
# time to spare was the limit.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$(mkdir -p "${1:?output folder}" && cd "$1" && pwd)"
REPEATS="${2:-2}"
shift 2 2>/dev/null || shift $#
BROKERS=("${@:-kafka rabbitmq artemis redis}")
read -r -a BROKERS <<< "${BROKERS[*]}"
TOOLS="${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/vendor-tools"
BROKER_DIST="${MQBENCH_BROKERS_DIST:-${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/brokers}"
SECONDS_MEASURED=30
WARMUP=10

# maven_tool <name> <group:artifact:version>: the tool's jars with their dependencies, fetched once.
maven_tool() {
  local dir="$TOOLS/$1" group artifact version
  IFS=: read -r group artifact version <<< "$2"
  if [ ! -f "$dir/.fetched" ]; then
    mkdir -p "$dir/lib"
    cat > "$dir/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>io.mqbench.bench</groupId><artifactId>$1</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies><dependency><groupId>$group</groupId><artifactId>$artifact</artifactId><version>$version</version></dependency></dependencies>
</project>
POM
    (cd "$dir" && mvn -q -B -ntp dependency:copy-dependencies -DoutputDirectory="$dir/lib" > "$dir/fetch.log" 2>&1) \
      || { echo "error: could not fetch $2 with Maven (see $dir/fetch.log)" >&2; exit 2; }
    touch "$dir/.fetched"
  fi
  echo "$dir/lib"
}

# shellcheck source=lib.sh
source "$ROOT/docs/bench/lib.sh"
one_to_one_workload "$OUT/workload.yaml" vendor-1kb 1024 10000000 "$SECONDS_MEASURED" "$WARMUP"
sed 's/^subscriptionsPerTopic: 1$/subscriptionsPerTopic: 0/' "$OUT/workload.yaml" > "$OUT/workload-producers-only.yaml"
PAYLOAD_1K="$(head -c 1024 /dev/zero | tr '\0' x)"

vendor_kafka() {
  local log=$1 lib topic records=6000000
  lib="$(maven_tool kafka-tools org.apache.kafka:kafka-tools:3.9.1)" || return 1
  topic="vendor-$RANDOM"
  java -cp "$lib/*" org.apache.kafka.tools.TopicCommand --bootstrap-server 127.0.0.1:9092 --create --topic "$topic" \
    --partitions 1 --replication-factor 1 --config min.insync.replicas=1 > "$log.topic" 2>&1
  printf 'auto.offset.reset=earliest\nenable.auto.commit=false\n' > "$log.consumer.properties"
  "${CLIENT[@]}" java -cp "$lib/*" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server 127.0.0.1:9092 --topic "$topic" \
    --messages "$records" --timeout 60000 --show-detailed-stats --reporting-interval 5000 \
    --consumer.config "$log.consumer.properties" > "$log.consumer" 2>&1 &
  local consumer=$!
  sleep 3
  "${CLIENT[@]}" java -cp "$lib/*" org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$records" \
    --record-size 1024 --throughput -1 --producer-props bootstrap.servers=127.0.0.1:9092 acks=all linger.ms=1 \
    batch.size=131072 > "$log" 2>&1
  wait "$consumer"
  # Its gigabytes go (mqbench's kafka-local.yaml deletes its own topics: reset: true).
  java -cp "$lib/*" org.apache.kafka.tools.TopicCommand --bootstrap-server 127.0.0.1:9092 --delete --topic "$topic" \
    >> "$log.topic" 2>&1
}

vendor_rabbitmq() {
  local log=$1 lib
  lib="$(maven_tool perf-test com.rabbitmq:perf-test:2.22.1)" || return 1
  "${CLIENT[@]}" java -cp "$lib/*" com.rabbitmq.perf.PerfTest -h amqp://guest:guest@127.0.0.1:5672 -x 1 -y 1 -s 1024 \
    -z $((WARMUP + SECONDS_MEASURED)) -c 1000 -q 1000 -f mandatory -t fanout -e "vendor-$RANDOM" > "$log" 2>&1
}

vendor_artemis() {
  local log=$1 artemis
  artemis="$(ls -d "$BROKER_DIST"/apache-artemis-*/apache-artemis-*/bin/artemis 2>/dev/null | head -1)"
  [ -x "$artemis" ] || { echo "error: no Artemis install: run bin/brokers start artemis first" >&2; return 1; }
  "${CLIENT[@]}" "$artemis" perf client --url "tcp://127.0.0.1:61616?confirmationWindowSize=1048576" --max-pending 1000 \
    --message-size 1024 --warmup "$WARMUP" --duration $((WARMUP + SECONDS_MEASURED)) "queue://vendor-$RANDOM" > "$log" 2>&1
}

vendor_redis() {
  local log=$1 key="vendor-$RANDOM"
  command -v redis-benchmark > /dev/null || { echo "error: redis-benchmark is missing (Debian: redis-tools)" >&2; return 1; }
  "${CLIENT[@]}" redis-benchmark -h 127.0.0.1 -p 6379 -n 3000000 -c 1 -P 512 -q \
    XADD "$key" MAXLEN '~' 1000000 '*' p "$PAYLOAD_1K" t 1700000000000 > "$log" 2>&1
  redis-cli -h 127.0.0.1 -p 6379 del "$key" > /dev/null
}

# vendor_run <broker> <repeat>: the vendor tool, and the share of the machine's CPU time the host
# took meanwhile (mqbench's result carries its own: clientLoad.workers[].hostStealShare).
vendor_run() {
  local before
  echo "== $1, repeat $2: the vendor tool"
  before="$(cpu_ticks)"
  cpus_busy "$OUT/vendor/$1/run-$2.cpus" "vendor_$1" "$OUT/vendor/$1/run-$2.log" \
    || echo "   (the vendor tool failed: $OUT/vendor/$1/run-$2.log)"
  steal_share_since "$before" > "$OUT/vendor/$1/run-$2.steal"
}

# cpus_busy <file> <command...>: runs the command; with broker and clients placed apart, also writes
# to <file> how busy the clients' CPUs and the broker's were from 16 to 38 s after its start (inside
# both tools' measured stretch: 10 s of warm-up after the JVM's start, and mqbench's few seconds
# more for producers behind their schedule). A run that ends sooner leaves no file.
cpus_busy() {
  local file=$1 sampler status
  shift
  rm -f "$file"
  [ ${#CLIENT[@]} -eq 0 ] && { "$@"; return; }
  python3 "$ROOT/docs/bench/cpu_busy.py" "$file" 16 22 "$CLIENT_CPUS" "$BROKER_CPUS" &
  sampler=$!
  "$@"
  status=$?
  kill "$sampler" 2> /dev/null
  wait "$sampler" 2> /dev/null
  return $status
}

mqbench_run() {
  local workload="$OUT/workload.yaml"
  [ "$1" = redis ] && workload="$OUT/workload-producers-only.yaml"
  echo "== $1, repeat $2: mqbench"
  cpus_busy "$OUT/mqbench/$1/run-$2.cpus" "${CLIENT[@]}" "$ROOT/bin/benchmark" -d "$ROOT/driver-$1/$1-local.yaml" \
    -o "$OUT/mqbench/$1" "$workload" > "$OUT/mqbench/$1/run-$2.log" 2>&1 || echo "   (mqbench failed: $OUT/mqbench/$1/run-$2.log)"
}

client_and_broker_placement "${BROKERS[@]}"

# Build first if the sources changed: a build inside bin/benchmark would fall into the window in
# which the CPUs' busy shares are taken (it did, in two runs of 2026-12-07).
source "$ROOT/bin/lib/java.sh"
mqbench_ensure_built

# Odd repeats run the vendor tool first, even ones mqbench first: neither always gets the broker
# as the other left it.
for repeat in $(seq 1 "$REPEATS"); do
  for broker in "${BROKERS[@]}"; do
    mkdir -p "$OUT/vendor/$broker" "$OUT/mqbench/$broker"
    if [ $((repeat % 2)) -eq 1 ]; then
      vendor_run "$broker" "$repeat"; mqbench_run "$broker" "$repeat"
    else
      mqbench_run "$broker" "$repeat"; vendor_run "$broker" "$repeat"
    fi
  done
done

python3 "$ROOT/docs/bench/vendor_table.py" "$OUT" "$WARMUP" "$SECONDS_MEASURED"
