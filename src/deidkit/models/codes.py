"""Identifiers as whole codes: an ID span grows to the code it is part of.

A detector may find only part of a code written with hyphens ("HI-NBS-[2501-77841]",
"[IN]-2041" found as "2041"): the tokenizer splits at the hyphens and the letters look like
words. An identifier is the whole code, so an ID-category span is widened over the letters,
digits and hyphens glued to it (never over a blank, never into what the span before it has
grown over), as the i2b2 2014 guidelines mark it; another span found wholly inside the code
becomes part of it unless it is a name, one that reaches out of it (or a name) stops the
widening there. Only in the languages of
``WHOLE_CODE_LANGS``: MEDDOCAN leaves a suffix out of some Spanish record numbers, and widening
them lowered the Spanish model's MEDICALRECORD strict F1 on MEDDOCAN dev from 1.0 to 0.94.
A device's unique identifier in GS1 form ("(01)00889024411281(17)290630(10)K24L8845": the
device number, expiry and lot) is one ``DEVICE`` span, whatever was found inside it.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

WHOLE_CODE_LANGS = frozenset({"en"})
"""The languages whose identifiers are widened to whole codes."""
UDI = regex.compile(r"(?<![\w)])\(01\)\d{14}(?:\(\d{2,4}\)[0-9A-Za-z-]{1,20})*(?![\w(])")
"""A device's unique identifier in GS1 form: "(01)" and the 14-digit device number, then
further application identifiers in parentheses with their values ("(17)290630(10)K24L8845")."""


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
    """The documents with each identifier span widened to its whole code; spans found
    wholly inside that code, names aside, are part of it ("SD-[PH]-[88411]": a place and a
    number found apart in one photo number) and go."""
    result = []
    for document in documents:
        spans = sorted(document.spans, key=lambda s: (s.start, s.end))
        if "(01)" in document.text:
            spans = _with_udis(document.text, spans)
        if not any(category_of(s.label) is Category.ID for s in spans):
            result.append(document)
            continue
        text = document.text
        widened: list[Span] = []
        for index, span in enumerate(spans):
            if widened and span.end <= widened[-1].end:
                continue  # inside the code the identifier before it grew to
            if category_of(span.label) is Category.ID:
                code = whole_code(text, span, 0, len(text))
                inside_before = [s for s in widened if s.start >= code.start]
                after = spans[index + 1 :]
                crossing = any(s.start < code.start < s.end for s in widened) or any(
                    s.start < code.end < s.end for s in after
                )
                named = any(
                    category_of(s.label) is Category.NAME
                    for s in [*inside_before, *(s for s in after if s.start < code.end)]
                )
                if crossing or named:  # grow only up to the spans around it
                    low = widened[-1].end if widened else 0
                    high = after[0].start if after else len(text)
                    code = whole_code(text, span, low, max(high, span.end))
                else:
                    del widened[len(widened) - len(inside_before) :]
                    start = min([code.start, *(s.start for s in inside_before)])
                    if start != code.start:
                        code = Span(start, code.end, span.label, source=span.source,
                                    score=span.score)
                span = code
            widened.append(span)
        result.append(document.with_spans(tuple(widened)))
    return result


def _with_udis(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each device identifier in GS1 form one ``DEVICE`` span (what was found
    inside it goes: its "(17)290630" is no date nor age), unless a span reaches out of it."""
    for udi in UDI.finditer(text):
        start, end = udi.span()
        if any(s.start < start < s.end or s.start < end < s.end for s in spans):
            continue
        spans = sorted(
            [*(s for s in spans if s.end <= start or s.start >= end),
             Span(start, end, "DEVICE", source="codes")],
            key=lambda s: (s.start, s.end),
        )
    return spans
