"""Long notes found in pieces (issue 18, item 2): same spans, bounded pieces, no span cut."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence

import pytest

from deidkit.pieces import PiecewisePredictor, piece_bounds
from deidkit.types import Document, Span

NAME = re.compile(r"Zorblax(?: Quux)*")


class NameFinder:
    """Finds the synthetic name (with any number of 'Quux' after it); records piece sizes."""

    def __init__(self) -> None:
        self.longest = 0

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        out = []
        for document in documents:
            self.longest = max(self.longest, len(document.text))
            spans = tuple(Span(m.start(), m.end(), "PATIENT") for m in NAME.finditer(document.text))
            out.append(Document(document.id, document.text, spans))
        return out


def _note(seed: int, length: int) -> str:
    rng = random.Random(seed)
    words = ["pain", "stable", "Zorblax", "Zorblax Quux Quux", "\n", "mg.", "seen"]
    parts, size = [], 0
    while size < length:
        word = rng.choice(words)
        parts.append(word)
        size += len(word) + 1
    return " ".join(parts)


@pytest.mark.parametrize("seed", range(5))
def test_pieces_find_the_same_spans_as_the_whole_note(seed):
    text = _note(seed, 120_000)
    whole = NameFinder().predict([Document("d", text)])[0].spans
    finder = NameFinder()
    pieces = PiecewisePredictor(finder, size=5_000, overlap=400).predict([Document("d", text)])
    assert pieces[0].spans == whole
    assert finder.longest <= 5_000


def test_pieces_end_at_line_breaks_and_overlap():
    text = ("word " * 30 + "\n") * 400
    bounds = piece_bounds(len(text), text, 5_000, 400)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    for (_, end), (start, _) in itertools.pairwise(bounds):
        assert text[end - 1] == "\n" and end - start == 400


def test_a_span_across_a_piece_boundary_is_kept_whole():
    text = "a" * 4_700 + " Zorblax" + " Quux" * 200 + " b" * 3_000
    found = PiecewisePredictor(NameFinder(), size=5_000, overlap=2_000).predict(
        [Document("d", text)]
    )
    (span,) = found[0].spans
    assert text[span.start : span.end] == "Zorblax" + " Quux" * 200


def test_check_stops_between_pieces():
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) > 3:
            raise TimeoutError

    with pytest.raises(TimeoutError):
        PiecewisePredictor(NameFinder(), size=5_000, overlap=400, check=check).predict(
            [Document("d", _note(1, 100_000))]
        )
