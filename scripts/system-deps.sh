#!/usr/bin/env bash
# Debian packages used by optional features and their tests:
#   link-grammar, python3-link-grammar, liblink-grammar5  syntactic-bigram features (the SVM paper)
#   chromium                                               browser tests of the annotation app
# Installs what is missing when run as root (or with sudo) on Debian/Ubuntu; otherwise
# prints what to install and continues: the features degrade with a clear notice and
# the tests that need them are skipped.
set -uo pipefail
PACKAGES=(link-grammar python3-link-grammar liblink-grammar5 chromium)
missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "note: not a Debian system; install these for optional features: ${missing[*]}" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "note: run as root to install: ${missing[*]}" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
