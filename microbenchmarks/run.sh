#!/usr/bin/env bash
# Runs the harness's microbenchmarks (JMH), after building them and the framework from the
# sources as they are (about half a minute), so that a run never measures stale classes.
#   microbenchmarks/run.sh                          every benchmark
#   microbenchmarks/run.sh SendPath -prof gc        one class, with allocation per operation
#   microbenchmarks/run.sh -h                       JMH's own options
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
(cd "$here/.." && mvn -q -B -ntp -pl microbenchmarks -am package -DskipTests) >&2
exec java -cp "$here/target/classes:$here/target/lib/*" org.openjdk.jmh.Main "$@"
