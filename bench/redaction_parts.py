"""Benchmark: where the redaction's CPU goes (surrogate mode, the English default's spans).

Not a test. The adjusted English model (as ``deidkit detect`` runs it) detects the notes
once; then, one process, CPU time, each pass starting with the dates' caches empty as
``bench/en_speed.py`` does (each patient's dates new to it):

- ``redact_us_per_note``: ``deidentify`` of the predictions, median and minimum of the
  passes (the heap settled first);
- ``by_part_us_per_note``: three more passes timed around each label's ``replace`` (the
  date offsets apart), observing and applying the replacements, each part's least (the
  timers inflate them: compare parts with each other, not with the whole);
- ``draws_per_note``: the keyed random sources derived (an HMAC and a seeded Mersenne
  Twister each), by purpose; ``dates``: date spans a note and how many distinct readings
  (text and reference) the pass parsed, the texts it read and the distinct texts;
- ``draw_us``, ``read_date_us``: one keyed draw and one reading of a date alone (the
  notes' own dates, read afresh), best of 5.

Notes: ``bench/en_speed.py``'s (``--notes``) or the first ``--handwritten N`` notes of
``bench/data/handwritten-en*/notes.jsonl`` (patients and note dates as written).

    .venv/bin/python bench/redaction_parts.py [--notes 120 | --handwritten 600] [--passes 7]
"""

from __future__ import annotations

import argparse
import collections
import gc
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from deidkit.io import read_documents
from deidkit.models import load_model
from deidkit.models.adjust import adjusted
from deidkit.redact import engine
from deidkit.redact import surrogates as surrogates_module
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import dates
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from en_speed import (  # noqa: E402
    KEY,
    _fresh_deidentify,
    empty_date_caches,
    settle_heap,
    speed_notes,
)


def handwritten(count: int) -> list[Document]:
    """The first ``count`` notes of the hand-written sets, without their annotations."""
    notes = (
        document.with_spans(())
        for path in sorted(ROOT.glob("bench/data/handwritten-en*/notes.jsonl"))
        for document in read_documents(path)
    )
    return list(itertools.islice(notes, count))


def _passes(predicted: Sequence[Document], passes: int) -> dict[str, float]:
    times = []
    for _ in range(passes):
        started = time.process_time()
        _fresh_deidentify(predicted)
        times.append(1e6 * (time.process_time() - started) / len(predicted))
    return {"median": round(statistics.median(times), 1), "min": round(min(times), 1)}


def _by_part(predicted: Sequence[Document]) -> dict[str, float]:
    """One pass timed around each label's surrogate, the date offsets, observing, applying."""
    spent: dict[str, float] = collections.defaultdict(float)
    clock = time.process_time
    generator = surrogates_module.SurrogateGenerator
    replace, offset = generator.replace, generator.date_offset
    observe, apply = engine.Deidentifier.observe, engine.apply_replacements

    def timed(name: Callable[..., str], work: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            started = clock()
            try:
                return work(*args)
            finally:
                spent[name(*args)] += clock() - started
        return run

    def date_offset(self: Any, patient: str) -> int:
        if self.patient(patient).offset is not None:
            return offset(self, patient)
        started = clock()
        value = offset(self, patient)
        spent["(date offsets)"] += clock() - started
        spent["DATE"] -= clock() - started  # counted apart, not in the date's replace
        return value

    patches: list[tuple[Any, str, Any]] = [
        (generator, "replace", timed(lambda _s, _o, label, _p: label, replace)),
        (generator, "date_offset", date_offset),
        (engine.Deidentifier, "observe", timed(lambda *_: "(observe)", observe)),
        (engine, "apply_replacements", timed(lambda *_: "(apply)", apply)),
    ]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    try:
        for owner, name, value in patches:
            setattr(owner, name, value)
        _fresh_deidentify(predicted)
    finally:
        for owner, name, value in originals:
            setattr(owner, name, value)
    return {part: round(1e6 * cpu / len(predicted), 1) for part, cpu in spent.items()}


def _draws(predicted: Sequence[Document]) -> dict[str, Any]:
    """Keyed draws a note by purpose, and the dates the pass read."""
    purposes: collections.Counter[str] = collections.Counter()
    derive = SecretKey.rng

    def rng(self: SecretKey, *parts: str) -> Any:
        purposes[parts[0] if parts[0] != "pick" else f"pick:{parts[2].split('-')[0]}"] += 1
        return derive(self, *parts)

    setattr(SecretKey, "rng", rng)  # noqa: B010 (a method patched for one pass)
    try:
        _fresh_deidentify(predicted)
    finally:
        setattr(SecretKey, "rng", derive)  # noqa: B010
    readings = dates.parse_date.cache_info().currsize
    read = getattr(dates, "_read", None)  # each text read once (absent from an older tree)
    count = len(predicted)
    texts = [doc.span_text(span) for doc in predicted for span in doc.spans
             if span.label == "DATE"]
    by_purpose = {key: round(value / count, 2) for key, value in purposes.most_common()}
    return {
        "draws_per_note": by_purpose | {"all": round(sum(purposes.values()) / count, 2)},
        "dates": {"spans_per_note": round(len(texts) / count, 2), "readings": readings,
                  "texts_read": read.cache_info().currsize if read else readings,
                  "texts": len(set(texts))},
        "texts": texts,
    }


def _each(action: Callable[[], object], count: int) -> float:
    """Best of 5 of ``action`` (which does ``count`` things), CPU µs a thing."""
    best = float("inf")
    for _ in range(5):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return round(1e6 * best / count, 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--handwritten", type=int, help="the first N hand-written notes")
    parser.add_argument("--passes", type=int, default=7)
    args = parser.parse_args(argv)
    notes = handwritten(args.handwritten) if args.handwritten else speed_notes(args.notes)
    model = adjusted(load_model("en"), lang="en")
    predicted = model.predict(notes)
    _fresh_deidentify(predicted)
    settle_heap()
    row: dict[str, Any] = {"notes": len(notes), "spans_per_note": round(
        sum(len(doc.spans) for doc in predicted) / len(predicted), 1)}
    row["redact_us_per_note"] = _passes(predicted, args.passes)
    parts = [_by_part(predicted) for _ in range(3)]
    row["by_part_us_per_note"] = dict(sorted(
        ((part, min(each[part] for each in parts)) for part in parts[0]),
        key=lambda item: -item[1]))
    found = _draws(predicted)
    texts = found.pop("texts")
    row.update(found)
    key = SecretKey(KEY.encode())
    row["draw_us"] = _each(lambda: [key.rng("value", "p", "DATE", str(n)) for n in range(2000)],
                           2000)

    def read_all() -> None:
        empty_date_caches()
        for text in texts:
            dates.parse_date(text, lang="en")

    row["read_date_us"] = _each(read_all, max(len(texts), 1))
    gc.collect()
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
