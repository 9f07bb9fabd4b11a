# Shared by bin/charts, bin/compare and charts/test.sh: creates the Python environment
# charts/.venv on first use (and anew whenever pyproject.toml or requirements.lock changes), then
# says where its python is. Everything goes to stderr so that a tool's own output stays clean.
# shellcheck shell=bash

MQBENCH_CHARTS_DIR="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
MQBENCH_CHARTS_VENV="$MQBENCH_CHARTS_DIR/.venv"
MQBENCH_CHARTS_STAMP="$MQBENCH_CHARTS_VENV/.mqbench-installed"
MQBENCH_CHARTS_LOCK="$MQBENCH_CHARTS_DIR/requirements.lock"

mqbench_charts_wanted() {
  # The environment matches pyproject.toml and the lock as long as neither changed.
  cat "$MQBENCH_CHARTS_DIR/pyproject.toml" "$MQBENCH_CHARTS_LOCK" | sha256sum | cut -d' ' -f1
}

mqbench_charts_ready() {
  [ -x "$MQBENCH_CHARTS_VENV/bin/python" ] && [ -f "$MQBENCH_CHARTS_STAMP" ] &&
    [ "$(cat "$MQBENCH_CHARTS_STAMP")" = "$(mqbench_charts_wanted)" ]
}

mqbench_charts_make_venv() {
  if python3 -m venv "$MQBENCH_CHARTS_VENV" >/dev/null 2>&1; then
    return 0
  fi
  rm -rf "$MQBENCH_CHARTS_VENV"
  # Debian and Ubuntu ship venv (ensurepip) separately.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "charts: python3 -m venv failed; installing Debian's python3-venv with apt-get..." >&2
    local started=$SECONDS
    if { apt-get install -y -qq python3-venv >/dev/null 2>&1 ||
         { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq python3-venv >/dev/null 2>&1; }; }; then
      echo "charts: python3-venv installed in $((SECONDS - started)) s" >&2
      python3 -m venv "$MQBENCH_CHARTS_VENV" && return 0
    fi
  fi
  echo "error: cannot create a Python virtual environment (python3 -m venv failed); on Debian/Ubuntu install python3-venv" >&2
  return 1
}

mqbench_charts_install() {
  if ! command -v python3 >/dev/null 2>&1; then
    echo "error: python3 (3.11 or newer) is needed for the charts; on Debian: apt-get install python3 python3-venv" >&2
    exit 1
  fi
  # requirements.lock is resolved for 3.11: older Pythons need packages it does not hold.
  if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "error: the charts need Python 3.11 or newer (charts/requirements.lock is resolved for 3.11); python3 is $(python3 -V 2>&1)" >&2
    exit 1
  fi
  local started=$SECONDS
  echo "charts: setting up $MQBENCH_CHARTS_VENV (first use, or pyproject.toml or requirements.lock changed):" \
       "matplotlib, numpy, hdrhistogram, jinja2, pytest and what they need, at the versions and hashes of" \
       "charts/requirements.lock..." >&2
  # Built anew rather than updated, so that a package the lock no longer names is gone too.
  rm -rf "$MQBENCH_CHARTS_VENV"
  mqbench_charts_make_venv || exit 1
  local log="$MQBENCH_CHARTS_VENV/install.log" pip=("$MQBENCH_CHARTS_VENV/bin/python" -m pip --disable-pip-version-check)
  # Every file is checked against the lock's hashes; wheels only, so that no source build fetches
  # build tools the lock does not name. Then the package itself, with no dependencies of its own
  # resolution and built by the locked setuptools (no build isolation, which would fetch one).
  if ! { "${pip[@]}" install --require-hashes --only-binary :all: -r "$MQBENCH_CHARTS_LOCK" &&
         "${pip[@]}" install --no-deps --no-build-isolation -e "$MQBENCH_CHARTS_DIR"; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "error: installing the chart tools' Python packages failed; the log is in $log" >&2
    exit 1
  fi
  mqbench_charts_wanted >"$MQBENCH_CHARTS_STAMP"
  echo "charts: environment ready in $((SECONDS - started)) s" >&2
}

# Prints the environment's python, creating the environment first when needed.
mqbench_charts_python() {
  if ! mqbench_charts_ready; then
    # One install at a time, even when several commands start together.
    local lock="${TMPDIR:-/tmp}/mqbench-charts-$(printf '%s' "$MQBENCH_CHARTS_DIR" | sha256sum | cut -c1-16).lock"
    (
      flock 9
      mqbench_charts_ready || mqbench_charts_install
    ) 9>"$lock" || exit 1
  fi
  echo "$MQBENCH_CHARTS_VENV/bin/python"
}
