# Shared by the benchmark scripts here: source it.

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
