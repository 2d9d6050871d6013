"""Rules ``spoken_numbers`` (``PHONE``, ``IDNUM``) and ``spoken_ages`` (``AGE``): values
spoken rather than written, as speech turned into text gives them (scribe transcripts,
dictation, voicemail, interpreted calls).

- ``spoken_numbers``: a run of at least ``MIN_DIGITS`` digits said one by one ("five five
  five, oh one four two", "six one seven - five five five - zero one nine nine", "double
  five"), words apart by blanks, commas, hyphens or "dash": seven, ten or eleven digits are a
  telephone number, any other count an identifier; after "extension" or "ext" three digits
  or more are a telephone extension ("extension three three oh seven");
- ``spoken_ages``: a number in words before "years old", "year-old" or "yo" ("eighty-seven
  years old", "a seventy two year old man", "nine year old"). With ``ages="over_89"`` only
  ages of 90 and over.

English number words (``NUMBER_LANGS``): no other language's rule data has them yet.
"""

from __future__ import annotations

from collections.abc import Iterable

from deidkit.models.rules.ages import (
    DIGIT_WORD,
    MAX_AGE,
    TENS_WORD,
    UNITS,
    number_in_words,
)
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.patterns.spec import Expression
from deidkit.types import Span

NUMBER_LANGS = frozenset({"en"})
"""The languages whose spoken numbers these rules read."""
MIN_DIGITS = 7
"""Digits said one by one that make a number (fewer: a count, a dose, a time)."""
EXTENSION_DIGITS = 3
"""Digit words after "extension" that make an extension."""
PHONE_DIGITS = frozenset({7, 10, 11})
"""How many digits a spoken telephone number has (local, with area code, with a 1)."""

DIGITS = ("zero", "oh", *(word for word, value in UNITS.items() if value < 10))
"""The words of digits said one by one."""
_REPEATS = {"double": 2, "triple": 3}
_DIGIT = "(?:" + "|".join(DIGITS) + ")"
_REPEAT = r"(?:(?:double|triple)[ \t]+)?"
SPOKEN_DIGITS = Expression(
    r"(?i)(?<![\p{L}\d])" + _REPEAT + _DIGIT + r"(?:(?:[ \t]*(?:,|-|–|dash)[ \t]*|[ \t]+)"
    + _REPEAT + _DIGIT + r")*+(?![\p{L}\d])"
)
"""Digit words in a row ("five five five, oh one four two"); counted by ``_digit_count``."""
_UNIT = "(?:" + "|".join(sorted(UNITS, key=len, reverse=True)) + ")"  # "seventeen" first
SPOKEN_AGE = Expression(
    r"(?i)(?<![\p{L}\d-])(?P<n>(?:one[ \t]+hundred(?:[ \t]+and)?[ \t-]+)?(?:" + TENS_WORD
    + r"(?:[ \t-]+" + DIGIT_WORD + r")?|" + _UNIT + r")|one[ \t]+hundred)"
    r"[ \t-]+(?:years?[ \t-]+old|yo)(?![\p{L}])"
)
"""A number in words before "years old" and the like; the number is group ``n``."""
AGE_END = Expression(r"(?i)(?:years?[ \t-]+old|yo)(?![\p{L}])")
"""What every ``SPOKEN_AGE`` ends with: it is tried only on the lines holding one (a scan for
this literal ending costs a note a twentieth of one for ``SPOKEN_AGE``)."""
EXTENSION_BEFORE = Expression(
    r"(?i)(?<![\p{L}])ext(?:ension)?\.?(?:[ \t]+(?:number|no\.?|is))*[ \t]*$"
)
""""extension" (and "number", "is") just before spoken digits; searched on the text before."""
_EXTENSION_LOOK = 30
WORD = Expression(r"\p{L}+")
"""A word of a spoken number."""


def spoken_number_spans(scan: Scan) -> list[Span]:
    """Telephone numbers and identifiers said digit by digit."""
    if scan.lang not in NUMBER_LANGS or not _has_any(scan, DIGITS):
        return []
    spans = []
    text = scan.note.text
    extensions = "extension" in scan.note.positions or "ext" in scan.note.positions
    for found in SPOKEN_DIGITS.compiled.finditer(text):
        count = _digit_count(found.group())
        if count >= MIN_DIGITS:
            label = "PHONE" if count in PHONE_DIGITS else "IDNUM"
            spans.append(Span(found.start(), found.end(), label, source="rules"))
        elif count >= EXTENSION_DIGITS and extensions and EXTENSION_BEFORE.compiled.search(
            text, max(0, found.start() - _EXTENSION_LOOK), found.start()
        ):
            spans.append(Span(found.start(), found.end(), "PHONE", source="rules"))
    return spans


def spoken_age_spans(scan: Scan) -> list[Span]:
    """Ages in words before "years old"."""
    if scan.lang not in NUMBER_LANGS or not _has_any(scan, {"old", "yo", "year-old"}):
        return []
    over_89 = scan.ages == "over_89"
    spans = []
    note = scan.note
    text, expression = note.text, SPOKEN_AGE.compiled
    ends = (found.start() for found in AGE_END.compiled.finditer(text))
    # SPOKEN_AGE matches no line break, so a line without an ending holds no match
    for found in (
        match for start, end in note.lines_at(ends)
        for match in expression.finditer(text, start, end)
    ):
        value = number_in_words(found.group("n"))
        if 0 < value <= MAX_AGE and not (over_89 and value < 90):
            spans.append(Span(found.start("n"), found.end("n"), "AGE", source="rules"))
    return spans


def _has_any(scan: Scan, words: Iterable[str]) -> bool:
    """Whether the note holds one of ``words`` as a token (a note without them is skipped)."""
    positions = scan.note.positions
    return any(word in positions for word in words)


def _digit_count(words: str) -> int:
    """How many digits a run of digit words says ("double five" is two)."""
    count, repeat = 0, 1
    for word in WORD.compiled.findall(words.casefold()):
        if word in _REPEATS:
            repeat = _REPEATS[word]
        elif word in DIGITS:
            count += repeat
            repeat = 1
    return count


NUMBERS = SpanRule("spoken_numbers", priority=1, find=spoken_number_spans)
AGES = SpanRule("spoken_ages", priority=1, find=spoken_age_spans)
