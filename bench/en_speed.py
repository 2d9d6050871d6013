"""Benchmark: CPU time per note of the English default (detect, redact, end to end).

Not a test. One process, CPU time (``time.process_time``) so other load on the machine does
not count; each phase is repeated and the best run is reported. Notes are the throughput
benchmark's ~500-token English notes (``bench/throughput.py``: consecutive synthetic notes
joined), their gold spans stripped before detection.

``--snapshot FILE`` also writes the predictions (spans of every document) and the surrogate
output with a fixed key, for 300 ``deidkit.corpus.synth`` notes (seed 5) plus
``examples/notes/*.txt``, as JSON; ``--compare FILE`` checks the current code gives exactly
the same (exit code 1 if not). Use them to prove a speed change leaves the output alone.

    .venv/bin/python bench/en_speed.py [--notes 120] [--repeats 3] [--model en]
        [--threshold T] [--snapshot FILE | --compare FILE] [--profile FILE.pstats] [--phases]
        [--settled-heap] [--unseen] [--adjusted]

``--threshold T`` puts the model at operating point ``T`` (every token's marginal
probability is computed); ``bench/crf_speed.py`` compares the CRF decoding with the old
path in one run. ``--settled-heap`` measures with the heap settled as the batch runner
(``deidkit detect``, ``deidentify``) settles it after its first task: the model and tables
frozen out of the garbage collector's way and the youngest generation collected less often
(``deidkit.batch.executors``); without it full collections walk them again (several % of
the time). ``--unseen`` times detect alone on notes new to the process (a fresh set each
repeat): the plain measure's repeats find every word type already worked out.
``--adjusted`` measures (and snapshots) the model as ``deidkit detect`` runs it
(``deidkit.models.adjust.adjusted``: the passes after detection and the mention propagation
its saved operating point turns on, across each patient's notes).
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

from deidkit.corpus.synth import generate
from deidkit.detector import Predictor
from deidkit.models import load_model
from deidkit.redact import deidentify
from deidkit.redact.surrogates import dates
from deidkit.text import tokenize
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
KEY = "en-speed-benchmark-key-0123456789"


def speed_notes(count: int) -> list[Document]:
    sys.path.insert(0, str(ROOT / "bench"))
    from throughput import english_notes  # ~500-token notes (530 on average)

    return [doc.with_spans(()) for doc in english_notes(count)]


def snapshot_documents() -> list[Document]:
    docs = [doc.with_spans(()) for doc in generate(300, seed=5)]
    for path in sorted((ROOT / "examples" / "notes").glob("*.txt")):
        docs.append(Document(path.stem, path.read_text(encoding="utf-8")))
    return docs


def _spans(doc: Document) -> list[list[Any]]:
    return [[s.start, s.end, s.label, s.source_label, s.source, s.score] for s in doc.spans]


def snapshot(model: Any) -> dict[str, Any]:
    docs = snapshot_documents()
    predicted = model.predict(docs)
    result = deidentify(predicted, key=KEY)
    return {
        "predictions": {doc.id: _spans(doc) for doc in predicted},
        "deidentified": {doc.id: [doc.text, _spans(doc)] for doc in result.documents},
    }


def best_of(repeats: int, action: Any) -> tuple[float, Any]:
    best, value = float("inf"), None
    for _ in range(repeats):
        started = time.process_time()
        value = action()
        best = min(best, time.process_time() - started)
    return best, value


def empty_date_caches() -> None:
    """Forget every date read and shifted: each patient's dates new to the process, as in a
    stream of unseen notes (an older tree, measured with ``--baseline``, lacks some)."""
    for name in ("parse_date", "_read", "_shifted"):
        cache = getattr(dates, name, None)
        if cache is not None:
            cache.cache_clear()


def _fresh_deidentify(documents: Sequence[Document]) -> Any:
    """``deidentify`` with the date caches emptied first (``empty_date_caches``: the repeats
    would otherwise find the dates read)."""
    empty_date_caches()
    return deidentify(documents, key=KEY)


def settle_heap() -> None:
    """What the batch runner does after its first task (``deidkit.batch.executors``)."""
    from deidkit.batch.executors import YOUNG_THRESHOLD

    gc.collect()
    gc.freeze()
    first, *older = gc.get_threshold()
    gc.set_threshold(max(first, YOUNG_THRESHOLD), *older)


def measure(
    model: Any, notes: Sequence[Document], repeats: int, settled: bool = False
) -> dict[str, Any]:
    model.predict(notes[:10])  # warm caches
    deidentify(model.predict(notes[:10]), key=KEY)
    if settled:
        settle_heap()
    detect_s, predicted = best_of(repeats, lambda: model.predict(notes))
    redact_s, _ = best_of(repeats, lambda: _fresh_deidentify(predicted))
    n = len(notes)
    detect_ms, redact_ms = 1000 * detect_s / n, 1000 * redact_s / n
    tokens = sum(len(tokenize(doc.text)) for doc in notes) / n
    return {
        "notes": n,
        "tokens_per_note": round(tokens),
        "detect_ms_per_note": round(detect_ms, 2),
        "redact_ms_per_note": round(redact_ms, 2),
        "end_to_end_ms_per_note": round(detect_ms + redact_ms, 2),
        "notes_per_cpu_s": round(1000 / (detect_ms + redact_ms), 1),
        "detect_tokens_per_cpu_s": round(tokens * 1000 / detect_ms),
    }


def unseen(
    model: Any, notes: Sequence[Document], count: int, repeats: int, settled: bool = False
) -> dict[str, Any]:
    """Detect CPU ms a note on notes the process has not seen: after a warm-up on 10 notes,
    each repeat detects a fresh slice of ``count`` notes (best of the repeats). The plain
    measure repeats the same notes, so from its second repeat on every word type is known;
    here each run meets new types (~40 a note), as a stream of new notes does."""
    model.predict(notes[:10])
    if settled:
        settle_heap()
    best = float("inf")
    for number in range(repeats):
        part = notes[10 + number * count : 10 + (number + 1) * count]
        started = time.process_time()
        model.predict(part)
        best = min(best, time.process_time() - started)
    return {"unseen_detect_ms_per_note": round(1000 * best / count, 2)}


def phases(notes: Sequence[Document], repeats: int) -> dict[str, Any]:
    """CPU microseconds per note of tokenizing and of the PHI patterns alone (each note's
    result cache emptied first; the tokenizer's cache of repeated chunks stays warm, as in
    a stream of notes)."""
    from deidkit import patterns
    from deidkit.text import tokenizer

    texts = [doc.text for doc in notes]

    def tokenize_all() -> None:
        for text in texts:
            tokenizer._RECENT.clear()
            tokenizer.tokenize(text)

    def patterns_all() -> None:
        for text in texts:
            patterns._RECENT.clear()
            patterns.find_patterns(text, "en")

    tokenize_all()
    patterns_all()
    tokenize_s, _ = best_of(repeats, tokenize_all)
    patterns_s, _ = best_of(repeats, patterns_all)
    n = len(texts)
    return {
        "tokenize_us_per_note": round(1e6 * tokenize_s / n, 1),
        "patterns_us_per_note": round(1e6 * patterns_s / n, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--model", default="en")
    parser.add_argument("--snapshot", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--profile", type=Path, help="write a cProfile of detect+redact")
    parser.add_argument("--threshold", type=float, help="operating point (default: the model's)")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--phases", action="store_true",
                        help="also time tokenizing and the PHI patterns alone")
    parser.add_argument("--settled-heap", action="store_true",
                        help="settle the heap after warming up, as the batch runner does")
    parser.add_argument("--unseen", action="store_true",
                        help="only time detect on notes new to the process (a fresh set a repeat)")
    parser.add_argument("--adjusted", action="store_true",
                        help="the model as deidkit detect runs it (passes after detection, "
                             "mention propagation)")
    args = parser.parse_args(argv)

    started = time.process_time()
    detector = load_model(args.model)
    load_s = time.process_time() - started
    if args.threshold is not None:
        detector.set_threshold(args.threshold)
    model: Predictor = detector
    if args.adjusted:
        from deidkit.models.adjust import adjusted

        model = adjusted(detector, lang=detector.get_params()["lang"])  # every detector has it
    status = 0
    if args.snapshot or args.compare:
        current = snapshot(model)
        if args.snapshot:
            args.snapshot.parent.mkdir(parents=True, exist_ok=True)
            args.snapshot.write_text(json.dumps(current, sort_keys=True), encoding="utf-8")
            print(f"snapshot: {len(current['predictions'])} documents -> {args.snapshot}")
        if args.compare:
            expected = json.loads(args.compare.read_text(encoding="utf-8"))
            current = json.loads(json.dumps(current, sort_keys=True))
            same = current == expected
            differing = [key for key in expected["predictions"]
                         if expected["predictions"][key] != current["predictions"].get(key)
                         or expected["deidentified"][key] != current["deidentified"].get(key)]
            print(f"compare: {'IDENTICAL' if same else 'DIFFERENT'} "
                  f"({len(expected['predictions'])} documents, {len(differing)} differ)")
            status = 0 if same else 1
    if args.unseen:
        notes = speed_notes(10 + args.notes * args.repeats)
        row = unseen(model, notes, args.notes, args.repeats, args.settled_heap)
        row.update(notes=args.notes, repeats=args.repeats, settled_heap=args.settled_heap)
        print(json.dumps(row))
        return status
    notes = speed_notes(args.notes)
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        deidentify(model.predict(notes), key=KEY)
        profiler.disable()
        profiler.dump_stats(str(args.profile))
    if not args.no_timing:
        row = measure(model, notes, args.repeats, args.settled_heap)
        row["settled_heap"] = args.settled_heap
        row["load_cpu_s"] = round(load_s, 2)
        if args.phases:
            row.update(phases(notes, max(args.repeats, 5)))
        print(json.dumps(row))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
