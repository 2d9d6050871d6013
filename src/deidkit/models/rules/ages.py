"""Rules ``cued_ages``: an age after a cue the age patterns do not know ("grandfather died at
96", "passed away at 92", "lived to 101", "aged ninety-one", "Age at death: 96";
``RuleLanguage.age_cues``; "Age (stated): 58": an aside before the field's colon), and
``kin_ages``: a relative's age written after the relative ("two sons (41 and 38)", "daughter
Ifrah (15)", "Mother: Yesenia Delgado, 23, cashier"; the family cues of the name indicators).
With ``ages="over_89"`` only ages of 90 and over."""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.note import Note
from deidkit.patterns.spec import Expression
from deidkit.types import Span

_NUMBER = Expression(r"(?:[ \t]*\n)?[ \t]*(?::[ \t]*)?(?P<n>\d{1,3})(?![\d%]|[.,:/]\d)")
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
         "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
         "nineteen": 19}
"""English number words and their values (``number_in_words``; ``rules.spoken`` too)."""
DIGIT_WORD = "(?:" + "|".join(word for word, value in UNITS.items() if value < 10) + ")"
TENS_WORD = "(?:" + "|".join(TENS) + ")"
_WORDS = Expression(
    r"(?i)[ \t]*(?P<n>" + TENS_WORD + r"(?:[ \t-]*"
    + DIGIT_WORD + r")?|one[ \t]+hundred(?:(?:[ \t]+and)?[ \t-]+" + DIGIT_WORD + r")?)"
    r"(?![\p{L}])"
)
_NOT_AGE = Expression(  # "died at 96 kg", "at 10 mg", "age 5 days"? (days are ages too)
    r"(?i)[ \t]*(?:mg|mcg|g|kg|lbs?|ml|cc|mm|cm|%|am|pm|hrs?|hours?|minutes?|min|bpm|degrees|"
    r"mmhg|units?|percent|°|times|(?:days?|weeks?|wks?|months?|mos?|years?|yrs?)[ \t]+ago)"
    r"(?![\p{L}])"
)
MAX_AGE = 125
_ASIDE = Expression(r"[ \t]*\([^()\n]{1,20}\)[ \t]*:")
"""A short aside in parentheses between "Age" and its colon ("Age (stated): 58")."""


def cued_age_spans(scan: Scan) -> list[Span]:
    """The number (or number in words) after an age cue."""
    note, lex = scan.note, scan.lex
    text = note.text
    over_89 = scan.ages == "over_89"
    spans: list[Span] = []
    starts = [note.tokens[found[0] - 1].end for _, found in scan.matches(lex.age_cues)]
    for index in note.positions.get("age", ()):  # "Age (self-report): 44"
        aside = _ASIDE.compiled.match(text, note.tokens[index].end)
        if aside is not None:
            starts.append(aside.end())
    for position in starts:
        number = _NUMBER.compiled.match(text, position)
        if number is not None:
            value = int(number.group("n"))
        else:
            number = _WORDS.compiled.match(text, position)
            if number is None:
                continue
            value = number_in_words(number.group("n"))
        if not 0 < value <= MAX_AGE or (over_89 and value < 90):
            continue
        if _NOT_AGE.compiled.match(text, number.end()):
            continue
        spans.append(Span(number.start("n"), number.end("n"), "AGE", source="rules"))
    return spans


_NAME_TOKENS = 4
"""Tokens of a relative's name at most between the relative and the age."""
_AGE_TOKEN = Expression(r"\d{1,3}")
_WORD_GAPS = Expression(r"[ \t-]+")  # between the words of "ninety-one"
_AGE_LINKS = frozenset({"and", "&", ","})
_NAME_ENDS = frozenset({",", "-", "--", ":"})  # between a relative's name and the age
_PLURAL_KIN = frozenset({"children", "kids", "grandchildren", "sibs", "men", "women"})
_COUNTED = frozenset({"times", "x", "visits", "doses", "of"})  # "sons 2 and 3 times"


def kin_age_spans(scan: Scan) -> list[Span]:
    """Ages after a relative: in parentheses ("sons (41 and 38)", "sibs (ages 4 and 13)"),
    listed ("kids 13 and 16.") or, after the relative's name or a colon, between commas
    ("Mother: Ana Ruiz, 23, cashier", "GM Nawal - 88, alive", "grandmother: 80, DM2")."""
    note = scan.note
    spans: list[Span] = []
    for index, found in scan.matches(scan.lex.name_cues):
        if found[1] == "care_team":
            continue
        position = found[0]
        labelled = position < len(note.tokens) and note.words[position] == ":"
        position += labelled
        named = position
        while named < len(note.tokens) and named - position < _NAME_TOKENS and (
            note.same_line(index, named) and (
                note.capitalised(named) or note.is_initial(named) or _joining_hyphen(note, named)
            )
        ):
            named += 1
        if named < len(note.tokens) and note.words[named] == "(":
            spans.extend(_ages_in_parentheses(scan, named + 1))
        elif named == position:
            listed = _listed_ages(scan, position)
            if not listed and labelled and _between_commas(note, position - 1):
                listed = _ages(scan, [position])  # "grandmother: 80, DM2"
            if not listed and _column_cell(note, position) and not _plural(
                note.words[found[0] - 1]
            ):
                listed = _ages(scan, [position])  # "wife         36    neg", not "Children:  2"
            spans.extend(listed)
        elif position < named < len(note.tokens) and note.words[named] in _NAME_ENDS and (
            _between_commas(note, named)
        ):
            spans.extend(_ages(scan, [named + 1]))
    return spans


