"""What an operating point lets through that is no PHI.

Above 0.5, a threshold lets a token count as PHI though the model thought it more likely
outside PHI (docs/operating-point.md). For names that trade is wanted: a missed name is the
failure that matters most. What it lets through is cut back after detection:

- separators at either end of a span go (a comma after a name, "Rosa Delgado-Marin,": its
  token, flipped inside the name) and a span without a letter or digit is dropped (a "."
  taken for a name), in any language, unless they join it to a span beside it ("Smith,"
  "John"; the "-" between two parts of a plate);
- in English, a place, an organisation or a date (``LABELS``) written as one ordinary word
  ("Brown stool noted", "May need more fluids", "HIGH" in a heading) that the model gave less
  than even odds (``FLIP_SCORE``): one of the language's common words, not capitals of up to
  three letters, which may be an abbreviation ("UH", "UPS"). On the held-out template
  families at 0.95, 79 of the 84 spans it drops are false (``bench/flips.py``). Names,
  identifiers, cities and states are never dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.types import Document, Span

SEPARATORS = " \t\n,;:"
"""Characters no span starts or ends with."""
LOOKALIKE_LANGS = frozenset({"en"})
"""Languages whose rule data has the common words that one-word flips are checked against."""
LABELS = frozenset({"HOSPITAL", "ORGANIZATION", "DEPARTMENT", "STREET", "DATE"})
"""The labels whose one-word flips are dropped."""
FLIP_SCORE = 0.5
"""A span scored below this was let through by the threshold, not by the model's best guess."""
_ABBREVIATION = 3
"""Capitals up to this length may be an abbreviation ("UH" for a hospital): kept."""


def without_flips(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents without spans of punctuation alone and, in English, without one-word
    flips of ordinary words among their places and dates."""
    common: frozenset[str] = frozenset()
    if lang in LOOKALIKE_LANGS:
        from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

        common = lexicons(lang).common
    result = []
    for document in documents:
        text = document.text
        ordered = sorted(document.spans, key=lambda span: (span.start, span.end))
        kept = []
        for index, span in enumerate(ordered):
            joined_before = index > 0 and _touch(text, ordered[index - 1].end, span.start)
            joined_after = index + 1 < len(ordered) and _touch(
                text, span.end, ordered[index + 1].start
            )
            trimmed = _trimmed(text, span, joined_before, joined_after)
            if trimmed is not None and not _lookalike(text, trimmed, common):
                kept.append(trimmed)
        unchanged = kept == ordered
        result.append(document if unchanged else document.with_spans(tuple(kept)))
    return result


def _touch(text: str, end: int, start: int) -> bool:
    """Whether a span ending at ``end`` and one starting at ``start`` meet (blanks between)."""
    return end >= start or not text[end:start].strip()


def _trimmed(text: str, span: Span, joined_before: bool, joined_after: bool) -> Span | None:
    """``span`` without separators at its ends, None if it holds no letter or digit; what
    joins it to a span beside it stays ("Smith," "John" of "Smith, John")."""
    value = text[span.start : span.end]
    if not any(character.isalnum() for character in value):
        return span if joined_before and joined_after else None
    start, end = span.start, span.end
    if not joined_before:
        start += len(value) - len(value.lstrip(SEPARATORS))
    if not joined_after:
        end -= len(value) - len(value.rstrip(SEPARATORS))
    if (start, end) == (span.start, span.end):
        return span
    return Span(start, end, span.label, source=span.source, score=span.score)


def _lookalike(text: str, span: Span, common: frozenset[str]) -> bool:
    if span.label not in LABELS or span.score is None or span.score >= FLIP_SCORE:
        return False
    word = text[span.start : span.end]
    if not word.isalpha() or (word.isupper() and len(word) <= _ABBREVIATION):
        return False
    return word.casefold() in common
