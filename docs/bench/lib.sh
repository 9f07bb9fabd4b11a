# Shared by the benchmark scripts here: source it.

# The prefix that runs a client where client_and_broker_placement put the clients (none: anywhere).
CLIENT=()

# client_and_broker_placement <brokers...>: with CLIENT_CPUS and BROKER_CPUS set (e.g. 0 and 1),
# holds every thread of those brokers' processes (bin/brokers', with all their descendants) to
# BROKER_CPUS until the script exits, when they get every CPU back, and sets CLIENT to the prefix
# that runs a client on CLIENT_CPUS. Then the broker's capacity no longer depends on how much CPU
# the client takes from it. Neither set: nothing moves. One set: exit 2.
client_and_broker_placement() {
  [ -z "${CLIENT_CPUS:-}${BROKER_CPUS:-}" ] && return 0
  [ -n "${CLIENT_CPUS:-}" ] && [ -n "${BROKER_CPUS:-}" ] \
    || { echo "error: set both CLIENT_CPUS and BROKER_CPUS (e.g. CLIENT_CPUS=0 BROKER_CPUS=1), or neither" >&2; exit 2; }
  command -v taskset > /dev/null || { echo "error: taskset is missing (Debian: util-linux)" >&2; exit 2; }
  # Only the brokers placed so far get every CPU back: one that could not be placed (not running)
  # would only repeat its error on the way out.
  PLACED_BROKERS=()
  trap 'for b in "${PLACED_BROKERS[@]}"; do place_broker "$b" "0-$(($(nproc) - 1))"; done' EXIT
  local broker
  for broker in "$@"; do
    place_broker "$broker" "$BROKER_CPUS" || { echo "error: could not place $broker on CPUs $BROKER_CPUS" >&2; exit 2; }
    PLACED_BROKERS+=("$broker")
  done
  CLIENT=(taskset -c "$CLIENT_CPUS")
  echo "== brokers on CPUs $BROKER_CPUS, clients on CPUs $CLIENT_CPUS"
}

