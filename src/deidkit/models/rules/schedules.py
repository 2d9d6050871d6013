"""Rule ``schedules`` (``DATE``): the weekdays of a schedule written as a list of
abbreviations ("M/W/F", "T/Th/Sa", "Tues-Thurs", "Mon/Wed/Fri").

The annotation guideline marks weekdays as dates, and a schedule names them by letters that
no date pattern reads. A run of the language's weekday abbreviations (``RuleLanguage.
schedule_days``, as written: "M", "Th", "Sat") joined by "/" or "-" is one ``DATE`` span when it
has three days or more, or two of which one is longer than a letter ("Tu/Th"): "M/F" (male or
female), "S/P" and "T/F" are no schedules.
"""

from __future__ import annotations

from functools import cache

import regex

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.note import SOURCE
from deidkit.types import Span

MIN_LETTERS = 3
"""Days a schedule written in single letters names at least."""


def schedule_spans(scan: Scan) -> list[Span]:
    """Each schedule of weekday abbreviations in the note."""
    days = scan.lex.schedule_days
    if not days:
        return []
    note = scan.note
    text, schedule = note.text, _schedule(days)
    spans = []
    # a schedule lies on one line and holds a joint before a day: the lines holding one
    for found in (
        match for start, end in note.lines_at(
            joint.start() for joint in _joint(days).finditer(text)
        ) for match in schedule.finditer(text, start, end)
    ):
        parts = found.group().replace("-", "/").split("/")
        if len(parts) >= MIN_LETTERS or any(len(part) > 1 for part in parts):
            spans.append(Span(found.start(), found.end(), "DATE", source=SOURCE))
    return spans


@cache
def _schedule(days: frozenset[str]) -> regex.Pattern[str]:
    """Two abbreviations or more joined by "/" or "-", alone between blanks or punctuation."""
    day = "|".join(regex.escape(d) for d in sorted(days, key=len, reverse=True))
    return regex.compile(rf"(?<![\w/-])(?:{day})(?:[/-](?:{day}))+(?![\w/-])")


@cache
def _joint(days: frozenset[str]) -> regex.Pattern[str]:
    """A "/" or "-" before the first character of a day, as every schedule holds one."""
    return regex.compile("[/-]" + _first_characters(days))


def _first_characters(days: frozenset[str]) -> str:
    """A class of the days' first characters."""
    return "[" + "".join(sorted({regex.escape(day[0]) for day in days})) + "]"


RULE = SpanRule("schedules", priority=1, find=schedule_spans)
