"""Rule ``cued_ages``: an age after a cue the age patterns do not know ("grandfather died at
96", "passed away at 92", "lived to 101", "aged ninety-one"); with ``ages="over_89"`` only
ages of 90 and over. The cues are language data (``RuleLanguage.age_cues``)."""

from __future__ import annotations

import regex

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.types import Span

_NUMBER = regex.compile(r"[ \t]*(?P<n>\d{1,3})(?![\d%]|[.,:/]\d)")
_DIGIT_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_WORDS = regex.compile(
    r"(?i)[ \t]*(?P<n>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ \t-]*"
    + _DIGIT_WORD + r")?|one[ \t]+hundred(?:(?:[ \t]+and)?[ \t-]+" + _DIGIT_WORD + r")?)"
    r"(?![\p{L}])"
)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9}
_NOT_AGE = regex.compile(  # "died at 96 kg", "at 10 mg", "age 5 days"? (days are ages too)
    r"(?i)[ \t]*(?:mg|mcg|g|kg|lbs?|ml|cc|mm|cm|%|am|pm|hrs?|hours?|minutes?|min|bpm|degrees|"
    r"mmhg|units?|percent)(?![\p{L}])"
)
MAX_AGE = 125


def cued_age_spans(scan: Scan) -> list[Span]:
    """The number (or number in words) after an age cue."""
    note, lex = scan.note, scan.lex
    text = note.text
    over_89 = scan.ages == "over_89"
    spans: list[Span] = []
    for index in lex.age_cues.starts(note.positions):
        found = lex.age_cues.match(note.words, index)
        if found is None:
            continue
        position = note.tokens[found[0] - 1].end
        number = _NUMBER.match(text, position)
        if number is not None:
            value = int(number.group("n"))
        else:
            number = _WORDS.match(text, position)
            if number is None:
                continue
            value = _in_words(number.group("n"))
        if not 0 < value <= MAX_AGE or (over_89 and value < 90):
            continue
        if _NOT_AGE.match(text, number.end()):
            continue
        spans.append(Span(number.start("n"), number.end("n"), "AGE", source="rules"))
    return spans


def _in_words(words: str) -> int:
    """The value of an age in words ("ninety-one", "one hundred and two")."""
    value = 0
    for word in regex.split(r"[ \t-]+", words.casefold()):
        if word == "hundred":
            value += 99  # "one" counted 1 already
        value += _TENS.get(word, 0) + _UNITS.get(word, 0)
    return value


RULE = SpanRule("cued_ages", priority=1, find=cued_age_spans)
