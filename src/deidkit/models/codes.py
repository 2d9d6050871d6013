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
A date or an age found inside a code of letters and numbers ("MFMC-BB-[26]-0412",
"BLS-[204-77815-01]") is part of an identifier: it becomes one, and grows to the whole code.
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


CODED_LABELS = frozenset({"DATE", "AGE"})
"""What a detector takes a piece of a code for (its numbers look like a date or an age)."""
LETTERS_PIECE = regex.compile(r"(?<![\w])[A-Z]{2,}(?![\w])")
"""A piece of a code in capitals ("MFMC" of "MFMC-BB-26-0412")."""
MONTH = regex.compile(
    r"(?i)jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
"""A month's name or abbreviation: a date's piece, not a code's."""
DIGIT_RUN = regex.compile(r"\d{3}")


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
        if "-" in document.text:
            spans = [_coded(document.text, span) for span in spans]
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
                back = len(widened)  # the spans before it that reach into its code
                while back and widened[back - 1].end > code.start:
                    back -= 1
                ahead = index + 1  # and the spans after it that start inside it
                while ahead < len(spans) and spans[ahead].start < code.end:
                    ahead += 1
                inside = [*widened[back:], *spans[index + 1 : ahead]]  # sorted, disjoint
                if inside and (
                    inside[0].start < code.start or inside[-1].end > code.end
                    or any(category_of(s.label) is Category.NAME for s in inside)
                ):  # a span reaching out of the code, or a name: grow up to the spans around
                    low = widened[-1].end if widened else 0
                    high = spans[index + 1].start if index + 1 < len(spans) else len(text)
                    code = whole_code(text, span, low, max(high, span.end))
                else:
                    del widened[back:]
                span = code
            widened.append(span)
        result.append(document.with_spans(tuple(widened)))
    return result


def _coded(text: str, span: Span) -> Span:
    """``span`` as an identifier when it is a date or an age inside a code: three pieces or
    more joined by hyphens, one of them capitals that are no month ("MFMC-BB-26-0412"; not
    "101-year-old", "12-JAN-2026"), with three digits in a row; else ``span`` itself."""
    if span.label not in CODED_LABELS:
        return span
    code = whole_code(text, span, 0, len(text))
    if code is span:
        return span
    piece = text[code.start : code.end]
    words = [word.group() for word in LETTERS_PIECE.finditer(piece)]
    if piece.count("-") < 2 or not DIGIT_RUN.search(piece) or not any(
        MONTH.fullmatch(word) is None for word in words
    ):
        return span
    return Span(span.start, span.end, "IDNUM", source=span.source, score=span.score)


def _with_udis(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` (sorted, disjoint) with each device identifier in GS1 form one ``DEVICE``
    span (what was found inside it goes: its "(17)290630" is no date nor age), unless a span
    reaches out of it; in one pass over both."""
    result: list[Span] = []
    rest = iter(spans)
    pending = next(rest, None)
    for udi in UDI.finditer(text):
        start, end = udi.span()
        while pending is not None and pending.end <= start:
            result.append(pending)
            pending = next(rest, None)
        inside: list[Span] = []
        while pending is not None and pending.start < end:
            inside.append(pending)
            pending = next(rest, None)
        if inside and (inside[0].start < start or inside[-1].end > end):
            result.extend(inside)  # a span reaches out of it: left as found
        else:
            result.append(Span(start, end, "DEVICE", source="codes"))
    if pending is not None:
        result.append(pending)
    result.extend(rest)
    return result
