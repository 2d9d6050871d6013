"""deidkit.patterns.index: trying patterns only at anchor words and at the runs of digits their
heads admit finds exactly what scanning the whole text with each expression finds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.patterns import LANGS, PATTERNS, find_patterns
from deidkit.patterns.index import Starts, Tries, digit_led_matches, starts_for
from deidkit.patterns.spec import ASCII, ASCII_WORD, FOLLOWED, LONG, SPACE, Head

_HEAD_PIECES = st.sampled_from(
    ["1", "2", "0", "9", "12", "19", "20", "31", "123", "555", "617", "1234", "2010", "1998",
     "0800", "02115", "123456", "1234567", "6175551234", "16175551234", "123456789012", "٣", "１",
     " ", "  ", "\n", "\t", "\x0b", "\x1c", "\u00a0", "\u2009", "-", "/", ".", ",", ":", "(", ")",
     "+", "@", "'", "’", "_", "#", "s", "st", "nd", "rd", "th", "h", "hrs", "H", "am", "PM",
     "a.m.", "p", "y", "Y", "yo", "y/o", "years", "year-old", "old", "of", "OF", "o", "Jan",
     "jan", "sept", "SEP", "Dec", "mar", "ſept", "ẙ", "ß", "ﬆ", "K", "İ", "x", "ext", "A", "AB",
     "Z", "X", "III", "IV", "de", "años", "Años", "ª", "º", "°", "T", "é", "Madrid"]
)
# A match of every shape the heads of digit-led patterns allow (docs/patterns.md: add an
# example of any new shape here when you change a digit-led expression)
_DIGIT_LED_SHAPES = [
    "192.168.1.20", "1.2.3.4", "123-45-6789", "02-22222", "S09-12345", "AB1234567", "X-12345",
    "617-555-1234", "617.555.1234", "617 5551234", "617555-1234", "6175551234", "1-617-555-1234",
    "1 617 555 1234", "1(617)555-1234", "16175551234", "1617-555-1234", "1617555-1234",
    "(617) 555-1234", "+1 617 555 1234", "+16175551234", "617-555-1234 x123", "555-1234",
    "02115", "02115-1234", "92 years old", "92 y/o", "92-year-old", "92yo", "90s", "90's",
    "101 yrs", "95- year old", "2010-03-05", "2010/3/5", "1998.12.31", "3/5/2010", "03-05-10",
    "5.3.2010", "12/31/99", "3/5 / 2010", "3/2010", "12/1998", "5th of June", "5 Jan",
    "5-Jan-2010", "5jan", "21st March", "2nd Feb", "3rd Apr", "12 of may", "1  of Dec", "7 Nov",
    "4 Oct", "3 August", "6 jul", "30 sept", "5 ſept", "12/24", "1/2", "5-22", "1998", "2010s",
    "1990's", "10:30", "10:30 pm", "3pm", "3 p.m.", "10h30", "7 AM", "12:00:00", "0800 hours",
    "1430hrs", "2359 h", "1234567", "12-3456-78", "123-45-6789-00", "28036 Madrid.", "92 años",
    "3 de marzo de 2016", "3-mar-16", "1º de enero", "3-III-2016",
]
_PROBES = [chr(i) for i in range(128)] + ["é", "ſ", "ẙ", "K", "İ", "º", "٣", "\u00a0", "’"]


def _neighbourhood(shape: str) -> Iterator[str]:
    """The shape in other cases, after each probe character, and with each of the three
    characters after its first run of digits replaced by each probe character."""
    yield from (shape, shape.upper(), shape.lower(), shape.swapcase())
    yield from (probe + shape for probe in _PROBES)
    run_end = next(i for i, c in enumerate(shape) if c.isdigit())
    while run_end < len(shape) and shape[run_end].isdigit():
        run_end += 1
    for i in range(run_end, min(run_end + FOLLOWED, len(shape))):
        yield from (shape[:i] + probe + shape[i + 1 :] for probe in _PROBES)


def _assert_heads_agree_with_finditer(text: str, lang: str | None) -> None:
    table = starts_for(lang)
    found: dict[int, list[tuple[tuple[int, int], dict[str, str | None]]]] = {}
    for index, match in digit_led_matches(text, table):
        found.setdefault(index, []).append((match.span(), match.groupdict()))
    for index, pattern in enumerate(table.patterns):
        expected = [(m.span(), m.groupdict()) for m in pattern.compiled.finditer(text)]
        assert found.get(index, []) == expected, (pattern.name, lang, text)


def test_heads_admit_every_match_near_each_shape() -> None:
    for shape in _DIGIT_LED_SHAPES:
        for text in _neighbourhood(shape):
            _assert_heads_agree_with_finditer(text, None)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(
    st.lists(_HEAD_PIECES, max_size=14).map("".join),
    st.tuples(*[st.lists(_HEAD_PIECES, max_size=3).map("".join),
                st.sampled_from(_DIGIT_LED_SHAPES)] * 2).map("".join),
))
def test_heads_find_exactly_what_finditer_finds(text: str) -> None:
    for lang in (*LANGS, None):
        _assert_heads_agree_with_finditer(text, lang)


def test_head_tables_rest_on_the_engine_s_ascii_classes() -> None:
    ascii_chars = [chr(i) for i in range(128)]
    assert {c for c in ascii_chars if regex.match(r"\s", c)} == set(SPACE)
    assert {c for c in ascii_chars if regex.match(r"\w", c)} == set(ASCII_WORD)
    for pattern in PATTERNS:
        assert not (pattern.heads and pattern.anchors), pattern.name
        for head in pattern.heads:
            assert head.lengths and all(1 <= n <= LONG for n in head.lengths), pattern.name
            assert all(len(sets) <= FOLLOWED for sets in head.follow or ()), pattern.name


def _admits(chars: str | None, char: str) -> bool:
    """A head's character set read one character at a time (None: anything; "": past an
    end of the text, which only None admits)."""
    return chars is None or (char != "" and char in chars)


def _reference_tables(table: Starts) -> list[dict[str, int]]:
    """The before, first and after tables worked out bit by bit and character by character
    from the heads' definition (``Head``)."""
    heads: list[Head] = []
    follows: list[tuple[str | None, ...]] = []
    for pattern in table.patterns:
        for head in pattern.heads:
            for sets in head.follow or ((),):
                heads.append(head)
                follows.append(sets)
    chars = (*ASCII, "")
    before = {c: 0 for c in chars}
    first = {c: 0 for c in chars}
    after = [{c: 0 for c in chars} for _ in range(FOLLOWED)]
    for bit, (head, sets) in enumerate(zip(heads, follows, strict=True)):
        for c in chars:
            if head.at_start if c == "" else _admits(head.before, c):
                before[c] |= 1 << bit
            if _admits(head.first, c):
                first[c] |= 1 << bit
            for place in range(FOLLOWED):
                if _admits(sets[place] if place < len(sets) else None, c):
                    after[place][c] |= 1 << bit
    return [before, first, *after]


