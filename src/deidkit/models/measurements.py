"""Readings and scores: a bare number in a row of numbers is a reading, not an age or a room; a
fraction after a score's name is a score, not a date.

A statistical detector that has seen ages and rooms as short numbers may take the cells of a
flowsheet or a lab table for them once its threshold lets doubtful tokens through ("HR | 84 | 71
| 68", "Chloride 99 101 102 98-107"). A row holding at least ``ROW_NUMBERS`` numbers is a row of
readings; an ``AGE`` or ``ROOM`` span that is only a number in such a row is dropped, unless the
row names an age or a room ("Age", "yo", "Rm", "bed"), as a census table would, or is a line of
demographics ("DOB", "MRN", "37 F"). A ``DATE`` span shaped like a score ("5/5", "4/10": a
whole, or out of 5 or 10) right after one of the date patterns' score cues ("motor 5/5", "pain
7/10"; ``deidkit.patterns.context.SCORE_CUES``), or a grade out of 6 right before one ("2/6
systolic murmur"), or any fraction up to its whole after the name of a scale that counts so
("Katz ADL 5/6", "Mini-Cog 3/5": ``INSTRUMENTS``), is dropped: the patterns never take it for a
date, and a statistical detector at a low threshold may. So is a ``DATE`` span that is a
fraction no calendar has, read either way round ("43/18", "visit 19/30", "10/50", "BP 198/104"):
a reading or a count. A time of day is no part of a date (the annotation guideline): a ``DATE``
span loses a clock time at its end ("2026-03-06 14:02", "19 Sept 07:30") and one that is only a
clock time is dropped. A number of years that is a duration is no age either: an ``AGE`` span of
a bare number before "years" ("yrs", "y") and not "old" is dropped when a duration's word comes
before it ("x 2 yrs", "~20 yrs", "for 40 years", "every 1-2 years", "Education: 12 yrs", "quit
<15 yr", "RTC 1 yr", "husband of 66 yrs") or after the years ("33 yrs at Lehigh", "15 years'
duration", "2 yrs ago"), or when it closes a parenthesis of a job ("(USPS, 31 yrs)"); so is one
before a unit no age is counted in ("35 dB", "25 mL/h", "12%"). Nor is a list's number in
parentheses ("(2) my sister ... (3) Dr. Achterberg", the number next to it numbering another
item).
English only (``MEASUREMENT_LANGS``): measured on English notes.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.patterns.context import SCORE_CUES, words_after, words_before
from deidkit.patterns.spec import Expression
from deidkit.types import Document, Span

MEASUREMENT_LANGS = frozenset({"en"})
"""The languages whose rows of measurements are cleared of ages and rooms."""
ROW_NUMBERS = 4
"""How many numbers make a row of readings."""
LABELS = frozenset({"AGE", "ROOM"})
"""The labels a reading is mistaken for."""

# compiled at their first use (``Expression``), not at import: ~2 ms of a start-up
_NUMBER = Expression(r"(?<![\p{L}\d.])\d+(?:[.,]\d+)?(?![\p{L}\d])")
_BARE = Expression(r"\d{1,3}")
_FRACTION = Expression(r"(?P<a>\d{1,3})/(?P<b>\d{1,3})")  # "198/104": a blood pressure
_CLOCK = Expression(  # a time of day ending a span, with what joins it to the date before
    r"(?:^|[ \t,@T]+)(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:[ \t]?[AaPp]\.?[Mm]\.?)?$"
)
_CUES = Expression(  # an age, a room, or a line of demographics ("DOB ... | 37 F")
    r"\b(?:age[sd]?|yo|y/o|yrs?|years?|old|months?|mos?|rm|rooms?|beds?|bays?|suite|dob|sex"
    r"|gender|mrn|male|female)\b|\b\d{1,3}[ \t]?[MF]\b",
    regex.IGNORECASE,
)


_YEARS = Expression(  # the years after the number, and the word after them
    r"[ \t]?[-–]?[ \t]?(?:years?|yrs?|y)(?:['’]|\.)?(?![\p{L}])[ \t/-]*(?P<next>[\p{L}]*)"
    r"(?:[ \t]+(?P<then>\p{L}+))?",
    regex.IGNORECASE,
)
_DURATION_BEFORE = Expression(  # "x 2", "~20", "for 40", "every 1-2", "husband of 66"
    r"(?:(?<![\p{L}])(?:x|for|every|in|within|over|past|last|next|rtc|married|each|per|q"
    r"|education|educ|sober|interval|quit)|(?<!\bage[ \t])(?<![\p{L}])of|~)"
    r"[ \t:<>~]*(?:\d{1,2}[ \t]?[-–][ \t]?)?$",
    regex.IGNORECASE,
)
_JOB_BEFORE = Expression(r"\([^()\n]{2,60},[ \t]*~?$")  # "(USPS, 31 yrs)"
_UNIT_AFTER = Expression(  # a unit no age is counted in: "35 dB", "25 mL/h", "16-20 Hz", "12%"
    r"(?:[-–]\d{1,4})?[ \t]?"
    r"(?:(?i:db|hz|khz|ml|mg|mcg|mmhg|mm|cm|kg|lbs?|bpm|mmol|meq|units|gy|cgy)\b|%|°)"
)
_AGE_AFTER = frozenset(
    {"old", "o", "of", "male", "female", "man", "woman", "boy", "girl", "m", "f", "wcc", "well"}
)
_DURATION_AFTER = frozenset(
    {"at", "w", "with", "on", "in", "ago", "out", "underground", "supervised", "college",
     "duration", "sober", "clean", "experience", "service", "prior", "later", "earlier",
     "repair", "warranty", "auth", "authorization", "interval", "intervals", "holiday"}
)


def _duration(text: str, span: Span) -> bool:
    """Whether the ``AGE`` span ``span`` is a number of years that is a duration."""
    years = _YEARS.compiled.match(text, span.end)
    if years is None:
        return False
    following = years.group("next").casefold()
    if following in _AGE_AFTER:  # "31 years old", "20 y o", "66 years of age", "49 y male"
        return False
    then = years.group("then") or ""
    if following in _DURATION_AFTER and not (following == "at" and then.isupper()):
        return True  # "33 yrs at Lehigh", not "34 y at EDD" (an age at a moment)
    before = text[max(0, span.start - 70) : span.start]
    if _DURATION_BEFORE.compiled.search(before[-20:]):
        return True
    return _JOB_BEFORE.compiled.search(before) is not None and text[
        years.start("next") : years.start("next") + 1
    ] in {")", ","}


_ENUMERATOR = Expression(
    r"(?:^|(?<=[\s.,;:?!]))\((?P<n>[1-9])\)(?=[ \t]+\p{L})", regex.MULTILINE
)
"""A list's number in parentheses before its item's first word ("(2) my sister")."""


def _enumerator(span: Span, positions: dict[int, int], values: frozenset[int]) -> bool:
    """Whether the ``AGE`` span ``span`` is a list's number: one digit in parentheses before
    a word, with the number before or after it numbering another item of the note (the list
    numbers' ``positions`` -> value and their ``values``: ``_list_numbers``)."""
    value = positions.get(span.start)
    return value is not None and span.end == span.start + 1 and (
        value - 1 in values or value + 1 in values
    )


def _list_numbers(text: str) -> tuple[dict[int, int], frozenset[int]]:
    """The position of each list number in parentheses in ``text`` -> its value, and the
    values."""
    positions = {m.start("n"): int(m.group("n")) for m in _ENUMERATOR.compiled.finditer(text)}
    return positions, frozenset(positions.values())


def _row_of_readings(line: str) -> bool:
    """Whether ``line`` is mostly numbers (at least half its cells, ``ROW_NUMBERS`` or more)
    and names no age or room; prose with numbers in it ("son Omar (19), daughters ...") is
    no row."""
    cells = line.replace("|", " ").split()
    number = _NUMBER.compiled
    numeric = sum(1 for cell in cells if number.search(cell))
    return numeric >= ROW_NUMBERS and 2 * numeric >= len(cells) and not _CUES.compiled.search(line)


INSTRUMENTS = frozenset(
    {"adl", "adls", "iadl", "iadls", "cog", "beighton", "clicks", "psfs", "chronicity",
     "reasoning", "hatlff"}
)
"""Names (their last word) of scales whose score is any fraction up to its whole ("Katz ADL
5/6", "Mini-Cog 3/5", "AM-PAC 6-clicks: 12/24", "activity index 11/24, chronicity 2/12")."""


def _fraction_no_date(text: str, span: Span) -> bool:
    """Whether ``span`` is a fraction that is a score ("motor 5/5", "2/6 systolic murmur") or
    no month and day in either order ("visit 19/30")."""
    fraction = _FRACTION.compiled.fullmatch(text, span.start, span.end)
    if fraction is None:
        return False
    a, b = int(fraction.group("a")), int(fraction.group("b"))
    return not (_month_day(a, b) or _month_day(b, a)) or _score(text, span, a, b)


def _score(text: str, span: Span, a: int, b: int) -> bool:
    """Whether the fraction ``a``/``b`` of ``span`` is a score right after a score cue ("5/5",
    "4/10": a whole, or out of 5 or 10) or an instrument's name ("Katz ADL 5/6": no more than
    its whole), or a murmur's grade out of 6 right before one ("2/6 systolic murmur")."""
    if a > b:
        return False
    before = words_before(text, span.start, 1)
    if before and before[0] in INSTRUMENTS:
        return True
    if b == 6:  # a murmur's grade: its cue follows
        after = words_after(text, span.end, 1)
        return bool(after) and after[0] in SCORE_CUES
    return bool(before) and (a == b or b in {5, 10}) and before[0] in SCORE_CUES


def _month_day(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def _without_clock(text: str, span: Span) -> Span | None:
    """``span`` without a time of day at its end; None if it was only one."""
    clock = _CLOCK.compiled.search(text[span.start : span.end])
    if clock is None:
        return span
    if clock.start() == 0:
        return None
    end = span.start + clock.start()
    return Span(span.start, end, span.label, source=span.source, score=span.score)


def without_readings(documents: Sequence[Document]) -> list[Document]:
    """The documents without the ``AGE`` and ``ROOM`` spans that are cells of a row of
    readings and the ``DATE`` spans that are scores or no day, and without times of day."""
    result = []
    for document in documents:
        text = document.text
        kept: list[Span] = []
        rows: dict[int, bool] = {}
        numbered: tuple[dict[int, int], frozenset[int]] | None = None  # found once, if asked
        for span in document.spans:
            if span.label == "DATE":
                if _fraction_no_date(text, span):
                    continue  # "motor 5/5": a score; "visit 19/30": no day
                dated = _without_clock(text, span)  # "2026-03-06 14:02": the date only
                if dated is None:
                    continue
                span = dated
            if span.label not in LABELS:
                kept.append(span)
                continue
            bare = _BARE.compiled.fullmatch(text, span.start, span.end) is not None
            if span.label == "AGE" and bare and (
                _duration(text, span) or _UNIT_AFTER.compiled.match(text, span.end)
            ):
                continue  # "x 2 yrs", "(USPS, 31 yrs)": years that passed; "35 dB": no age
            if span.label == "AGE" and text[span.start - 1 : span.start] == "(":
                if numbered is None:
                    numbered = _list_numbers(text)
                if _enumerator(span, *numbered):
                    continue  # "(2) my sister ... (3) Dr. Achterberg": a list's numbers
            if bare:
                start = text.rfind("\n", 0, span.start) + 1
                if start not in rows:
                    end = text.find("\n", span.end)
                    rows[start] = _row_of_readings(text[start : end if end >= 0 else len(text)])
                if rows[start]:
                    continue
            kept.append(span)
        result.append(
            document if kept == list(document.spans) else document.with_spans(tuple(kept))
        )
    return result
