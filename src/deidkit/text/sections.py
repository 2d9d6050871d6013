"""Section headings of clinical notes.

A heading starts a line (after optional indentation and a list number such as ``2.`` or
``IV)``) and is either

- a short label followed by a colon: ``HISTORY OF PRESENT ILLNESS:``, ``Discharge Date:``,
  ``Assessment/Plan:``, ``Motivo de consulta:``; at most six words, letters only (plus
  ``/ & - ( ) ' ,``), written in capitals, in title case (small words such as "of" may stay
  lower case), or starting with a capital and either one or two words long or holding a
  common heading word ("Past medical history"); or
- a line of its own in capitals that contains a common heading word (``MEDICATIONS``,
  ``PHYSICAL EXAMINATION``, ``ANTECEDENTES PERSONALES``).

A section runs from its heading to the next heading (or the end of the text). Its ``name``
is the heading normalised to lower-case ASCII words joined by underscores, with common
abbreviations expanded (``HPI`` -> ``history_of_present_illness``, ``A/P`` ->
``assessment_and_plan``).
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from deidkit.lang import languages
from deidkit.types import Token

NO_SECTION = "none"
"""The section name of text before the first heading."""


@dataclass(frozen=True, slots=True)
class Section:
    """A section: ``text[start:end]`` from its heading to the next heading."""

    start: int
    end: int
    heading: str
    name: str


_SMALL_WORDS = frozenset().union(*(lang.sections.small_words for lang in languages()))

HEADING_WORDS: frozenset[str] = frozenset().union(
    *(lang.sections.heading_words for lang in languages())
)
"""Words that make an all-capitals line without a colon count as a heading (every language's
``deidkit/lang/<code>/sections.py``)."""

SECTION_SYNONYMS: dict[str, str] = {
    heading: name for lang in languages() for heading, name in lang.sections.synonyms.items()
}
"""Normalised heading -> canonical section name, for common abbreviations and variants."""

# The two kinds of heading, each matched at the start of a line and never past its end.
# Words and the separators between them take no characters from one another, so nothing
# given back could let the rest match: their quantifiers are possessive (``*+``), which
# spares the engine trying on prose lines.
_COLON_HEADING = (
    r"[ \t]*(?:(?:\d{1,2}|[IVX]{1,4})[.)][ \t]*)?"
    r"(?P<heading>[^\W\d_][^\W\d_ \t/&()',-]*+(?:[ \t/&()',-]++[^\W\d_][^\W\d_/&()',-]*+){0,7}+"
    r"[)]?)[ \t]*:"
)
_LINE_HEADING = (
    r"[ \t]*(?:(?:\d{1,2}|[IVX]{1,4})[.)][ \t]*)?"
    r"(?P<heading>[^\W\d_a-z][^\W\d_ \t/&-]*+(?:[ \t/&-]++[^\W\d_][^\W\d_/&-]*+){0,5}+)"
    r"[ \t\r]*$"
)


class _LineStartPattern:
    """A pattern matched at each line start: the first line by ``match``, the others by
    searching for the newline before them (a literal the regex engine skips to quickly,
    where ``^`` with MULTILINE is tried at every character). A match stays within its line,
    so this finds what ``re.compile("^" + pattern, re.MULTILINE).finditer`` finds."""

    __slots__ = ("_after_newline", "_first")

    def __init__(self, pattern: str) -> None:
        self._first = re.compile(pattern, re.MULTILINE)
        self._after_newline = re.compile("\n" + pattern, re.MULTILINE)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        first = self._first.match(text)
        if first is not None:
            yield first
        yield from self._after_newline.finditer(text)


_COLON_HEADING_RE = _LineStartPattern(_COLON_HEADING)
_LINE_HEADING_RE = _LineStartPattern(_LINE_HEADING)
_WORD_RE = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=4096)
def normalise_heading(heading: str) -> str:
    """A heading as a stable section name: ``Assessment/Plan`` -> ``assessment_and_plan``."""
    decomposed = unicodedata.normalize("NFKD", heading.casefold())
    ascii_text = "".join(char for char in decomposed if not unicodedata.combining(char))
    name = re.sub(r"[^a-z0-9]+", "_", ascii_text.replace("&", " and ")).strip("_")
    return SECTION_SYNONYMS.get(name, name) or NO_SECTION


@functools.lru_cache(maxsize=4096)  # headings repeat from note to note
def _looks_like_label(heading: str) -> bool:
    words = _WORD_RE.findall(heading)
    if not words or len(words) > 6:
        return False
    letters = "".join(words)
    if letters.isupper() and len(letters) >= 2:
        return True
    if not words[0][0].isupper():
        return False
    if len(words) <= 2 or any(word.casefold() in HEADING_WORDS for word in words):
        return True
    return all(word[0].isupper() or word.casefold() in _SMALL_WORDS for word in words)


@functools.lru_cache(maxsize=4096)
def _is_heading_line(heading: str) -> bool:
    words = _WORD_RE.findall(heading)
    if not words or len(words) > 6:
        return False
    if not "".join(words).isupper():
        return False
    return any(word.casefold() in HEADING_WORDS for word in words)


def find_sections(text: str) -> list[Section]:
    """The sections of ``text`` in order; empty when it has no headings."""
    heads: dict[int, str] = {}
    for match in _COLON_HEADING_RE.finditer(text):
        heading = match.group("heading")
        if _looks_like_label(heading):
            heads[match.start("heading")] = heading.rstrip()
    for match in _LINE_HEADING_RE.finditer(text):
        heading = match.group("heading")
        if match.start("heading") not in heads and _is_heading_line(heading):
            heads[match.start("heading")] = heading.rstrip()
    starts = sorted(heads)
    sections: list[Section] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        heading = heads[start]
        sections.append(Section(start, end, heading, normalise_heading(heading)))
    return sections


def section_names(
    text: str, tokens: Sequence[Token], sections: Sequence[Section] | None = None
) -> list[str]:
    """The section name of each token (``"none"`` before the first heading); ``tokens`` are
    in text order, as ``tokenize`` gives them."""
    if sections is None:
        sections = find_sections(text)
    if not sections:
        return [NO_SECTION] * len(tokens)
    starts = [section.start for section in sections]
    names: list[str] = []
    append = names.append
    current = NO_SECTION
    following = 0  # index of the next section not yet entered
    count = len(sections)
    next_start = starts[0]
    for token in tokens:
        if token.start >= next_start:  # tokens are in order: move forward only
            following = bisect_right(starts, token.start, lo=following)
            current = sections[following - 1].name
            next_start = starts[following] if following < count else sys.maxsize
        append(current)
    return names