def _column_cell(note: Note, index: int) -> bool:
    """Whether the token at ``index`` is a number alone in a table's column: a column break
    (``Note.wide_gap_before``) before it on its line, and another or the line's end after."""
    if not 0 < index < len(note.tokens) or not _AGE_TOKEN.compiled.fullmatch(
        note.tokens[index].text
    ):
        return False
    after = index + 1
    ends_line = after == len(note.tokens) or not note.same_line(index, after)
    return note.same_line(index - 1, index) and note.wide_gap_before(index) and (
        ends_line or note.wide_gap_before(after)
    )


def _plural(word: str) -> bool:
    """Whether a relative's word names several ("sons", "children"): a number after it counts."""
    return word in _PLURAL_KIN or (len(word) > 3 and word.endswith("s"))


def _joining_hyphen(note: Note, index: int) -> bool:
    """Whether ``index`` holds a hyphen inside a name ("Whitfield-Nakamura")."""
    tokens = note.tokens
    return note.words[index] == "-" and 0 < index < len(tokens) - 1 and (
        tokens[index - 1].end == tokens[index].start == tokens[index + 1].start - 1
        and note.capitalised(index + 1)
    )


def _between_commas(note: Note, before: int) -> bool:
    """Whether the token after ``before`` (a comma, a dash or a colon) is a number closed by a
    comma or the like on the same line, and starts no range ("Ana Ruiz, 23, cashier")."""
    number = before + 1
    return number + 1 < len(note.tokens) and note.words[number + 1] in {
        ",", "--", "-", ";", ")"
    } and note.same_line(before, number + 1) and not _range_from(note, number)


def _ages_in_parentheses(scan: Scan, start: int) -> list[Span]:
    """The ages in "(41 and 38)", "(ages 4 and 13)" from ``start``, else none."""
    note = scan.note
    if start < len(note.tokens) and note.words[start] in {"age", "ages"}:
        start += 1
    numbers, position = _age_list(scan, start)
    if not numbers or position >= len(note.tokens) or note.words[position] != ")":
        return []
    return _ages(scan, numbers)


def _range_from(note: Note, index: int) -> bool:
    """Whether the number at ``index`` starts a range ("1-2 wks")."""
    after = index + 2
    return after < len(note.tokens) and note.words[index + 1] == "-" and (
        note.tokens[after].start == note.tokens[index + 1].end and note.words[after].isdigit()
    )


def _age_list(scan: Scan, start: int) -> tuple[list[int], int]:
    """The numbers of "41 and 38", "4, 9 & 13" from ``start`` and the position after them."""
    note = scan.note
    numbers: list[int] = []
    position = start
    while position < len(note.tokens) and _AGE_TOKEN.compiled.fullmatch(note.tokens[position].text):
        numbers.append(position)
        position += 1
        if position < len(note.tokens) and note.words[position] in _AGE_LINKS:
            position += 1
    return numbers, position


def _listed_ages(scan: Scan, start: int) -> list[Span]:
    """Two or more ages right after the relative, not counts or measures ("kids 13 and 16",
    "Children 10 and 7 living with")."""
    note = scan.note
    numbers, position = _age_list(scan, start)
    if len(numbers) < 2 or note.words[position - 1] in _AGE_LINKS:
        return []
    counted = _NOT_AGE.compiled.match(note.text, note.tokens[numbers[-1]].end) or (
        position < len(note.tokens) and note.words[position] in _COUNTED
    )
    return [] if counted else _ages(scan, numbers)


def _ages(scan: Scan, indices: list[int]) -> list[Span]:
    """``AGE`` spans of the tokens at ``indices`` that hold an age (under the age rule)."""
    spans = []
    for index in indices:
        token = scan.note.tokens[index]
        if not _AGE_TOKEN.compiled.fullmatch(token.text):
            continue
        value = int(token.text)
        if 0 < value <= MAX_AGE and not (scan.ages == "over_89" and value < 90):
            spans.append(Span(token.start, token.end, "AGE", source="rules"))
    return spans


def number_in_words(words: str) -> int:
    """The value of a number in words ("ninety-one", "one hundred and two", "seventeen")."""
    value = 0
    for word in _WORD_GAPS.compiled.split(words.casefold()):
        if word == "hundred":
            value += 99  # "one" counted 1 already
        value += TENS.get(word, 0) + UNITS.get(word, 0)
    return value


RULE = SpanRule("cued_ages", priority=1, find=cued_age_spans)
KIN_AGES = SpanRule("kin_ages", priority=1, find=kin_age_spans)