# broker_tree <broker>: the PIDs of a broker's process (bin/brokers') and all its descendants.
broker_tree() {
  local pidfile="$ROOT/.brokers/$1/$1.pid" pid
  [ -f "$pidfile" ] || { echo "error: $1 is not running from bin/brokers ($pidfile missing)" >&2; return 1; }
  read -r pid _ < "$pidfile"
  local queue=("$pid") children
  while [ ${#queue[@]} -gt 0 ]; do
    echo "${queue[0]}"
    read -r -a children <<< "$(pgrep -P "${queue[0]}" | tr '\n' ' ')"
    queue=("${queue[@]:1}" "${children[@]}")
  done
}

# place_broker <broker> <cpus>: every thread of the broker's processes onto those CPUs.
place_broker() {
  local pids pid
  # broker_tree's failure must fail the placement: in a `for ... in $(...)` it would leave an
  # empty list and the broker where it was, unpinned, without a word
  pids=$(broker_tree "$1") || return 1
  for pid in $pids; do taskset -a -p -c "$2" "$pid" > /dev/null || return 1; done
}

# cpu_ticks: the machine's stolen and total CPU ticks so far (/proc/stat).
cpu_ticks() {
  awk '/^cpu /{print $9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat
}

# steal_share_since <cpu_ticks output>: the share of the machine's CPU time the host took since then
# (mqbench's results carry their own: clientLoad.workers[].hostStealShare).
steal_share_since() {
  echo "$1 $(cpu_ticks)" | awk '{printf "%.4f\n", ($3 - $1) / ($4 - $2)}'
}

# bench_folder_and_repeats <default folder name> [output folder] [repeats]: the scripts' two
# arguments; sets OUT (default results/<name>) and REPEATS (default 3) and makes $OUT/files.
bench_folder_and_repeats() {
  OUT="${2:-$ROOT/results/$1}"
  REPEATS="${3:-3}"
  mkdir -p "$OUT/files"
}

# one_to_one_workload <file> <name> <message size> <producer rate> <seconds> <warm-up seconds> [extra line]
# writes a workload of one topic, one partition, one producer and one consumer.
one_to_one_workload() {
  cat > "$1" <<YAML
name: $2
topics: 1
partitionsPerTopic: 1
messageSize: $3
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: $4
testDurationSeconds: $5
warmupDurationSeconds: $6
YAML
  if [ $# -ge 7 ]; then echo "$7" >> "$1"; fi
}

# matched_workload <file> <upstream|mqbench> <name> <producer rate> [warm-up]: the workload
# of the scripts that run upstream OMB beside mqbench: 1 KB of half-random payloads (a pool of
# 1,000), one topic, partition, producer and consumer, a minute measured. Upstream counts whole
# minutes: its warm-up is the fifth argument in minutes (default 0); mqbench's in seconds (default 10).
matched_workload() {
  cat > "$1" <<YAML
name: $3
topics: 1
partitionsPerTopic: 1
messageSize: 1024
useRandomizedPayloads: true
randomBytesRatio: 0.5
randomizedPayloadPoolSize: 1000
subscriptionsPerTopic: 1
consumerPerSubscription: 1
producersPerTopic: 1
producerRate: $4
YAML
  if [ "$2" = upstream ]; then
    printf 'consumerBacklogSizeGB: 0\ntestDurationMinutes: 1\nwarmupDurationMinutes: %s\n' "${5:-0}" >> "$1"
  else
    printf 'testDurationSeconds: 60\nwarmupDurationSeconds: %s\n' "${5:-10}" >> "$1"
  fi
}

# run_upstream <upstream OMB folder> <driver file> <workload file> <result folder> <log file>: one
# run of upstream's bin/benchmark, its result moved into the result folder. It writes the result
# into its own folder, named after the workload file, and its JVM often does not exit after
# writing it: the run ends when the result is there, or after UPSTREAM_TIMEOUT seconds (default 240).
run_upstream() {
  local prefix
  prefix="$(basename "${3%.yaml}")"
  (cd "$1" && rm -f "$prefix"-*.json
   timeout -k 10 "${UPSTREAM_TIMEOUT:-240}" "${CLIENT[@]}" bin/benchmark -d "$2" "$3" > "$5" 2>&1 &
   pid=$!
   while kill -0 "$pid" 2>/dev/null; do
     if ls "$prefix"-*.json > /dev/null 2>&1; then sleep 2; kill "$pid" 2>/dev/null; break; fi
     sleep 1
   done
   wait "$pid" 2>/dev/null
   mv "$prefix"-*.json "$4/" 2>/dev/null)
  if grep -q 'driver.redis' "$2"; then drop_upstream_redis_streams; fi
}

# drop_upstream_redis_streams: upstream's Redis driver never deletes its streams (and its run is
# stopped once the result is written), so each run left its stream in the server's memory: 4.4 GB
# after six two-minute runs, which every later run of either tool then shared the machine with.
drop_upstream_redis_streams() {
  redis-cli -h 127.0.0.1 -p 6379 --scan --pattern 'redis-openmessaging-benchmark-*' \
    | xargs -r redis-cli -h 127.0.0.1 -p 6379 del > /dev/null
}

# upstream_and_output <upstream OMB folder | -> <output folder>: the first two arguments of the
# scripts that run upstream OMB beside mqbench; sets OMB (- : the build tools/upstream-omb.sh finds
# or makes) and OUT (created), both absolute.
upstream_and_output() {
  local omb="${1:?upstream OMB folder, or - (see tools/upstream-omb.sh)}"
  [ "$omb" = "-" ] && { omb="$("$ROOT/tools/upstream-omb.sh")" || exit 2; }
  OMB="$(cd "$omb" 2>/dev/null && pwd)" || { echo "error: no such upstream OMB folder: $omb" >&2; exit 2; }
  OUT="$(mkdir -p "${2:?output folder}" && cd "$2" && pwd)"
}
