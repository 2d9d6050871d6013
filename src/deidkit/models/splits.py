"""Two values a detector ran together are two spans, without the words between them.

A detector may take two dates joined by a conjunction for one ("October 14 and October 16,
2025", "Mon and Tues"), a telephone number and its extension for one ("617-555-0190 ext.
4419"), or a preposition before or after a date for part of it ("of 24 July", "first Thursday
of"). The annotation guideline marks two whole dates as two spans, numbers without their cue
("ext. [4471]") and a date without the words around it, so after detection:

- a ``DATE`` span loses a preposition it starts with and a preposition, conjunction or dash
  it ends with, and is split at "and", "or" and "&" into one span a date;
- a ``PHONE`` span is split at an extension's cue ("ext", "ext.", "extn", "extension") into
  the number and the extension, the cue in neither.

The development batches' writers never put a conjunction inside a date span nor started one
with a preposition, and put the extension's cue inside a number's span three times against
306 times outside it (``bench/gold_counts.py``). English only (``SPLIT_LANGS``).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.types import Document, Span

SPLIT_LANGS = frozenset({"en"})
"""The languages whose dates and telephone numbers are split this way."""
_DATE_OPENING = regex.compile(r"(?i:(?:of|on|from|since|until|by)\s+)+")
"""Prepositions a date's span does not start with ("of 24 July")."""
_DATE_CLOSING = frozenset({"of", "and", "or", "&", "-", "–", "—"})
"""Last words a date's span does not end with ("first Thursday of", "last March —")."""
_DATE_JOIN = regex.compile(r"(?i:(?<=\S)(?<!\bthousand|\bhundred)\s+(?:and|or|&)\s+)")
"""What joins two dates ("Dec. 18 and Dec. 29"; not a year said in words: "two thousand and
six")."""
_EXTENSION = regex.compile(r"(?i:\b(?:ext|extn|extension)\b\.?[ \t]*[#:]?[ \t]*)(?=\d)")
"""An extension's cue before its number ("555-0190 ext. 4419")."""
_DIGIT = regex.compile(r"\d")
_SEPARATORS = " \t\n,;:"
"""What a piece does not end with."""


def split_values(documents: Sequence[Document]) -> list[Document]:
    """The documents with dates and telephone numbers run together split apart."""
    result = []
    for document in documents:
        spans: list[Span] = []
        for span in document.spans:
            if span.label == "DATE":
                spans.extend(_dates(document.text, span))
            elif span.label == "PHONE":
                spans.extend(_numbers(document.text, span))
            else:
                spans.append(span)
        unchanged = spans == list(document.spans)
        result.append(document if unchanged else document.with_spans(tuple(spans)))
    return result


def _dates(text: str, span: Span) -> list[Span]:
    start, end = span.start, span.end
    opening = _DATE_OPENING.match(text, start, end)
    if opening is not None and opening.end() < end:
        start = opening.end()
    while True:
        value = text[start:end].rstrip()
        cut = max(value.rfind(" "), value.rfind("\t"), value.rfind("\n"))
        if cut <= 0 or value[cut + 1 :].casefold() not in _DATE_CLOSING:
            break
        end = start + cut
    end = start + len(text[start:end].rstrip())
    pieces = []
    for join in _DATE_JOIN.finditer(text, start, end):
        pieces.append((start, join.start()))
        start = join.end()
    pieces.append((start, end))
    return _spans(text, span, pieces)


def _numbers(text: str, span: Span) -> list[Span]:
    cue = _EXTENSION.search(text, span.start, span.end)
    if cue is None or not _DIGIT.search(text, span.start, cue.start()):
        return [span]
    number_end = span.start + len(text[span.start : cue.start()].rstrip())
    return _spans(text, span, [(span.start, number_end), (cue.end(), span.end)])


def _spans(text: str, span: Span, pieces: list[tuple[int, int]]) -> list[Span]:
    """``span`` cut to ``pieces``, each without the separators at its end ("March 3,")."""
    if pieces == [(span.start, span.end)]:
        return [span]
    spans = []
    for start, end in pieces:
        end = start + len(text[start:end].rstrip(_SEPARATORS))
        if start < end:
            spans.append(Span(start, end, span.label, source=span.source, score=span.score))
    return spans
