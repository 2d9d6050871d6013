"""What an operating point lets through that is no PHI.

Above 0.5, a threshold lets a token count as PHI though the model thought it more likely
outside PHI (docs/operating-point.md). For names that trade is wanted: a missed name is the
failure that matters most. What it lets through is cut back after detection:

- separators at either end of a span go (a comma after a name, "Rosa Delgado-Marin,": its
  token, flipped inside the name), so do a dash or slash it ends with ("Lapointe/" of a crew
  "Lapointe/Szymanski": a name's slash goes even there, since a slash joins no name;
  "Kessler-"), a dash it starts with, and a quote or bracket at either
  end whose pair is not in the span ('TEODORO "' before a nickname, 'Stan"', "nurse)"); a
  span without a letter or digit is dropped (a "." taken for a name); in any language,
  unless they join it to a span beside it ("Smith," "John"; the "-" between two parts of a
  plate);
- in English, a place, an organisation or a date (``LABELS``) written as one ordinary word
  ("Brown stool noted", "May need more fluids", "HIGH" in a heading) that the model gave less
  than even odds (``FLIP_SCORE``): one of the language's common words, not capitals of up to
  three letters, which may be an abbreviation ("UH", "UPS"). On the held-out template
  families at 0.95, 79 of the 84 spans it drops are false (``bench/flips.py``). Names,
  identifiers, cities and states are never dropped. "May" opening a sentence before a
  lower-case word is the verb ("May need more fluids"), whatever the model's odds: over the
  development batches 9 such and none a date (``bench/gold_counts.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

SEPARATORS = " \t\n,;:"
"""Characters no span starts or ends with."""
TRAILING = "-/"
"""Characters no span ends with."""
LEADING = "-"
"""Characters no span starts with (besides ``SEPARATORS``)."""
PAIRS = {'"': '"', "“": "”", "(": ")", "[": "]"}
"""Quotes and brackets, opening to closing: one at an end of a span without its pair inside
the span goes."""
_CLOSING = {closing: opening for opening, closing in PAIRS.items()}
LOOKALIKE_LANGS = frozenset({"en"})
"""Languages whose rule data has the common words that one-word flips are checked against."""
LABELS = frozenset({"HOSPITAL", "ORGANIZATION", "DEPARTMENT", "STREET", "DATE"})
"""The labels whose one-word flips are dropped."""
FLIP_SCORE = 0.5
"""A span scored below this was let through by the threshold, not by the model's best guess."""
_ABBREVIATION = 3
"""Capitals up to this length may be an abbreviation ("UH" for a hospital): kept."""
_LOWER_WORD = regex.compile(r"[ \t]+\p{Ll}")
"""A lower-case word after "May" opening a sentence: the verb ("May need"), not the month."""


def _sentence_start(text: str, position: int) -> bool:
    """Whether ``position`` opens the text, a line or a sentence (after ". ", "! ", "? ")."""
    while position > 0 and text[position - 1] in " \t":
        position -= 1
    return position == 0 or text[position - 1] in ".!?\n"


def without_flips(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents without spans of punctuation alone and, in English, without one-word
    flips of ordinary words among their places and dates."""
    common: frozenset[str] = frozenset()
    lookalikes = lang in LOOKALIKE_LANGS
    if lookalikes:
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
            if trimmed is not None and not (lookalikes and _lookalike(text, trimmed, common)):
                kept.append(trimmed)
        unchanged = kept == ordered
        result.append(document if unchanged else document.with_spans(tuple(kept)))
    return result


def _touch(text: str, end: int, start: int) -> bool:
    """Whether a span ending at ``end`` and one starting at ``start`` meet (blanks between)."""
    return end >= start or not text[end:start].strip()


def _trimmed(text: str, span: Span, joined_before: bool, joined_after: bool) -> Span | None:
    """``span`` without separators, a dash or slash it ends with, a dash it starts with or
    an unpaired quote or bracket at its ends; None if it holds no letter or digit. What
    joins it to a span beside it stays ("Smith," "John" of "Smith, John")."""
    value = text[span.start : span.end]
    if not any(character.isalnum() for character in value):
        return span if joined_before and joined_after else None
    start, end = span.start, span.end
    while True:
        before = (start, end)
        if not joined_before:
            while start < end and (text[start] in SEPARATORS or text[start] in LEADING
                                   or _unpaired(text, start, end, at_start=True)):
                start += 1
        if not joined_after:
            while end > start and (text[end - 1] in SEPARATORS or text[end - 1] in TRAILING
                                   or _unpaired(text, start, end, at_start=False)):
                end -= 1
        if (start, end) == before:
            break
    if joined_after and end > start and text[end - 1] == "/" and (
        category_of(span.label) is Category.NAME
    ):
        end -= 1  # a slash between two people ("Lapointe/Szymanski") joins no name
    if (start, end) == (span.start, span.end):
        return span
    if start == end or not any(character.isalnum() for character in text[start:end]):
        return None
    return Span(start, end, span.label, source=span.source, score=span.score)


def _unpaired(text: str, start: int, end: int, *, at_start: bool) -> bool:
    """Whether the quote or bracket at the start (or end) of ``text[start:end]`` has no pair
    in it: an opening one at its end or a closing one at its start, or one whose partner
    is missing (a straight double quote: an odd number of them)."""
    mark = text[start] if at_start else text[end - 1]
    value = text[start:end]
    if mark == '"':
        return value.count('"') % 2 == 1
    if mark in PAIRS:
        return not at_start or PAIRS[mark] not in value
    if mark in _CLOSING:
        return at_start or _CLOSING[mark] not in value
    return False


def _lookalike(text: str, span: Span, common: frozenset[str]) -> bool:
    if span.label == "DATE" and text[span.start : span.end] == "May" and (
        _sentence_start(text, span.start) and _LOWER_WORD.match(text, span.end)
    ):
        return True  # "May need more fluids": the verb, whatever the model's odds
    if span.label not in LABELS or span.score is None or span.score >= FLIP_SCORE:
        return False
    word = text[span.start : span.end]
    if not word.isalpha() or (word.isupper() and len(word) <= _ABBREVIATION):
        return False
    return word.casefold() in common
