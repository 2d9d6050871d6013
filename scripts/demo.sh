#!/usr/bin/env bash
# Set up deidkit and run its main job: de-identify the bundled example notes with the
# bundled default English model, writing realistic surrogates to out/deidentified/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/deidkit deidentify examples/notes out/deidentified --lang en "$@"
