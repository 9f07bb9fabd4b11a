#!/usr/bin/env bash
# Runs the chart tools' tests (pytest) in charts/.venv, creating it first when needed:
#   charts/test.sh [pytest arguments]
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bootstrap.sh"
python="$(mqbench_charts_python)"
cd "$MQBENCH_CHARTS_DIR"
exec "$python" -m pytest "$@"
