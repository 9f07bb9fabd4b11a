#!/usr/bin/env bash
# Prints the folder of a built upstream OpenMessaging Benchmark tree, the peer of the
# interoperability tests and of the side-by-side benchmarks:
#   - $MQBENCH_UPSTREAM_OMB when it is set (a tree built before);
#   - else it builds the source snapshot named by $MQBENCH_UPSTREAM_OMB_FIXTURE (a folder with
#     upstream's source tarball and its build.sh) once, into
#     ${XDG_CACHE_HOME:-~/.cache}/mqbench/upstream-omb-<checksum>/, and prints that tree.
#
#   tools/upstream-omb.sh [build-log]      exit 0: printed; 3: neither variable is set; 1: the build failed
set -uo pipefail
log="${1:-/dev/stderr}"
if [ -n "${MQBENCH_UPSTREAM_OMB:-}" ]; then
  echo "$MQBENCH_UPSTREAM_OMB"
  exit 0
fi
fixture="${MQBENCH_UPSTREAM_OMB_FIXTURE:-}"
if [ -z "$fixture" ]; then
  echo "neither MQBENCH_UPSTREAM_OMB (a built upstream OMB tree) nor MQBENCH_UPSTREAM_OMB_FIXTURE (its source and build.sh) is set" >&2
  exit 3
fi
if [ ! -f "$fixture/build.sh" ]; then
  echo "error: MQBENCH_UPSTREAM_OMB_FIXTURE=$fixture has no build.sh" >&2
  exit 1
fi
sum=$(cat "$fixture"/build.sh "$fixture"/*.tar.gz | sha256sum | cut -c1-16)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/upstream-omb-$sum"
if [ ! -f "$cache/.built" ]; then
  echo "building upstream OMB from $fixture into $cache (once; about a minute)" >&2
  if ! bash "$fixture/build.sh" "$cache" >>"$log" 2>&1; then
    echo "error: upstream OMB did not build (log: $log)" >&2
    exit 1
  fi
  touch "$cache/.built"
fi
echo "$cache/openmessaging-benchmark"
