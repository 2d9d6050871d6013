#!/usr/bin/env bash
# Set up deidkit and run its main job: de-identify the bundled example notes with the
# bundled default English model, writing realistic surrogates to out/deidentified/.
#
# The notes belong to three patients (the last word of each file name: finnegan, delgado,
# nguyen), and the demo says so with --patient-from-id; with the secret key of
# out/demo.key (made on the first run, kept afterwards) each patient keeps one surrogate
# name and one date shift in all of their notes, and every rerun gives the same output.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p out
if [ ! -s out/demo.key ]; then
  (umask 077 && .venv/bin/python -c "import secrets; print(secrets.token_hex(32))" > out/demo.key)
  echo "demo: made the secret key out/demo.key (keep it secret: the same key gives the same surrogates)"
fi
.venv/bin/deidkit deidentify examples/notes out/deidentified --lang en \
  --patient-from-id '_([a-z]+)$' --key-file out/demo.key "$@"
echo "demo: each patient (finnegan, delgado, nguyen) has one surrogate name and one date shift in all of their notes (--patient-from-id, --key-file out/demo.key)"
