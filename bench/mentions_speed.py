"""Benchmark: CPU time per note of mention propagation (``deidkit.models.mentions``).

Not a test. One process, CPU time (``time.process_time``). The English default detects
``10 + notes * repeats`` of the throughput benchmark's ~500-token notes (their gold spans
stripped; consecutive notes share patients, ~0.7 patients a note); each repeat propagates
the mentions of a fresh slice of ``notes`` of them across their patients' notes, with
``re``'s cache of compiled expressions emptied first (a stream's strings are new to it).
Reports the median and minimum over the repeats, in ms a note.

``--baseline SRC`` also times the ``mentions`` module of another tree (``SRC`` is its
``src`` folder, e.g. from ``git archive <commit> | tar -x -C /tmp/old``), taking turns with
the current one on each slice, and checks both give the same documents (exit code 1 if
not); ``--handwritten`` adds the check on the hand-written notes of ``bench/data``.

    .venv/bin/python bench/mentions_speed.py [--notes 100] [--repeats 12]
        [--baseline /tmp/old/src] [--handwritten]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from deidkit.io import read_documents
from deidkit.models import load_model, mentions
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]


def baseline_module(src: Path) -> ModuleType:
    """The ``mentions`` module of the tree whose ``src`` folder is ``src``, loaded apart
    (the rest of deidkit is the current one's)."""
    spec = importlib.util.spec_from_file_location(
        "baseline_mentions", src / "deidkit" / "models" / "mentions.py"
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"{src}: no deidkit/models/mentions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=12)
    parser.add_argument("--baseline", type=Path, help="another tree's src folder")
    parser.add_argument("--handwritten", action="store_true",
                        help="also check the hand-written notes give the same (with --baseline)")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT / "bench"))
    from throughput import english_notes

    model = load_model("en")
    notes = [doc.with_spans(()) for doc in english_notes(10 + args.notes * args.repeats)]
    model.predict(notes[:10])  # warm caches
    predicted = model.predict(notes[10:])
    sides: dict[str, ModuleType] = {"current": mentions}
    if args.baseline:
        sides["baseline"] = baseline_module(args.baseline)
    status = 0
    if args.baseline:
        checked: list[list[Document]] = [predicted]
        if args.handwritten:
            for path in sorted((ROOT / "bench" / "data").glob("handwritten-en*/notes.jsonl")):
                checked.append(model.predict(list(read_documents(path))))
        same = all(
            sides["baseline"].propagate_mentions(docs, by_patient=by_patient)
            == mentions.propagate_mentions(docs, by_patient=by_patient)
            for docs in checked for by_patient in (True, False)
        )
        print(f"compare: {'IDENTICAL' if same else 'DIFFERENT'} "
              f"({sum(map(len, checked))} documents, by patient and by document)")
        status = 0 if same else 1
    times: dict[str, list[float]] = {name: [] for name in sides}
    for number in range(args.repeats):
        part = predicted[number * args.notes : (number + 1) * args.notes]
        order = list(sides) if number % 2 == 0 else list(reversed(sides))
        for name in order:
            re.purge()
            started = time.process_time()
            sides[name].propagate_mentions(part)
            times[name].append(1000 * (time.process_time() - started) / len(part))
    row: dict[str, object] = {"notes": args.notes, "repeats": args.repeats}
    for name, values in times.items():
        row[f"{name}_ms_per_note"] = {"median": round(statistics.median(values), 3),
                                      "min": round(min(values), 3)}
    print(json.dumps(row))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
