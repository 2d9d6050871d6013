"""Rules ``spoken_numbers`` (``PHONE``, ``IDNUM``) and ``spoken_ages`` (``AGE``): values
spoken rather than written, as speech turned into text gives them (scribe transcripts,
dictation, voicemail, interpreted calls).

- ``spoken_numbers``: a run of at least ``MIN_DIGITS`` digits said one by one ("five five
  five, oh one four two", "six one seven - five five five - zero one nine nine", "double
  five"), words apart by blanks, commas, full stops, hyphens or "dash": seven, ten or eleven
  digits are a telephone number, any other count an identifier; after "extension" or "ext"
  three digits or more are a telephone extension ("extension three three oh seven"); a code
  said character by character, letters among at least ``MIN_CODE_DIGITS`` digits ("two, f, h
  as in hotel, four, u, l, zero"), is an identifier; a name spelled letter by letter after
  "spelled" or "that's" ("that's c, o, o, m, b, e, s") is a ``PATIENT`` (dictation spells
  the patient's name most);
- ``spoken_ages``: a number in words before "years old", "year-old" or "yo" ("eighty-seven
  years old", "a seventy two year old man", "nine year old"). With ``ages="over_89"`` only
  ages of 90 and over.

English number words (``NUMBER_LANGS``): no other language's rule data has them yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

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
MIN_CODE_DIGITS = 3
"""Digit words a code said character by character holds at least (with its letters, at
least ``MIN_DIGITS`` characters)."""
SPELLED_LETTERS = 3
"""Letters said one by one that spell a name."""

DIGITS = ("zero", "oh", *(word for word, value in UNITS.items() if value < 10))
"""The words of digits said one by one."""
_REPEATS = {"double": 2, "triple": 3}
_DIGIT = "(?:" + "|".join(DIGITS) + ")"
_REPEAT = r"(?:(?:double|triple)[ \t]+)?"
_APART = r"(?:[ \t]*(?:,|\.|-|–|dash)[ \t]*|[ \t]+)"
_LETTER = r"\p{L}(?:[ \t]+as[ \t]+in[ \t]+\p{L}+(?:-\p{L}+)?)?(?![\p{L}\d'’])"  # "h as in hotel"
_SPOKEN_DIGIT = _REPEAT + _DIGIT + r"(?![\p{L}\d])"
SPOKEN_DIGITS = Expression(
    r"(?i)(?<![\p{L}\d'’])" + _SPOKEN_DIGIT
    + r"(?:" + _APART + r"(?:" + _SPOKEN_DIGIT + "|" + _LETTER + r"))*+"
)
"""Digit words in a row, single letters among them ("five five five, oh one four two", "two,
f, h as in hotel, four"); read by ``_said``."""
LETTERS_BEFORE = Expression(
    r"(?i)(?<![\p{L}\d'’])" + _LETTER + r"(?:" + _APART + _LETTER + r")*+" + _APART + r"$"
)
"""Single letters just before spoken digits ("g i" of "g i eight five ..."); searched on the
text before."""
_LETTERS_LOOK = 60
SPELLED = Expression(
    r"(?i)(?<![\p{L}])(?:spell(?:ed|ing|s)?|spelt|that's|that[ \t]+is)[ \t]*:?[ \t]+"
    r"(?P<name>" + _LETTER + r"(?:" + _APART + _LETTER + r")"
    + "{" + str(SPELLED_LETTERS - 1) + r",}+)"
)
"""A name spelled after "spelled" or "that's" ("that's c, o, o, m, b, e, s", "s, e, r as in
robert, w")."""
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
_WORD_LETTERS = frozenset({"a", "i"})  # letters that are words: "a", "I"
_SHORTEST_RUN = len("oh oh oh")  # the shortest run of three digits said
_SPELL_CUES = frozenset({"spelled", "spelling", "spell", "spells", "spelt", "that's", "that"})


def spoken_number_spans(scan: Scan) -> list[Span]:
    """Telephone numbers and identifiers said digit by digit, names spelled."""
    if scan.lang not in NUMBER_LANGS:
        return []
    spans: list[Span] = []
    text = scan.note.text
    for index in scan.note.indices(_SPELL_CUES):  # a spelled name is tried at its cue only
        if found := SPELLED.compiled.match(text, scan.note.starts[index]):
            spans.append(Span(found.start("name"), found.end("name"), "PATIENT", source="rules"))
    if not _has_any(scan, DIGITS):
        return spans
    extensions = "extension" in scan.note.positions or "ext" in scan.note.positions
    for found in SPOKEN_DIGITS.compiled.finditer(text):
        if found.end() - found.start() < _SHORTEST_RUN:
            continue  # one or two digit words: a count, a dose
        start = found.start()
        said = _said(found.group(), start)
        digits = sum(item.digits for item in said)
        if digits >= MIN_CODE_DIGITS and (  # a code may start with letters: "g i eight ..."
            before := LETTERS_BEFORE.compiled.search(text, max(0, start - _LETTERS_LOOK), start)
        ):
            said = _said(text[before.start() : found.end()], before.start())
        letters = sum(1 for item in said if not item.digits)
        if letters and digits >= MIN_CODE_DIGITS and digits + letters >= MIN_DIGITS:
            spans.append(Span(said[0].start, said[-1].end, "IDNUM", source="rules"))
            continue
        for run in _digit_runs(said):
            start, end, count = run[0].start, run[-1].end, sum(item.digits for item in run)
            if count >= MIN_DIGITS:
                label = "PHONE" if count in PHONE_DIGITS else "IDNUM"
                spans.append(Span(start, end, label, source="rules"))
            elif count >= EXTENSION_DIGITS and extensions and EXTENSION_BEFORE.compiled.search(
                text, max(0, start - _EXTENSION_LOOK), start
            ):
                spans.append(Span(start, end, "PHONE", source="rules"))
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


class _Said(NamedTuple):
    """A digit or a letter said in a run: where it lies, how many digits it says (0: a
    letter)."""

    start: int
    end: int
    digits: int
    word: str


def _said(words: str, offset: int) -> list[_Said]:
    """The digits and letters a run at ``offset`` says ("double five" is two digits; "h as in
    hotel" one letter), without the words "a" and "i" that start or end it ("i d" too, as in
    "member i d")."""
    said: list[_Said] = []
    repeat, repeated, skip = 1, 0, 0
    found = list(WORD.compiled.finditer(words.casefold()))
    for index, match in enumerate(found):
        word, start, end = match.group(), offset + match.start(), offset + match.end()
        if skip:
            skip -= 1
            if not skip:  # the word after "as in" ends its letter
                said[-1] = said[-1]._replace(end=end)
        elif word in _REPEATS:
            repeat, repeated = _REPEATS[word], start
        elif word in DIGITS:
            said.append(_Said(repeated if repeat > 1 else start, end, repeat, word))
            repeat = 1
        elif word == "as" and said and index + 2 < len(found):
            skip = 2  # "in" and the word
        elif word != "dash":
            said.append(_Said(start, end, 0, word))
    while said and not said[0].digits and said[0].word in _WORD_LETTERS:
        first = said.pop(0)
        if first.word == "i" and said and said[0].word == "d":
            said.pop(0)
    while said and not said[-1].digits and said[-1].word in _WORD_LETTERS:
        said.pop()
    return said


def _digit_runs(said: list[_Said]) -> list[list[_Said]]:
    """The runs of digits between the letters of ``said``."""
    runs: list[list[_Said]] = [[]]
    for item in said:
        if item.digits:
            runs[-1].append(item)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if run]


NUMBERS = SpanRule("spoken_numbers", priority=1, find=spoken_number_spans)
AGES = SpanRule("spoken_ages", priority=1, find=spoken_age_spans)
