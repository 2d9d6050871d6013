"""Benchmark: CPU time of CRF detection, our decoding against the old CRFsuite tagging, one run.

Not a test. Both code paths are measured in the same run, alternately, each in a fresh
process (``--worker``): the current tree, and a copy of it whose CRF files
(``models/crf.py``, ``models/crfsuite_file.py``, ``models/crf_decode.py`` if it had it) and
feature classes (``features/``) are those of ``--baseline``. By default that is the commit
before our decoding came in: attribute-string items tagged through python-crfsuite with the
compact model copy; ``--baseline b65e4a1^`` gives the attribute-string items decoded by our
code, before the numeric feature path. Both are history now: the shipped ``en`` uses the
``layout`` feature class (9a49d94), which no tree before it has, so those baselines stop on
"unknown feature class 'layout'" (their numbers are in docs/scale.md, "CRF decoding"); a
baseline from 9a49d94 on compares two trees' decoding. CPU seconds (``time.process_time``),
the best of ``--repeats`` runs; peak memory is the worker's ``ru_maxrss``.

Rows: the English default (``en``: rules + CRF) on ``--notes`` ~530-token notes
(``bench/throughput.py``), detect and detect + surrogates, at argmax and at
``--threshold`` (every token's marginal); its CRF member alone; Spanish (``es``) detect on
MEDDOCAN dev (``../shared/data/meddocan/dev``, CC BY 4.0; skipped if absent); and one
process's start-up: import + ``load_model('en')``, and that plus one note's detect. JSON
on stdout (one object); ``ratio`` is old CPU time / new (above 1: faster now).

    .venv/bin/python bench/crf_speed.py [--notes 120] [--repeats 3] [--threshold 0.9]
        [--baseline COMMIT]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEDDOCAN_DEV = ROOT.parent / "shared" / "data" / "meddocan" / "dev"
KEY = "crf-speed-benchmark-key-0123456789"
OLD_FILES = ("src/deidkit/models/crf.py", "src/deidkit/models/crfsuite_file.py")
OLD_FOLDERS = ("src/deidkit/features",)
NEW_ONLY = "src/deidkit/models/crf_decode.py"


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def baseline_tree(commit: str, folder: Path) -> Path:
    """A copy of ``src`` with the CRF files of ``commit``; returns its ``src``."""
    shutil.copytree(ROOT / "src", folder / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for old in OLD_FOLDERS:
        shutil.rmtree(folder / old)
        (folder / old).mkdir()
    listed = _git("ls-tree", "-r", "--name-only", commit, "--", *OLD_FOLDERS).splitlines()
    decoding = _git("ls-tree", "-r", "--name-only", commit, "--", NEW_ONLY).splitlines()
    if not decoding:
        (folder / NEW_ONLY).unlink(missing_ok=True)
    for name in [*OLD_FILES, *decoding, *listed]:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(_git("show", f"{commit}:{name}") + "\n", encoding="utf-8")
    return folder / "src"


def _best(repeats: int, action: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return best


def worker(args: argparse.Namespace) -> dict[str, Any]:
    """Times in this process (the deidkit on ``sys.path``), ms of CPU per note."""
    started = time.process_time()
    import deidkit
    from deidkit.io import read_documents
    from deidkit.models.crf import CRFDetector
    from deidkit.models.ensemble import EnsembleDetector
    from deidkit.redact import deidentify
    from deidkit.redact.surrogates import dates

    en = deidkit.load_model("en")
    assert isinstance(en, EnsembleDetector)  # the English default: rules + CRF
    startup = time.process_time() - started
    note = (ROOT / "examples" / "notes" / "01_ed_note_finnegan.txt").read_text(encoding="utf-8")
    en.predict_text(note)
    one_note = time.process_time() - started
    notes = list(read_documents(args.notes_file, "jsonl"))
    crf = next(d for d in en.detectors_ if isinstance(d, CRFDetector))
    row: dict[str, Any] = {"startup_cpu_s": startup, "startup_one_note_cpu_s": one_note}

    def per_note(seconds: float, count: int) -> float:
        return 1000 * seconds / count

    def deidentified() -> None:  # the date caches emptied: each run sees new dates
        dates.parse_date.cache_clear()
        shifted = getattr(dates, "_shifted", None)
        if shifted is not None:
            shifted.cache_clear()
        deidentify(en.predict(notes), key=KEY)

    for threshold in (None, args.threshold):
        suffix = "argmax" if threshold is None else f"threshold_{threshold}"
        en.set_threshold(threshold)
        en.predict(notes[:8])
        row[f"en_detect_{suffix}"] = per_note(_best(args.repeats, lambda: en.predict(notes)),
                                              len(notes))
        row[f"en_detect_surrogates_{suffix}"] = per_note(_best(args.repeats, deidentified),
                                                         len(notes))
        row[f"en_crf_member_{suffix}"] = per_note(_best(args.repeats, lambda: crf.predict(notes)),
                                                  len(notes))
    en.set_threshold(None)
    row.update(decoding_phases(crf, notes, args))
    if MEDDOCAN_DEV.is_dir():
        es = deidkit.load_model("es")
        dev = list(read_documents(MEDDOCAN_DEV, "brat"))
        dev = [doc.with_spans(()) for doc in dev]
        es.predict(dev[:8])
        row["es_detect_meddocan_dev"] = per_note(_best(args.repeats, lambda: es.predict(dev)),
                                                 len(dev))
    row["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def decoding_phases(crf: Any, notes: list[Any], args: argparse.Namespace) -> dict[str, float]:
    """The CRF's two phases apart, ms per note: its features (old: attribute items; new: the
    token x attribute matrices of ``document_rows``) and decoding them (old:
    python-crfsuite's tagger on the compact copy; new: ``crf_decode``, all notes given at
    once and 4 at a time, as the ensemble gives them)."""
    from deidkit.text import tokenize

    tokens = [tokenize(doc.text) for doc in notes]
    new = hasattr(crf, "chain_")
    numeric = hasattr(crf, "columns_")

    def features() -> list[Any]:
        if numeric:
            return [crf.extractor.document_rows(doc, words, crf.columns_)
                    for doc, words in zip(notes, tokens, strict=True)]
        vocabulary = crf.chain_.vocabulary if new else crf.vocabulary_
        return [crf.extractor.attribute_items(doc, words, vocabulary=vocabulary)
                for doc, words in zip(notes, tokens, strict=True)]

    items = features()
    row = {"en_crf_features": 1000 * _best(args.repeats, features) / len(notes)}
    if new:
        chain = crf.chain_

        def decode(size: int, threshold: float | None) -> None:
            for start in range(0, len(items), size):
                emissions = [chain.emissions(each) for each in items[start : start + size]]
                posteriors = chain.posteriors(emissions)
                if threshold is None:
                    chain.best_paths(emissions, posteriors)
                else:
                    [crf._threshold_path(posterior, threshold) for posterior in posteriors]
    else:
        tagger = crf.tagger_

        def decode(size: int, threshold: float | None) -> None:
            for each in items:
                if threshold is not None:
                    crf._threshold_tags(each, threshold)
                    continue
                for index, tag in enumerate(tagger.tag(each)):
                    if tag != "O":
                        tagger.marginal(tag, index)

    for size, name in ((len(items), "together"), (4, "by_4")):
        for threshold in (None, args.threshold):
            suffix = "argmax" if threshold is None else f"threshold_{threshold}"
            seconds = _best(args.repeats, lambda: decode(size, threshold))  # noqa: B023
            row[f"en_crf_decode_{name}_{suffix}"] = 1000 * seconds / len(notes)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="worker runs per code path")
    parser.add_argument("--threshold", type=float, default=0.9)
    parser.add_argument("--baseline", default="", help="commit of the old CRF files")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--notes-file", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args)))
        return 0
    commit = args.baseline or _git(
        "log", "--diff-filter=A", "--format=%H", "--", NEW_ONLY
    ).splitlines()[-1] + "^"
    sys.path.insert(0, str(ROOT / "bench"))
    from throughput import english_notes

    from deidkit.io import write_documents

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        notes_file = folder / "notes.jsonl"
        write_documents([doc.with_spans(()) for doc in english_notes(args.notes)], notes_file,
                        "jsonl")
        trees = {"old": baseline_tree(commit, folder / "old"), "new": ROOT / "src"}
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for name, src in trees.items():
                command = [sys.executable, __file__, "--worker", "--notes-file", str(notes_file),
                           "--repeats", str(args.repeats), "--threshold", str(args.threshold)]
                env = {**os.environ, "PYTHONPATH": str(src)}
                done = subprocess.run(command, env=env, check=True, capture_output=True,
                                      text=True)
                runs[name].append(json.loads(done.stdout.splitlines()[-1]))
    rows = {}
    for key in runs["new"][0]:
        old = min(run[key] for run in runs["old"])
        new = min(run[key] for run in runs["new"])
        rows[key] = {"old": round(old, 3), "new": round(new, 3),
                     "ratio": round(old / new, 2) if new else None}
        if key.startswith(("en_", "es_")):
            rows[key]["old_notes_per_cpu_s"] = round(1000 / old, 1)
            rows[key]["new_notes_per_cpu_s"] = round(1000 / new, 1)
    print(json.dumps({"baseline": commit, "notes": args.notes, "threshold": args.threshold,
                      "unit": "CPU ms per note (startup rows: CPU s; peak_rss_mb: MB)",
                      "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
