"""Benchmark: CPU time of each rule of the rules detector, per note (issue 20).

Not a test. One process, CPU time (``time.process_time``); each repeat runs every rule of
``deidkit.models.rules.registry.RULES`` over every note and the best repeat of each rule is
reported (microseconds a note), with ``Note.of`` (``note``) and the whole member
(``member``: the note, the rules and the overlaps resolved), the heap settled first as the
batch runner settles it (no full collection walks the lexicons inside whichever rule runs).
The notes' tokens and PHI patterns are computed first, as in the ensemble, where the CRF
member has found them before the rules member runs (so ``note`` and ``patterns`` are what
the rules member itself pays).

``--handwritten`` times the hand-written notes of ``bench/data`` instead of the throughput
benchmark's ~500-token synthetic notes. ``--snapshot FILE`` writes what each rule finds
(its spans, or its layer's labels) in every document of both sets, ``--compare FILE``
checks the current code finds exactly the same in the snapshot's documents (exit code 1 if
not): a rule's output, not only the detector's, stays the same.

    .venv/bin/python bench/rules_speed.py [--notes 120] [--repeats 5] [--lang en]
        [--handwritten] [--snapshot FILE | --compare FILE]
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deidkit.io import read_documents
from deidkit.models.rules import RULES, Scan, TokenRule
from deidkit.models.rules.detector import RulesDetector
from deidkit.models.rules.lexicons import lexicons
from deidkit.models.rules.note import Note
from deidkit.patterns import find_patterns
from deidkit.text import tokenize
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
HANDWRITTEN = sorted((ROOT / "bench" / "data").glob("handwritten-en*/notes.jsonl"))


def speed_notes(count: int) -> list[Document]:
    sys.path.insert(0, str(ROOT / "bench"))
    from throughput import english_notes  # ~500-token notes (530 on average)

    return [doc.with_spans(()) for doc in english_notes(count)]


def handwritten_notes() -> list[Document]:
    return [doc for path in HANDWRITTEN for doc in read_documents(path, format="jsonl")]


def _run(note: Note, lang: str) -> tuple[dict[str, float], dict[str, Any]]:
    """Each rule's CPU seconds on ``note`` and what it found."""
    lex = lexicons(lang)
    scan = Scan(note, lex, lang)
    clock = time.process_time
    seconds: dict[str, float] = {}
    found: dict[str, Any] = {}
    for rule in RULES:
        started = clock()
        if isinstance(rule, TokenRule):
            labels = scan.labels(rule.layer.name)
            rule.mark(scan, labels)
            seconds[rule.name] = clock() - started
            found[rule.name] = [[i, label] for i, label in enumerate(labels) if label]
        else:
            spans = list(rule.find(scan))
            seconds[rule.name] = clock() - started
            found[rule.name] = [[s.start, s.end, s.label] for s in spans]
    return seconds, found


def time_rules(notes: Sequence[Document], lang: str, repeats: int) -> dict[str, float]:
    """Microseconds a note of ``Note.of``, each rule and the whole rules member (best of
    ``repeats`` for each)."""
    texts = [doc.text for doc in notes]
    for text in texts:  # the ensemble's CRF member tokenizes and finds patterns first
        tokenize(text)
        find_patterns(text, lang)
    detector = RulesDetector(lang=lang)
    best: dict[str, float] = {}
    for _ in range(repeats):
        totals: dict[str, float] = {}
        for text in texts:
            tokenize(text)
            find_patterns(text, lang)
            started = time.process_time()
            note = Note.of(text)
            totals["note"] = totals.get("note", 0.0) + time.process_time() - started
            seconds, _ = _run(note, lang)
            for name, value in seconds.items():
                totals[name] = totals.get(name, 0.0) + value
        member = 0.0
        for doc in notes:  # the whole member: Note.of, the rules, the overlaps resolved
            tokenize(doc.text)
            find_patterns(doc.text, lang)
            started = time.process_time()
            detector._predict_spans(doc)
            member += time.process_time() - started
        totals["member"] = member
        for name, value in totals.items():
            best[name] = min(best.get(name, float("inf")), value)
    rules = sum(best[rule.name] for rule in RULES)
    best["rules_sum"] = rules
    return {name: round(1e6 * value / len(texts), 1) for name, value in best.items()}


def snapshot(lang: str) -> dict[str, Any]:
    """What each rule finds in every document of both sets, by document."""
    documents = [*speed_notes(120), *handwritten_notes()]
    found = {}
    for number, doc in enumerate(documents):
        _, rules = _run(Note.of(doc.text), lang)
        found[f"{number}:{doc.id}"] = rules
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--handwritten", action="store_true",
                        help="time the hand-written notes of bench/data")
    parser.add_argument("--snapshot", type=Path, help="write what each rule finds")
    parser.add_argument("--compare", type=Path, help="check each rule finds what it did")
    args = parser.parse_args(argv)

    started = time.process_time()
    lexicons(args.lang)
    load_s = time.process_time() - started
    if args.snapshot or args.compare:
        current = json.loads(json.dumps(snapshot(args.lang)))
        if args.snapshot:
            args.snapshot.write_text(json.dumps(current, sort_keys=True), encoding="utf-8")
            print(f"snapshot: {len(current)} documents -> {args.snapshot}")
            return 0
        expected = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = sorted(
            {rule for key, rules in expected.items() for rule, value in rules.items()
             if current.get(key, {}).get(rule) != value}
        )
        same = all(current.get(key) == rules for key, rules in expected.items())
        print(f"compare: {'IDENTICAL' if same else 'DIFFERENT'} ({len(expected)} documents; "
              f"rules that differ: {', '.join(differ) or 'none'})")
        return 0 if same else 1
    notes = handwritten_notes() if args.handwritten else speed_notes(args.notes)
    gc.collect()  # the heap settled as the batch runner settles it
    gc.freeze()
    row: dict[str, Any] = {"notes": len(notes), "lexicons_cpu_s": round(load_s, 3)}
    row["us_per_note"] = time_rules(notes, args.lang, args.repeats)
    print(json.dumps(row, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
