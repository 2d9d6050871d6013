"""Benchmark: ``find_patterns`` of this tree against another's: the same matches, and CPU time.

Not a test. ``--baseline SRC`` names the other tree's ``src`` folder (e.g. from ``git archive
<commit> | tar -x -C /tmp/old``). Equality: ``find_patterns`` in English and in Spanish, with
overlaps resolved and with ``overlapping=True``, of every hand-written note
(``bench/data/handwritten-en*/notes.jsonl``), of MEDDOCAN dev (``--meddocan``, by default
``../shared/data/meddocan/dev``, where present) and of ``--synth`` ``deidkit synth`` notes
(seed 12), each tree in its own process; only a digest of each document's matches leaves a
process (no note text is printed). Speed (``--repeats``): ``find_patterns(text, "en")`` of
``en_speed``'s notes (``--notes``), its result cache emptied before each note, the two trees
taking turns in processes of their own (``--turns`` processes a tree, each timing
``--repeats`` passes after one to warm up): CPU µs a note, the median and the minimum of
every pass. Exit code 1 if any document's matches differ.

    .venv/bin/python bench/patterns_compare.py --baseline /tmp/old/src [--synth 600]
        [--meddocan DIR] [--notes 120] [--turns 3] [--repeats 5]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from tokenizer_compare import MEDDOCAN_DEV, corpora, reported  # noqa: E402  (the same corpora)

LANGS = ("en", "es")


def digests(synth: int, meddocan: Path) -> dict[str, list[str]]:
    """Each document's digest of its matches in every language, resolved and overlapping, by
    corpus (this process's ``deidkit``)."""
    from deidkit.patterns import find_patterns

    result = {}
    for name, texts in corpora(synth, meddocan).items():
        result[name] = [
            hashlib.sha256(repr([
                [(m.start, m.end, m.name, m.label)
                 for m in find_patterns(text, lang, overlapping=overlapping)]
                for lang in LANGS for overlapping in (False, True)
            ]).encode("utf-8")).hexdigest()
            for text in texts
        ]
    return result


def passes(count: int, repeats: int) -> list[float]:
    """CPU µs a note of ``repeats`` passes of ``find_patterns(text, "en")`` (this process's
    ``deidkit``), after one pass to warm up."""
    from en_speed import speed_notes

    from deidkit.patterns import _RECENT, find_patterns

    texts = [note.text for note in speed_notes(count)]
    times = []
    for _ in range(repeats + 1):
        started = time.process_time()
        for text in texts:
            _RECENT.clear()
            find_patterns(text, "en")
        times.append(1e6 * (time.process_time() - started) / len(texts))
    return times[1:]


def run_in(source: Path | None, *args: str) -> str:
    """This script's output, run with ``source`` first on ``PYTHONPATH`` (None: this tree)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(source if source is not None else ROOT / "src")
    return subprocess.run([sys.executable, __file__, *args], env=env, check=True,
                          capture_output=True, text=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--synth", type=int, default=600)
    parser.add_argument("--meddocan", type=Path, default=MEDDOCAN_DEV)
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--digests-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--passes-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.digests_only:
        print(json.dumps(digests(args.synth, args.meddocan)))
        return 0
    if args.passes_only:
        print(json.dumps(passes(args.notes, args.repeats)))
        return 0
    if args.baseline is None:
        parser.error("--baseline SRC is needed")
    shared = ("--digests-only", "--synth", str(args.synth), "--meddocan", str(args.meddocan))
    ours = json.loads(run_in(None, *shared))
    theirs = json.loads(run_in(args.baseline, *shared))
    status = reported(ours, theirs, "matches")
    if args.turns and args.repeats:
        times: dict[str, list[float]] = {"current": [], "baseline": []}
        timed = ("--passes-only", "--notes", str(args.notes), "--repeats", str(args.repeats))
        for _ in range(args.turns):
            times["current"] += json.loads(run_in(None, *timed))
            times["baseline"] += json.loads(run_in(args.baseline, *timed))
        print(json.dumps({
            f"{name}_find_patterns_us_per_note": {
                "median": round(statistics.median(values), 1), "min": round(min(values), 1)
            }
            for name, values in times.items()
        } | {"notes": args.notes, "turns": args.turns, "repeats": args.repeats}))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
