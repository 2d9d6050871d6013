"""Identifiers as whole codes: an ID span grows to the code it is part of.

A detector may find only part of a code written with hyphens ("HI-NBS-[2501-77841]",
"[IN]-2041" found as "2041"): the tokenizer splits at the hyphens and the letters look like
words. An identifier is the whole code, so an ID-category span is widened over the letters,
digits and hyphens glued to it (never over a blank, never into another span or into what the
span before it has grown over), as the i2b2 2014 guidelines mark it. Only in the languages of
``WHOLE_CODE_LANGS``: MEDDOCAN leaves a suffix out of some Spanish record numbers, and widening
them lowered the Spanish model's MEDICALRECORD strict F1 on MEDDOCAN dev from 1.0 to 0.94.
"""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

WHOLE_CODE_LANGS = frozenset({"en"})
"""The languages whose identifiers are widened to whole codes."""


def _code_char(char: str) -> bool:
    return char.isalnum() or char == "-"


def whole_code(text: str, span: Span, low: int, high: int) -> Span:
    """``span`` widened over the code characters glued to it, within ``low``..``high``."""
    start, end = span.start, span.end
    while start > low and _code_char(text[start - 1]):
        start -= 1
    while end < high and _code_char(text[end]):
        end += 1
    while start < span.start and text[start] == "-":
        start += 1
    while end > span.end and text[end - 1] == "-":
        end -= 1
    if (start, end) == (span.start, span.end):
        return span
    return Span(start, end, span.label, source=span.source, score=span.score)


def whole_identifiers(documents: Sequence[Document]) -> list[Document]:
    """The documents with each identifier span widened to its whole code."""
    result = []
    for document in documents:
        spans = sorted(document.spans, key=lambda s: (s.start, s.end))
        if not any(category_of(s.label) is Category.ID for s in spans):
            result.append(document)
            continue
        widened: list[Span] = []
        for index, span in enumerate(spans):
            if category_of(span.label) is Category.ID:
                low = widened[-1].end if widened else 0
                high = spans[index + 1].start if index + 1 < len(spans) else len(document.text)
                span = whole_code(document.text, span, low, max(high, span.end))
            widened.append(span)
        result.append(document.with_spans(tuple(widened)))
    return result
