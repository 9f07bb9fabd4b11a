# Shared by bin/charts, bin/compare and charts/test.sh: creates the Python environment
# charts/.venv on first use (and anew whenever pyproject.toml or requirements.lock changes), then
# says where its python is. Everything goes to stderr so that a tool's own output stays clean.
#
# The locked PyPI packages are installed once per lock into a shared environment,
# ${XDG_CACHE_HOME:-~/.cache}/mqbench/charts-deps-<checksum>, which every checkout and clone of
# this machine reuses (installing them took 31 s per clone); charts/.venv is a small environment
# of its own that sees those packages and this checkout's mqbench_charts through a .pth file.
# shellcheck shell=bash

MQBENCH_CHARTS_DIR="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
MQBENCH_CHARTS_VENV="$MQBENCH_CHARTS_DIR/.venv"
MQBENCH_CHARTS_STAMP="$MQBENCH_CHARTS_VENV/.mqbench-installed"
MQBENCH_CHARTS_LOCK="$MQBENCH_CHARTS_DIR/requirements.lock"

mqbench_charts_wanted() {
  # The environment matches pyproject.toml and the lock as long as neither changed.
  cat "$MQBENCH_CHARTS_DIR/pyproject.toml" "$MQBENCH_CHARTS_LOCK" | sha256sum | cut -d' ' -f1
}

# The shared environment of the locked packages for the current lock.
mqbench_charts_deps() {
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/mqbench/charts-deps-$(mqbench_charts_wanted | cut -c1-16)"
}

mqbench_charts_ready() {
  [ -x "$MQBENCH_CHARTS_VENV/bin/python" ] && [ -f "$MQBENCH_CHARTS_STAMP" ] &&
    [ "$(cat "$MQBENCH_CHARTS_STAMP")" = "$(mqbench_charts_wanted)" ] &&
    [ -f "$(mqbench_charts_deps)/.complete" ]
}

# Creates the environment $1 (python3 -m venv with the options that follow, plus Debian's
# python3-venv when that is missing).
mqbench_charts_make_venv() {
  local venv="$1"
  shift
  if python3 -m venv "$@" "$venv" >/dev/null 2>&1; then
    return 0
  fi
  rm -rf "$venv"
  # Debian and Ubuntu ship venv (ensurepip) separately.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "charts: python3 -m venv failed; installing Debian's python3-venv with apt-get..." >&2
    local started=$SECONDS
    if { apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3-venv >/dev/null 2>&1 ||
         { apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null 2>&1 && apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3-venv >/dev/null 2>&1; }; }; then
      echo "charts: python3-venv installed in $((SECONDS - started)) s" >&2
      python3 -m venv "$@" "$venv" && return 0
    fi
  fi
  echo "error: cannot create a Python virtual environment (python3 -m venv failed); on Debian/Ubuntu install python3-venv" >&2
  return 1
}

# The locked packages, once per lock into the shared environment (one install at a time).
mqbench_charts_install_deps() {
  local deps started=$SECONDS
  deps="$(mqbench_charts_deps)"
  mkdir -p "$(dirname "$deps")"
  (
    flock 9
    [ -f "$deps/.complete" ] && exit 0
    echo "charts: installing matplotlib, numpy, hdrhistogram, jinja2, pytest and what they need, at the versions" \
         "and hashes of charts/requirements.lock, into $deps (once for this lock, shared by every checkout)..." >&2
    # Built anew rather than updated, so that a package the lock no longer names is gone too.
    rm -rf "$deps"
    mqbench_charts_make_venv "$deps" || exit 1
    local log="$deps/install.log"
    # Every file is checked against the lock's hashes; wheels only, so that no source build fetches
    # build tools the lock does not name.
    if ! "$deps/bin/python" -m pip --disable-pip-version-check install --require-hashes --only-binary :all: \
         -r "$MQBENCH_CHARTS_LOCK" >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      echo "error: installing the chart tools' Python packages failed; the log is in $log" >&2
      exit 1
    fi
    touch "$deps/.complete"
    echo "charts: packages installed in $((SECONDS - started)) s" >&2
  ) 9>"$deps.lock"
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
  mqbench_charts_install_deps || exit 1
  # This checkout's own environment: the shared packages and this charts/ folder on its path (in
  # place of an editable install of mqbench_charts, which would write into the shared one).
  # Without pip of its own (seconds saved): the shared environment's pip is on its path.
  rm -rf "$MQBENCH_CHARTS_VENV"
  mqbench_charts_make_venv "$MQBENCH_CHARTS_VENV" --without-pip || exit 1
  local deps site shared
  deps="$(mqbench_charts_deps)"
  site="$("$MQBENCH_CHARTS_VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  shared="$("$deps/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  # A .pth line starting with "import" runs: addsitedir also reads the shared packages' own .pth files.
  printf '%s\nimport site; site.addsitedir(%s)\n' "$MQBENCH_CHARTS_DIR" "'$shared'" >"$site/mqbench-charts.pth"
  mqbench_charts_wanted >"$MQBENCH_CHARTS_STAMP"
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
