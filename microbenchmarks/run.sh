#!/usr/bin/env bash
# Runs the harness's microbenchmarks (JMH). Builds the module first when target/ is missing.
#   microbenchmarks/run.sh                          every benchmark, JMH's defaults of each class
#   microbenchmarks/run.sh SendPath -prof gc        one class, with allocation per operation
#   microbenchmarks/run.sh -h                       JMH's own options
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ ! -f "$here/target/classes/META-INF/BenchmarkList" ] || [ ! -d "$here/target/lib" ]; then
  (cd "$here/.." && mvn -q -B -ntp -pl microbenchmarks -am package -DskipTests) >&2
fi
exec java -cp "$here/target/classes:$here/target/lib/*" org.openjdk.jmh.Main "$@"
