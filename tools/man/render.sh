#!/usr/bin/env bash
# Writes the man pages of bin/benchmark and bin/benchmark-worker into docs/man: NAME.adoc from
# the commands themselves (picocli's ManPageGenerator, run by the test class
# io.mqbench.cli.ManPages), then NAME.1 from it (asciidoctor -b manpage). Run it after changing
# an option or a help text, and commit both; ManPageTest fails until they match.
#
#   tools/man/render.sh            (needs Maven, a JDK and asciidoctor: apt-get install asciidoctor)
#   MAVEN_ARGS=-o tools/man/render.sh   (extra Maven arguments, e.g. offline)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
ASCIIDOCTOR="${MQBENCH_ASCIIDOCTOR:-asciidoctor}"
if ! command -v "$ASCIIDOCTOR" >/dev/null 2>&1; then
  echo "error: asciidoctor is needed to render the man pages (Debian: apt-get install asciidoctor)" >&2
  exit 2
fi

# The framework's classes and test classes (ManPages lives there, with picocli-codegen in test
# scope), and their test classpath. The build does not install anything.
CLASSPATH_FILE="$ROOT/benchmark-framework/target/man-classpath.txt"
# shellcheck disable=SC2086
mvn -q -B ${MAVEN_ARGS:-} -pl benchmark-framework -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/man-classpath.txt
java -cp "benchmark-framework/target/classes:benchmark-framework/target/test-classes:$(cat "$CLASSPATH_FILE")" \
  io.mqbench.cli.ManPages docs/man "$ASCIIDOCTOR"
