#!/usr/bin/env bash
# Writes charts/requirements.lock: every package charts/.venv installs (the pins of pyproject.toml,
# the test extra, the build backend, and all they pull in), each at one exact version with the
# sha256 of every file PyPI serves for it. Run it after changing a pin in pyproject.toml:
#   charts/lock.sh
# The lock is resolved for CPython 3.11 on Linux x86_64 (the machines' python3), by uv, which is
# installed into a throwaway virtual environment and removed afterwards; it fetches packages from
# PyPI and nothing else (no Python builds of its own).
set -euo pipefail
UV_VERSION=0.13.9
charts="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools/venv"
"$tools/venv/bin/python" -m pip install --disable-pip-version-check -q "uv==$UV_VERSION"
cd "$charts"
# The build backend (build-system.requires) is locked too: bootstrap.sh installs the package
# without build isolation, so the setuptools that builds it is the locked one.
python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))' |
  "$tools/venv/bin/uv" pip compile --quiet pyproject.toml - --extra test --generate-hashes \
    --python-version 3.11 --python-platform x86_64-unknown-linux-gnu \
    --custom-compile-command "charts/lock.sh" --no-cache --no-python-downloads --output-file requirements.lock
echo "wrote $charts/requirements.lock" >&2
