"""The :class:`PatternLanguage` type: a language's data for the PHI patterns (``deidkit.patterns``).

It lives here, not in ``deidkit.patterns``, so that a language package can describe itself
without importing the pattern machinery (which asks the languages for this data as it loads).
Each language folder has one instance in ``deidkit/lang/<code>/patterns.py``.

Word sets hold lowercase words (casefolded, ``.`` and ``:`` stripped, as the patterns read the
words around a match). The patterns use the words of every language together, whatever the
note's language: a Spanish unit after a number in an English note is still a unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CueWords:
    """A language's words for one row of the cue table (``deidkit.patterns.cues``): a
    regular-expression alternation (matched in any case) and the lowercase words it can start
    with, where it is tried."""

    expression: str
    anchors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PatternLanguage:
    """What the PHI patterns need to know about one language.

    - ``months``: a regular-expression alternation of the month names and abbreviations
      (lowercase; the patterns match them in any case);
    - ``holidays``: an alternation of holiday names, and ``holiday_anchors`` the lowercase
      first word of each (where the holiday pattern is tried);
    - ``units``: words that, after a number, make it a measurement, dose or count;
    - ``score_cues``: words that turn ``a/b`` into a score, grade, setting or amount;
    - ``date_cues`` / ``strong_date_cues``: words before a short date (``on 5/22``) that make it
      one; strong ones also let ``5-22`` be a date rather than a range;
    - ``year_cues``: words before four digits that make them a year rather than a clock time;
    - ``time_cues``: words around four digits that make them a clock time (``at 2010``);
    - ``titre_cues``: words that make ``1/2048`` or ``1:40`` a titre or ratio;
    - ``number_cues``: words right before four digits that make them a number or time, not a
      year (``# 1998``, ``a las 1930``);
    - ``hour_words``: words after four digits that make them a time (``1930 hours``);
    - ``duration_cues``: words before ``n years`` that make it a duration, not an age;
    - ``cues``: the words before a value (``MRN:``, ``NHC:``, ``Tel.``), by row of the cue
      table (``deidkit.patterns.cues.CUES``); a row takes the words of every language, in
      registry order;
    - ``short_dates_need_cue``: whether ``4/5`` without a date cue is never a date (Spanish
      notes write it for scores far more than for dates).

    Whether ``3/4`` reads day first is the language's ``day_first``
    (:class:`deidkit.lang.base.Language`).
    """

    months: str
    holidays: str
    holiday_anchors: tuple[str, ...]
    units: frozenset[str]
    score_cues: frozenset[str]
    date_cues: frozenset[str]
    strong_date_cues: frozenset[str]
    year_cues: frozenset[str]
    time_cues: frozenset[str]
    titre_cues: frozenset[str]
    number_cues: frozenset[str]
    hour_words: frozenset[str]
    duration_cues: frozenset[str]
    cues: Mapping[str, CueWords]
    short_dates_need_cue: bool


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``, casefolded as the lookups compare them
    (the words around a match, ``deidkit.patterns.context``): ``µg`` with MICRO SIGN is kept
    as the ``μg`` with GREEK MU that casefolding a note's token gives."""
    return frozenset(text.casefold().split())
