"""Long notes found in pieces: bounded memory and time per step, no span cut in two.

A detector's memory grows with the text it is given (features for every token at once:
about 0.75 GB per MB of text). ``PiecewisePredictor`` gives it notes longer than
``PIECE_CHARS`` as pieces that end at a line break (else a sentence end or a space) and
overlap the next piece by ``OVERLAP_CHARS``. Each piece owns the text up to the middle of
its overlaps; a span found in a piece is kept when it starts in the part the piece owns
(so every span is found with at least half an overlap of context on each side, and a span
crossing a boundary is kept whole), and spans that still overlap are joined. Between
pieces and documents a ``check`` callback may stop the work (the service's time budget or a
client that has gone).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from deidkit.detector import Predictor
from deidkit.types import Document, Span

PIECE_CHARS = 20_000
OVERLAP_CHARS = 2_000
DEFAULT_BATCH_SIZE = 32
"""Documents given to a detector at once by the batch runs (``--batch-size``) and the
service: the detector's per-call work is paid once per batch, and a batch's features live
only while it is detected (bounded memory). bench/batching.py measures it (docs/scale.md)."""
_BREAKS = ("\n", ". ", " ")


def piece_bounds(
    length: int, text: str, size: int = PIECE_CHARS, overlap: int = OVERLAP_CHARS
) -> list[tuple[int, int]]:
    """``(start, end)`` of each piece: at most ``size`` characters, ending at a break in the
    last quarter when there is one, each starting ``overlap`` characters before the last
    piece's end."""
    if length <= size:
        return [(0, length)]
    bounds: list[tuple[int, int]] = []
    start = 0
    while True:
        end = min(start + size, length)
        if end < length:
            floor = start + (3 * size) // 4
            for mark in _BREAKS:
                found = text.rfind(mark, floor, end)
                if found >= 0:
                    end = found + len(mark)
                    break
        bounds.append((start, end))
        if end >= length:
            return bounds
        start = max(end - overlap, start + 1)


def _join(spans: list[Span]) -> list[Span]:
    """Sorted spans with any that overlap joined into one (the first one's label)."""
    joined: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if joined and span.start < joined[-1].end:
            if span.end > joined[-1].end:
                joined[-1] = replace(joined[-1], end=span.end)
            continue
        joined.append(span)
    return joined


class PiecewisePredictor:
    """A ``Predictor`` that hands long notes to ``predictor`` in pieces (see the module)."""

    def __init__(
        self,
        predictor: Predictor,
        *,
        size: int = PIECE_CHARS,
        overlap: int = OVERLAP_CHARS,
        check: Callable[[], None] | None = None,
        batch_size: int | None = None,
    ) -> None:
        if not 0 <= 2 * overlap < size:
            raise ValueError("the overlap must be under half the piece size")
        if batch_size is not None and batch_size < 1:
            raise ValueError("the batch size must be 1 or more documents")
        self.predictor, self.size, self.overlap = predictor, size, overlap
        self.check = check or (lambda: None)
        self.batch_size = batch_size

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        """The documents with their spans; short ones are given to the predictor together
        (as many as in a row, at most ``batch_size``, with ``check`` between batches), long
        ones in pieces."""
        found: list[Document] = []
        short: list[Document] = []
        for document in documents:
            if len(document.text) <= self.size:
                short.append(document)
                if len(short) == self.batch_size:
                    self._flush(short, found)
                continue
            self._flush(short, found)
            found.append(self._in_pieces(document))
        self._flush(short, found)
        return found

    def _flush(self, short: list[Document], found: list[Document]) -> None:
        if short:
            self.check()
            found.extend(self.predictor.predict(short))
            short.clear()

    def _in_pieces(self, document: Document) -> Document:
        text = document.text
        bounds = piece_bounds(len(text), text, self.size, self.overlap)
        kept: list[Span] = []
        for index, (start, end) in enumerate(bounds):
            self.check()
            owned_from = 0 if index == 0 else (start + bounds[index - 1][1]) // 2
            owned_to = len(text) if index + 1 == len(bounds) else (bounds[index + 1][0] + end) // 2
            piece = Document(f"{document.id}#{index}", text[start:end])
            (result,) = self.predictor.predict([piece])
            for span in result.spans:
                if owned_from <= span.start + start < owned_to:
                    kept.append(replace(span, start=span.start + start, end=span.end + start))
        return replace(document, spans=tuple(_join(kept)))
