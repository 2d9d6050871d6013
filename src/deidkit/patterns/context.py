"""The words around a match, and the languages' cue words that the checks compare them with.

The cue words come from each language's :class:`~deidkit.lang.patterns.PatternLanguage`
(``deidkit/lang/<code>/patterns.py``); the checks use the words of every language together.
"""

from __future__ import annotations

from itertools import islice

import regex

from deidkit.lang import get_language, language_codes
from deidkit.lang.patterns import PatternLanguage

LANGUAGES: tuple[PatternLanguage, ...] = tuple(
    get_language(code).patterns for code in language_codes()
)
"""The pattern data of every language, in registry order."""


def _every(field: str) -> frozenset[str]:
    words: frozenset[str] = frozenset().union(*(getattr(lang, field) for lang in LANGUAGES))
    return words


UNITS = _every("units")
"""Words that, after a number, make it a measurement, dose or count rather than PHI."""
SCORE_CUES = _every("score_cues")
"""Clinical words that turn "a/b" into a score, grade, setting or amount rather than a date."""
DATE_CUES = _every("date_cues")
STRONG_DATE_CUES = _every("strong_date_cues")
YEAR_CUES = _every("year_cues")
TIME_CUES = _every("time_cues")
TITRE_CUES = _every("titre_cues")
NUMBER_CUES = _every("number_cues")
HOUR_WORDS = _every("hour_words")
DURATION_CUES = _every("duration_cues")

_DAY_FIRST: dict[str | None, bool] = {
    code: get_language(code).day_first for code in language_codes()
}
SHORT_DATES_NEED_CUE: frozenset[str | None] = frozenset(
    code for code in language_codes() if get_language(code).patterns.short_dates_need_cue
)
"""The languages whose notes write ``4/5`` for scores far more than for dates."""

_WORD = regex.compile(r"[\p{L}\p{N}%/:.≤≥<>=]+")
_WORD_BACKWARD = regex.compile(_WORD.pattern, regex.REVERSE)
# A word is a maximal run of _WORD's characters, so searching the 40 characters around a match
# for the nearest n words (backward for the words before it) finds the words of the window
# that are nearest the match: the same as splitting the whole window, at a fraction of the cost.


def words_before(text: str, start: int, n: int) -> list[str]:
    """The last ``n`` words of the 40 characters before ``start`` (casefolded, . and : stripped)."""
    nearest = islice(_WORD_BACKWARD.finditer(text, max(0, start - 40), start), n)
    return [m.group().strip(".:").casefold() for m in nearest][::-1]


def words_after(text: str, end: int, n: int) -> list[str]:
    """The first ``n`` words of the 40 characters after ``end`` (casefolded, .:,; stripped)."""
    nearest = islice(_WORD.finditer(text, end, end + 40), n)
    return [m.group().strip(".:,;").casefold() for m in nearest]


def is_unit(words: list[str]) -> bool:
    """Whether the first of ``words`` (those after a number) is a unit."""
    return bool(words) and (words[0] in UNITS or words[0].split("/")[0] in UNITS)


def unit_follows(text: str, end: int) -> bool:
    """Whether the word after ``end`` is a unit."""
    return is_unit(words_after(text, end, 1))


def valid_day_month(first: int, second: int, lang: str | None) -> bool:
    """Whether first/second is a month/day pair, or day/month in a day-first language (either
    when ``lang`` is None)."""
    month_day = 1 <= first <= 12 and 1 <= second <= 31
    day_month = 1 <= first <= 31 and 1 <= second <= 12
    day_first = _DAY_FIRST.get(lang)
    if day_first is None:
        return month_day or day_month
    return day_month if day_first else month_day


def valid_short_date(first: int, second: int, lang: str | None) -> bool:
    """Whether first/second without a year is a date: as the language writes one, or, in a
    month-first language, day/month where only that order fits ("MRCP 21/01": notes from
    day-first countries are written in English too)."""
    return valid_day_month(first, second, lang) or (
        _DAY_FIRST.get(lang) is False and valid_day_month(first, second, None)
    )
