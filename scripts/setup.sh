#!/usr/bin/env bash
# Create .venv and install deidkit into it.
#   scripts/setup.sh          the package with its runtime dependencies
#   scripts/setup.sh dev      everything needed to run the test suite, including the
#                             Debian packages of optional features (see scripts/system-deps.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
if [ "${1:-}" = "dev" ]; then
  bash scripts/system-deps.sh
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  # The tests' independent anonymity checker, without its exact pins (see pyproject.toml).
  .venv/bin/python -m pip install --quiet --no-deps 'pycanon==1.3.6'
else
  .venv/bin/python -m pip install --quiet .
fi
