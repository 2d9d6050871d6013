"""Rules that try their expression only where a cheap look says it can match (issue 20)
find what the whole-text scan found: ``spoken_ages`` and ``schedules`` on the lines holding
an ending or a joint, ``census_rooms`` at the lines that may open with a room, ``extensions``
at an "x", ``header_ids`` on the lines holding a bar, ``id_shapes`` at the runs with a shape,
``nicknames``' cues on the lines holding "by", "call", "nickname" or "known";
``chat_speakers``' time, ``flowsheet_initials``' timed row and ``usernames``' log date at a
line's first character that may start one."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.models.rules import (
    flowsheet,
    identifiers,
    messages,
    organizations,
    schedules,
    spoken,
)
from deidkit.types import Span

from .helpers import scan_of

_SEPARATORS = [" ", "  ", "\t", "\n", "\n\n", "-", "- ", ",", ".", "#", "/", "|", ":", "'"]
_AGES = st.lists(st.sampled_from([
    *_SEPARATORS, "seventy", "two", "one hundred", "and", "nine", "years", "year", "old", "yo",
    "YEARS OLD", "Yo", "myo", "a", "5", "é", "seventy two years old", "Nine yo", "ninety-nine",
    " year-old", " years old", "one hundred and nine years old", "eighty\tyears\told",
]), max_size=30).map("".join)
_SCHEDULES = st.lists(st.sampled_from([
    *_SEPARATORS, "M", "W", "F", "Th", "Tu", "Sat", "Mon", "S/P", "M/W/F", "T-Th", "x", "5",
]), max_size=30).map("".join)
_CENSUS = st.lists(st.sampled_from([
    *_SEPARATORS, "\n", "\n", "** ", "• ", "302 ", "723-B ", "305 | ", "01 ", "12", "Mr. ",
    "Ms. Oyelaran ", "RAGHUNATHAN, ", "Priyanka ", "LIM, HYUN-WOO ", "80F", "71 m", "| 57 |",
    "~57", "x", "302 RAGHUNATHAN, Priyanka 80F", "** 723-B Halvorsrud, Jens 71M",
    "305 | Achterberg 84F", "301 | LIM, HYUN-WOO | 57 |", "\n302 Ms. Oyelaran 69f",
]), max_size=30).map("".join)
_EXTENSIONS = st.lists(st.sampled_from([
    *_SEPARATORS, "x", "X", "ext", "Ext.", "extn", "extension", "e", "ex", "3 x", "302",
    "4471", "55312", "123456", "a", "*", "×",
]), max_size=30).map("".join)


def _spans(found: list[Span]) -> list[tuple[int, int, str]]:
    return [(span.start, span.end, span.label) for span in found]


@settings(max_examples=300, deadline=None)
@given(_AGES)
def test_spoken_ages_as_by_the_whole_text(text: str) -> None:
    scan = scan_of(text)
    expected = []
    if any(word in scan.note.positions for word in ("old", "yo", "year-old")):
        for found in spoken.SPOKEN_AGE.compiled.finditer(text):
            value = spoken.number_in_words(found.group("n"))
            if 0 < value <= spoken.MAX_AGE:
                expected.append((found.start("n"), found.end("n"), "AGE"))
    assert _spans(spoken.spoken_age_spans(scan)) == expected


@settings(max_examples=300, deadline=None)
@given(_SCHEDULES)
def test_schedules_as_by_the_whole_text(text: str) -> None:
    scan = scan_of(text)
    expected = []
    for found in schedules._schedule(scan.lex.schedule_days).finditer(text):
        parts = found.group().replace("-", "/").split("/")
        if len(parts) >= schedules.MIN_LETTERS or any(len(part) > 1 for part in parts):
            expected.append((found.start(), found.end(), "DATE"))
    assert _spans(schedules.schedule_spans(scan)) == expected


@settings(max_examples=300, deadline=None)
@given(_CENSUS)
def test_census_lines_as_by_the_whole_text(text: str) -> None:
    census_line = organizations._CENSUS_LINE.compiled
    starts = [0, *(found.start() + 1 for found in organizations.CENSUS_START.compiled.finditer(
        text
    ))]
    tried = [found for found in map(census_line.match, [text] * len(starts), starts) if found]
    assert [m.span() for m in tried] == [m.span() for m in census_line.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(_EXTENSIONS)
def test_extensions_as_by_the_whole_text(text: str) -> None:
    tried = list(identifiers._extension_matches(text))
    whole = list(identifiers._EXTENSION.compiled.finditer(text))
    assert [(m.span(), m.groups()) for m in tried] == [(m.span(), m.groups()) for m in whole]


_TABLES = st.lists(st.sampled_from([
    *_SEPARATORS, "|", "| ", " |", "||", "448812", "A4471B", "12/03/2024", "MRN", "OBX|1|",
    "PID|", "x", "| 448812 |", "| A4471B |", "Name | MRN | 5512034 |",
]), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TABLES)
def test_header_ids_as_by_every_line(text: str) -> None:
    scan = scan_of(text)
    expected = []
    position = 0
    for line in text.split("\n"):  # the rule's loop before (issue 20): every line read
        if line.count("|") >= 2 and not identifiers.hl7.SEGMENT.compiled.match(line):
            offset = position
            for cell in line.split("|"):
                value = cell.strip()
                start = offset + cell.find(value) if value else offset
                offset += len(cell) + 1
                if not identifiers._HEADER_ID.compiled.fullmatch(value) or identifiers._date(
                    value
                ) or sum(c.isdigit() for c in value) < (5 if value.isdigit() else 4) or not (
                    identifiers._plausible(value, text, start + len(value), True)
                ):
                    continue
                expected.append(scan.note.widened(start, start + len(value), "IDNUM"))
        position += len(line) + 1
    assert identifiers.header_id_spans(scan) == expected


_NICKNAMES = st.lists(st.sampled_from([
    *_SEPARATORS, "goes by", "GOING  BY", "go\tby", "baby", "calls me", "call her", "Call",
    "prefers to be called", "nicknamed", "nickname is", "known as", "Known", "as", "Ski",
    '"Dot"', "“Bee”", "Rose", "'Ray'", "me", "him", "x", "goes by Ski", 'calls me "Dot"',
    "known as Rose", "nicknamed Bee", "prefers to be called 'Ray'",
]), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(_NICKNAMES)
def test_nickname_cues_as_by_the_whole_text(text: str) -> None:
    tried = list(messages.nickname_cues(scan_of(text).note))
    whole = list(messages.NICKNAME_CUE.compiled.finditer(text))
    assert [(m.span(), m.groups()) for m in tried] == [(m.span(), m.groups()) for m in whole]


_CODES = st.lists(st.sampled_from([
    " ", "  ", "\t", "\n", "\u00a0", "-", ",", "x", "AB12CD34", "1EG4TE5MK72", "0274292E",
    "Q12-4471-B", "hypertension", "1234567",
]), max_size=20).map("".join)


@settings(max_examples=300, deadline=None)
@given(_CODES)
def test_id_shapes_where_the_runs_stand(text: str) -> None:
    """Only the runs with a shape are looked for in the text: a run equal to one inside a
    longer run ("xAB12CD34") is passed."""
    scan = scan_of(text)
    expected = []
    pos = 0
    for chunk in text.split():
        base = text.find(chunk, pos)
        pos = base + len(chunk)
        for start, end, code in identifiers._chunk_shapes(chunk) if len(chunk) >= 7 else ():
            if code.casefold() not in scan.lex.medical:
                expected.append(scan.note.widened(base + start, base + end, "IDNUM"))
    assert identifiers.id_shape_spans(scan) == expected


def test_the_letters_looked_for_are_the_only_ones_the_expressions_match() -> None:
    """``extensions`` finds its cues by "x" (and an "e" before); ``chat_speakers`` skips its
    time's expression at a letter no weekday starts with, ``flowsheet_initials`` its timed
    row's at a letter other than "m" or "n", ``usernames`` its log date's at any letter: under
    ``regex``'s case-insensitive matching no other character is one of those letters, and
    none of its digits is a letter to ``str``, whatever Unicode versions the two know."""
    letter_e = regex.compile(r"(?i)e")
    time_start = regex.compile(r"(?i:m|t|w|f|s)|\d|\[")  # what CHAT_TIME can start with
    row_start = regex.compile(r"(?i:m|n)|\d")  # what TIMED_ROW can start with
    digit = regex.compile(r"\d")  # what a log's date starts with (``usernames._log_authors``)
    wrong = [
        character for character in map(chr, range(0x110000))
        if (identifiers._EX.compiled.fullmatch(character) is not None) != (character in "xX")
        or (letter_e.fullmatch(character) is not None) != (character in "eE")
        or (time_start.fullmatch(character) and not messages.chat_time_start(character))
        or (row_start.fullmatch(character) and not flowsheet.timed_row_start(character))
        or (digit.fullmatch(character) and character.isalpha())
    ]
    assert wrong == []
