"""Benchmark: CPU time a note of each document class's block of the CRF member's matrices.

Not a test. The English default's CRF member's extractor, with the classes ``--add`` names
added (the optional ``layout``), over the member's vocabulary and the names of every feature
the added classes give the notes (as a model trained with them would know them). The notes
(``en_speed``'s ~500-token ones, or 7-token ones with ``--small``) go in the member's chunks
(``DOCUMENTS_AT_ONCE``) as ``FeatureExtractor.chunk_rows`` frames them, new document
contexts each pass, their PHI patterns found first as the ensemble finds them. After a
warm-up, each class's ``chunk_columns`` is timed alone (``time.process_time``; what a
context works out once, its tokens' starts or its sections, is paid by the first class to
ask), CPU microseconds a note, the median and the minimum over ``--repeats`` passes.
``--per-document`` also times each class through the base class's conversion
(``FeatureClass.chunk_columns``: ``add_document_features`` a document at a time, then its
dicts as columns), the two ways taking turns, after checking they give the same matrix.

    .venv/bin/python bench/feature_blocks.py [--notes 120] [--repeats 9] [--add layout]
        [--per-document] [--small]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from deidkit.features.base import ChunkContext, FeatureClass
from deidkit.features.columns import Block, Columns, assemble
from deidkit.features.config import FEATURE_CLASSES
from deidkit.features.registry import REGISTRY
from deidkit.models import crf, load_model
from deidkit.models.ensemble import EnsembleDetector
from deidkit.patterns import find_patterns
from deidkit.text import tokenize
from deidkit.types import Document

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from en_speed import settle_heap, speed_notes  # noqa: E402


class _Recorder:
    """A document class that keeps the chunks ``chunk_rows`` hands it."""

    def __init__(self) -> None:
        self.chunks: list[ChunkContext] = []

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        self.chunks.append(chunk)
        return Block.empty()


def measure(notes: list[Document], repeats: int, added: list[str], per_document: bool
            ) -> dict[str, Any]:
    model = load_model("en")
    assert isinstance(model, EnsembleDetector)  # the English default: rules + CRF
    member = next(d for d in model.detectors_ if isinstance(d, crf.CRFDetector))
    extractor, config = member.extractor, member.extractor.config
    classes = list(extractor._document_classes)
    classes += [REGISTRY[name](config) for name in added]
    classes.sort(key=lambda c: FEATURE_CLASSES.index(c.name))  # their order in the matrix
    vocabulary = dict(member.columns_.vocabulary)
    for feature_class in classes:
        if feature_class.name not in added:
            continue
        for note in notes:
            for features in _features(feature_class, note):
                for key, value in features.items():
                    name = key if not isinstance(value, str) else f"{key}:{value}"
                    vocabulary.setdefault(name, len(vocabulary))
    columns = Columns(vocabulary)
    recorder = _Recorder()
    extractor._document_classes = [recorder]  # type: ignore[list-item]
    at_once = crf.DOCUMENTS_AT_ONCE
    tokens = [tokenize(note.text) for note in notes]

    def chunks() -> list[ChunkContext]:
        """The notes' chunks, their document contexts new (as each call's are)."""
        recorder.chunks.clear()
        for first in range(0, len(notes), at_once):
            extractor.chunk_rows(notes[first : first + at_once], tokens[first : first + at_once],
                                 columns)
        return list(recorder.chunks)

    ways: dict[str, Callable[[FeatureClass, ChunkContext], Block]] = {
        "own": lambda c, chunk: c.chunk_columns(chunk, columns)}
    if per_document:
        ways["per_document"] = lambda c, chunk: FeatureClass.chunk_columns(c, chunk, columns)
        for feature_class in classes:
            for chunk in chunks():
                _same(*(assemble([way(feature_class, chunk)], len(chunk), len(vocabulary))
                        for way in ways.values()))
    times: dict[str, dict[str, list[float]]] = {way: {c.name: [] for c in classes}
                                                 for way in ways}

    def one_pass(record: bool) -> None:
        for way, block in ways.items():
            spent = dict.fromkeys(times[way], 0.0)
            for chunk in chunks():
                for context in chunk.contexts:  # as the ensemble finds them first
                    find_patterns(context.text, config.language)
                for feature_class in classes:
                    started = time.process_time()
                    block(feature_class, chunk)
                    spent[feature_class.name] += time.process_time() - started
            if record:
                for name, seconds in spent.items():
                    times[way][name].append(1e6 * seconds / len(notes))

    one_pass(False)
    settle_heap()
    for _ in range(repeats):
        one_pass(True)
    return {way: {name: {"median_us": round(statistics.median(found), 1),
                         "min_us": round(min(found), 1)} for name, found in by_class.items()}
            for way, by_class in times.items()} | {"repeats": repeats, "notes": len(notes)}


def _features(feature_class: FeatureClass, note: Document) -> list[dict[str, Any]]:
    from deidkit.features.base import DocumentContext, normalise_word

    tokens = tokenize(note.text)
    items: list[dict[str, Any]] = [{} for _ in tokens]
    norms = [normalise_word(token.text, feature_class.config.fold_digits) for token in tokens]
    feature_class.add_document_features(
        DocumentContext(note.text, tokens, feature_class.config, norms), items)
    return items


def _same(first: Any, second: Any) -> None:
    for name in ("pointers", "columns", "values"):
        if not np.array_equal(getattr(first, name), getattr(second, name)):
            raise SystemExit(f"the two ways' matrices differ ({name})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--add", action="append", default=[], help="a class to add (layout)")
    parser.add_argument("--per-document", action="store_true",
                        help="also time the base class's per-document conversion, in turns")
    parser.add_argument("--small", action="store_true", help="7-token notes")
    args = parser.parse_args(argv)
    if args.small:
        notes = [Document(str(n), f"Seen by Dr. Smith{n % 50} on 3/4/2020.")
                 for n in range(args.notes)]
    else:
        notes = speed_notes(args.notes)
    print(json.dumps(measure(notes, args.repeats, args.add, args.per_document)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
