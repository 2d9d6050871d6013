#!/usr/bin/env bash
# Set up everything (virtual environment, Python and Debian dependencies) and run the
# whole test suite: lint, type check, then pytest on both cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
.venv/bin/ruff check src tests bench scripts
.venv/bin/mypy src bench scripts
.venv/bin/python -m pytest -n 2 "$@"