@pytest.mark.parametrize("lang", [*LANGS, None])
def test_head_tables_equal_their_definition(lang: str | None) -> None:
    table = starts_for(lang)
    assert table.every.bit_length() == len(table.tried_at) > 10
    assert [table.before, table.first, *table.after] == _reference_tables(table)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "İ" lowercases to two characters, which would shift anchor offsets: scanned instead
        ("İstanbul hasta. MRN: 1234567. Seen Jan 5, 2010.",
         [("1234567", "id_mrn"), ("Jan 5, 2010", "date_month_name")]),
        # anchors start and end words
        ("Summrn: 1234567 and JanJan 5, 2010", [("1234567", "id_number"), ("2010", "year")]),
        # an anchor ending in punctuation may be followed by a letter ("c." in "C.P.")
        ("C.P. 28016 Madrid", [("28016", "zip_cue")]),
    ],
)
def test_anchored_patterns(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(text[m.start : m.end], m.name) for m in find_patterns(text, "en")] == expected


def _tries_from_the_tables(table: Starts, text: str, first: int, end: int) -> Tries:
    """What to try at the run of digits ``text[first:end]``, read from the per-place tables one
    character at a time (what ``digit_led_matches`` did for every run before it kept them)."""
    size = end - first
    ways = (
        table.after[0].get(text[end : end + 1], table.every)
        & table.after[1].get(text[end + 1 : end + 2], table.every)
        & table.after[2].get(text[end + 2 : end + 3], table.every)
        & table.length[min(size, LONG)]
        & table.before.get(text[first - 1 : first], table.every)
        & table.first.get(text[first], table.every)
    )
    return table.tries(ways) if ways else ()


@settings(max_examples=300, deadline=None)
@given(st.lists(_HEAD_PIECES, max_size=14).map("".join))
def test_what_is_tried_at_a_run_is_what_the_tables_say_character_by_character(text: str) -> None:
    from deidkit.patterns.index import _DIGIT_RUN

    for lang in (*LANGS, None):
        table = Starts(lang)  # its own memory of the runs seen
        for run in _DIGIT_RUN.finditer(text):
            first, end = run.span()
            expected = _tries_from_the_tables(table, text, first, end)
            # the first pass fills table.around, the second reads it
            digit_led = [(i, m.span()) for i, m in digit_led_matches(text, table)]
            assert digit_led == [(i, m.span()) for i, m in digit_led_matches(text, table)]
            size = end - first
            around = (text[first - 1 : first + 1] if first else text[0], min(size, LONG),
                      text[end : end + FOLLOWED])
            assert table.around[around] == table.tries_around(around) == expected, (lang, text)


def test_the_memory_of_runs_is_bounded_and_starting_afresh_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from deidkit.patterns import index

    text = " ".join(_DIGIT_LED_SHAPES)
    table = Starts("en")
    expected = [(i, m.span()) for i, m in digit_led_matches(text, table)]
    assert len(table.around) > 20
    monkeypatch.setattr(index, "AROUND_LIMIT", 3)
    table = Starts("en")
    assert [(i, m.span()) for i, m in digit_led_matches(text, table)] == expected
    assert len(table.around) <= 3
