"""The pure core of redaction: replace spans of a text and move the spans onto the new text.

Like Presidio's anonymizer this knows nothing about detection: it takes spans and their
replacement strings and returns the new text, the spans moved onto the replacements and an
offset map between the two texts.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from deidkit.errors import SpanError
from deidkit.types import Span, find_overlap, span_sort_key


@dataclass(frozen=True, slots=True)
class Edit:
    """One replaced region: ``old_start:old_end`` in the original became ``new_start:new_end``."""

    old_start: int
    old_end: int
    new_start: int
    new_end: int


@dataclass(frozen=True, slots=True)
class OffsetMap:
    """Maps offsets of the original text to offsets of the redacted text."""

    edits: tuple[Edit, ...]

    def to_new(self, offset: int) -> int:
        """The new offset of an original offset (a point inside a replaced region maps to the
        start of its replacement)."""
        index = bisect.bisect_right([edit.old_start for edit in self.edits], offset) - 1
        if index < 0:
            return offset
        edit = self.edits[index]
        if offset < edit.old_end:
            return edit.new_start
        return offset + (edit.new_end - edit.old_end)

    def to_old(self, offset: int) -> int:
        """The original offset of a new offset (a point inside or at the start of a
        replacement maps to the start of the region it replaced)."""
        starts = [edit.new_start for edit in self.edits]
        index = bisect.bisect_right(starts, offset) - 1
        if index < 0:
            return offset
        while index > 0 and starts[index - 1] == offset:
            index -= 1  # deletions leave several regions at one new offset: take the first
        edit = self.edits[index]
        if offset == edit.new_start or offset < edit.new_end:
            return edit.old_start
        return offset + (edit.old_end - edit.new_end)


@dataclass(frozen=True, slots=True)
class Replaced:
    """The result of :func:`apply_replacements`."""

    text: str
    spans: tuple[Span, ...]
    offsets: OffsetMap


def moved_span(span: Span, start: int, end: int) -> Span:
    """``dataclasses.replace(span, start=start, end=end)`` without its walk over the fields
    (a test checks that every field of ``Span`` is carried over)."""
    return Span(start, end, span.label, span.source_label, span.source, span.score, span.id)


def apply_replacements(text: str, spans: Sequence[Span], replacements: Sequence[str]) -> Replaced:
    """Replace each span's text by its replacement; spans move onto their replacements.

    A span whose replacement is empty is dropped from the result (an empty span cannot be
    annotated); its region is still recorded in the offset map.
    """
    if len(spans) != len(replacements):
        raise ValueError("one replacement per span is needed")
    order = sorted(range(len(spans)), key=lambda i: span_sort_key(spans[i]))
    ordered = [spans[i] for i in order]
    overlap = find_overlap(ordered)
    if overlap is not None:
        first, second = overlap
        raise SpanError(
            f"spans {first.start}-{first.end} ({first.label}) and {second.start}-"
            f"{second.end} ({second.label}) overlap; resolve overlaps before redaction"
        )
    pieces: list[str] = []
    moved: list[Span] = []
    edits: list[Edit] = []
    cursor = 0
    length = 0
    for index in order:
        span, new = spans[index], replacements[index]
        if span.end > len(text):
            raise SpanError(
                f"span {span.start}-{span.end} ({span.label}) ends past the end of the text "
                f"(length {len(text)})"
            )
        pieces.append(text[cursor : span.start])
        length += span.start - cursor
        start = length
        pieces.append(new)
        length += len(new)
        edits.append(Edit(span.start, span.end, start, length))
        if new:
            moved.append(moved_span(span, start, length))
        cursor = span.end
    pieces.append(text[cursor:])
    return Replaced("".join(pieces), tuple(moved), OffsetMap(tuple(edits)))
