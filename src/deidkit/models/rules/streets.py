"""Rule ``streets``: street addresses, type first ("Calle Mayor 5, 3º A") or number first
("123 Main St., Apt 4B"); street types, suffixes and unit words are language data."""

from __future__ import annotations

import itertools

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.note import Note
from deidkit.patterns.spec import Expression
from deidkit.types import Span

# A floor, door or house-number part of an address ("3º", "B", "izq.", "bis", "s/n").
FLOOR = Expression(r"(?i)\d{1,3}[ºª°]?|[a-z]|[ºª]|izq\.?|izda\.?|dcha\.?|der\.?|bis|s/n")
NUMBER_SIGNS = frozenset({"#", "no", "no.", "nº"})  # "no. 12": a number, not a street
TAIL_NUMBER_SIGNS = frozenset({"nº", "n.º", "no", "no."})  # "..., nº 5"
DIRECTIONS = frozenset({"n", "s", "e", "w", "ne", "nw", "se", "sw"})  # "Grand Ave NE"
FLOOR_WORDS = frozenset({"floor", "fl", "flr"})  # "..., 4th floor"
ORDINAL = Expression(r"(?i)\d{1,3}(?:st|nd|rd|th)")
ROADS = frozenset({"route", "rte", "highway", "hwy", "interstate"})  # "Route 31", "Hwy 101"
ROAD_NUMBER = Expression(r"\d{1,4}[A-Z]?")


def street_spans(scan: Scan) -> list[Span]:
    """Street addresses: "Calle Mayor 5, 3º A" (type first) and "123 Main St., Apt 4"."""
    note, lex = scan.note, scan.lex
    spans: list[Span] = []
    count = len(note.tokens)
    numbers = itertools.compress(range(count), note.number_flags)
    spans.extend(_roads(note))
    for index in sorted({*lex.street_types.starts(note.positions), *numbers}):  # nowhere else
        typed = lex.street_types.match(note.words, index)
        if typed is not None and note.tokens[index].text[:1].isupper():
            end = _address_tail(note, lex, index, typed[0], name_first=False)
            if end is not None:
                spans.append(note.span(index, end, "STREET"))
            continue
        if not note.number_flags[index] or (index > 0 and note.words[index - 1] in NUMBER_SIGNS):
            continue
        if note.words[index].startswith("0"):
            continue  # "0640  To CT head": a time, no house number
        name_end = index + 1
        while name_end < count and name_end - index <= 5 and note.same_line(index, name_end) and (
            _name_word(note, lex, name_end) or _direction(note, name_end)
        ) and lex.street_suffixes.match(note.words, name_end) is None:
            name_end += 1
        suffix = lex.street_suffixes.match(note.words, name_end) if name_end < count else None
        if suffix is None or name_end == index + 1 or not note.capitalised(name_end) or (
            not note.same_line(index, name_end)
        ):  # "Resus 1\nAttending Dr.": a street is written on one line
            continue
        if _title_before_name(note, lex, name_end, suffix[0]):
            continue  # "1424 Provider Dr. Anneliese Quorbit": a time, a word and a title
        end = suffix[0]
        if end < count and note.words[end] in DIRECTIONS and note.same_line(index, end) and (
            note.tokens[end].text.isupper()
        ):
            end += 1  # "1100 Grand Ave NE"
        end = _address_tail(note, lex, index, end, name_first=True) or end
        spans.append(note.span(index, end, "STREET"))
    return spans


def _direction(note: Note, index: int) -> bool:
    """A direction in capitals inside a street's name, or its dot ("251 E. Huron St.")."""
    if note.words[index] == ".":
        return index > 0 and note.tokens[index - 1].end == note.tokens[index].start and (
            note.words[index - 1] in DIRECTIONS
        )
    return note.words[index] in DIRECTIONS and note.tokens[index].text.isupper()


def _roads(note: Note) -> list[Span]:
    """A numbered road: "Route 31", "Hwy 101" (the road word capitalised, a number after)."""
    spans = []
    for index in note.indices(ROADS):
        after = index + 1
        if after < len(note.tokens) and note.tokens[index].text[:1].isupper() and (
            ROAD_NUMBER.compiled.fullmatch(note.tokens[after].text)
        ) and note.same_line(index, after):
            spans.append(note.span(index, after + 1, "STREET"))
    return spans


def _name_word(note: Note, lex: Lexicons, index: int) -> bool:
    """Whether token ``index`` may be a word of a street's name: capitalised, or in a note
    without capitals a word that is not a common word in lower case ("2200 per dr ahn" is a
    time and a doctor)."""
    if not note.is_word(index) or not note.capitalised(index):
        return False
    return note.tokens[index].text[:1].isupper() or note.words[index] not in lex.common


def _title_before_name(note: Note, lex: Lexicons, first: int, end: int) -> bool:
    """Whether the street suffix at tokens ``first``-``end`` is a title ("Dr.") before a
    first name on its line."""
    if note.words[first].rstrip(".") not in lex.titles:
        return False
    following = end + 1 if end < len(note.tokens) and note.words[end] == "." else end
    return following < len(note.tokens) and note.same_line(first, following) and (
        note.capitalised(following) and note.words[following] in lex.first_names
    )


def _address_tail(
    note: Note, lex: Lexicons, start: int, end: int, *, name_first: bool
) -> int | None:
    """Extend a street past its name, number and unit ("..., 23, 4º dcha", ", Apt 4B")."""
    count = len(note.tokens)
    links = lex.link_words
    if not name_first:  # Spanish order: the name comes after the type word
        name_start = end
        while end < count and end - name_start < 6 and note.same_line(start, end) and (
            (note.is_word(end) and note.capitalised(end)) or note.words[end] in links
        ):
            end += 1
        while end > name_start and note.words[end - 1] in links:
            end -= 1
        if end == name_start:
            return None
    tail = end
    steps = 0
    while tail < count and steps < 6 and note.same_line(start, tail):
        text = note.tokens[tail].text
        word = note.words[tail]
        unit = lex.address_units.match(note.words, tail)
        if unit is not None:
            tail, steps = unit[0], steps + 1
            continue
        if text in {",", "-", "#"} or word in TAIL_NUMBER_SIGNS:
            tail += 1
            continue
        floor_follows = tail + 1 < count and note.words[tail + 1] in FLOOR_WORDS
        if ORDINAL.compiled.fullmatch(text) and floor_follows:
            tail, steps = tail + 2, steps + 1  # "..., 4th floor"
            end = tail
            continue
        if FLOOR.compiled.fullmatch(text) and not (text.isdigit() and len(text) == 5):
            tail, steps = tail + 1, steps + 1
            end = tail
            continue
        break
    return end


RULE = SpanRule("streets", priority=2, find=street_spans, switch="places")
