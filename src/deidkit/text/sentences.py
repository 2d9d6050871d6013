"""A sentence splitter for clinical notes, built on the tokenizer.

Notes mix prose with fragments, lists and headings, so a sentence ends:

- after ``.``, ``!``, ``?`` (or a run of them, or one of them followed by closing quotes or
  brackets) followed by white space, except after a single capital letter (an initial:
  "J. Smith"), after "No" before a number ("No. 5") and after a list number ("1.");
  abbreviations such as ``Dr.`` or ``b.i.d.`` are single tokens and never end a sentence;
- at a blank line;
- at a line break after a line ending in ``:`` or ``;``, before a list item (``-``, ``*``,
  ``•``, ``1.``, ``1)``), or after a short line (under 40 characters: fragments such as
  "NEURO: alert" rather than prose wrapped at a fixed width) when the next line starts with
  a capital letter or a digit;
- where a section heading starts (see ``deidkit.text.sections``).

``sentence_spans`` returns ``(start, end)`` pairs from the first to the last token of each
sentence.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Sequence

from deidkit.text.sections import find_sections
from deidkit.text.tokenizer import token_spans

_FINAL_RE = re.compile(r"[.!?]+[\"'”’)\]]*")
_CLOSERS = frozenset("\"'”’)]")
_MAY_END_RE = re.compile(r"[.!?\"'”’)\]](?=\s)")  # a token end that may end a sentence
_NEWLINE_RE = re.compile(r"\n")
_LIST_ITEM_RE = re.compile(r"[-*•·]|\d{1,2}[.)]|[a-z][.)]")
_SHORT_LINE = 40


def _starts_upper_or_digit(token: str) -> bool:
    first = token[0]
    return first.isupper() or first.isdigit()


def sentence_spans(
    text: str,
    spans: Sequence[tuple[int, int]] | None = None,
    section_starts: Collection[int] | None = None,
) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of the sentences of ``text``, in order.

    ``spans`` (the token offsets of ``text``) and ``section_starts`` (the start offsets of
    its sections) may be passed when the caller already has them.
    """
    if spans is None:
        spans = token_spans(text)
    if not spans:
        return []
    if section_starts is None:
        section_starts = {section.start for section in find_sections(text)}
    last = len(spans) - 1
    starts = [start for start, _ in spans]
    ends = [end for _, end in spans]
    # Only three things can end a sentence after token i: a line break after it, a
    # sentence-final character at its end followed by white space, or a section starting
    # with token i + 1. Visit just those tokens.
    candidates: set[int] = set()
    for match in _NEWLINE_RE.finditer(text, starts[0], ends[last]):
        candidates.add(bisect.bisect_right(starts, match.start()) - 1)
    for match in _MAY_END_RE.finditer(text, starts[0], ends[last]):
        index = bisect.bisect_left(ends, match.end())
        if index <= last and ends[index] == match.end():
            candidates.add(index)
    for section_start in section_starts:
        index = bisect.bisect_left(starts, section_start)
        if 0 < index <= last and starts[index] == section_start:
            candidates.add(index - 1)
    sentences: list[tuple[int, int]] = []
    sentence_start = starts[0]
    for index in sorted(candidates):
        if not 0 <= index < last:
            continue
        start, end = spans[index]
        next_start, next_end = spans[index + 1]
        token = text[start:end]
        following = text[next_start:next_end]
        gap = text[end:next_start]
        newlines = gap.count("\n")
        boundary = (
            next_start in section_starts
            or newlines >= 2
            or (bool(gap) and _ends_sentence(text, spans, index, token, following))
        )
        if not boundary and newlines == 1:
            line_start = text.rfind("\n", 0, end) + 1
            boundary = (
                token in (":", ";")
                or _LIST_ITEM_RE.fullmatch(following) is not None
                or (end - line_start < _SHORT_LINE and _starts_upper_or_digit(following))
            )
        if boundary:
            sentences.append((sentence_start, end))
            sentence_start = next_start
    sentences.append((sentence_start, ends[last]))
    return sentences


def _ends_sentence(
    text: str, spans: Sequence[tuple[int, int]], index: int, token: str, following: str
) -> bool:
    if token[0] in _CLOSERS and index > 0:
        previous_start, previous_end = spans[index - 1]
        if previous_end != spans[index][0]:
            return False
        token = text[previous_start:previous_end] + token
        index -= 1
    if _FINAL_RE.fullmatch(token) is None:
        return False
    if token == "." and index > 0:
        previous_start, previous_end = spans[index - 1]
        if previous_end == spans[index][0]:
            previous = text[previous_start:previous_end]
            if len(previous) == 1 and previous.isupper():
                return False  # an initial
            if previous.casefold() in ("no", "nos", "nº") and following[0].isdigit():
                return False
            if len(previous) <= 2 and previous.isdigit():
                line_start = text.rfind("\n", 0, previous_start) + 1
                if not text[line_start:previous_start].strip():
                    return False  # a list number: "1. chest pain"
    return True
