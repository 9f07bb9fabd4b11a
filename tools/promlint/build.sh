#!/usr/bin/env bash
# Builds the promlint tool (this folder: Prometheus' text parser and lint over a metrics page on
# stdin) into OUT, for PromlintTest. bin/test calls it; so does the test itself when bin/test did
# not (a developer's `mvn test`).
#
#   tools/promlint/build.sh OUT     exit 0: built; 3: no go command here; 1: the build failed
#
# GOFLAGS and GOTOOLCHAIN are fixed, as tools/brokers/install.py does for the brokers it builds,
# so the user's environment can neither pick vendoring nor start a toolchain download; the
# versions are those pinned in go.mod and go.sum, fetched from the Go module proxy once into Go's
# module cache.
set -uo pipefail
out="${1:?usage: tools/promlint/build.sh OUT}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
go_cmd="$(command -v go || true)"
# The official tarball's place, often not on PATH.
if [ -z "$go_cmd" ] && [ -x /usr/local/go/bin/go ]; then go_cmd=/usr/local/go/bin/go; fi
if [ -z "$go_cmd" ]; then
  echo "no go command (neither on PATH nor /usr/local/go/bin/go): install Go 1.26 or later to build tools/promlint" >&2
  exit 3
fi
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
# Built aside and renamed: a half-written binary is never run.
if ! (cd "$here" && GOFLAGS=-mod=mod GOTOOLCHAIN=local "$go_cmd" build -o "$out.tmp" .); then
  rm -f "$out.tmp"
  echo "error: tools/promlint did not build with $go_cmd ($("$go_cmd" version 2>/dev/null))" >&2
  exit 1
fi
mv -fT "$out.tmp" "$out"  # -T: onto OUT itself, never into a folder of that name
