"""Work a note's rules share or keep per word type: a trie's matches found once a note, the
name lists' facts per word and the identifier shapes per run of non-space characters, each
equal to what the rules worked out before, word by word."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.corpus.synth import generate
from deidkit.models.rules import Phrases, dictionary_names, identifiers, word_types
from deidkit.models.rules.lexicons import Lexicons, lexicons
from deidkit.models.rules.note import Note
from deidkit.models.rules.word_types import WordTable, word_table

from .helpers import scan_of

_NOTES = [doc.text for doc in generate(12, seed=5, variant="plain")]
_EXTRA = [
    "Seen by Dr. O'Dowd; Pt of St. Louis, MO. Daughter at bedside, Ms. Flores.",
    "per RB, d/w KL.  MRN 0274292E, code 1EG4TE5MK72 x5531 in New York Mills",
    "name: harold finnegan  lives in boston  works as a welder",
]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_scan_matches_equal_each_trie_asked_and_are_found_once_a_note(lang: str) -> None:
    lex = lexicons(lang)
    tries = [getattr(lex, item.name) for item in fields(Lexicons)
             if isinstance(getattr(lex, item.name), Phrases)]
    assert len(tries) > 10
    for text in [*_NOTES, *_EXTRA]:
        scan = scan_of(text, lang)
        note = scan.note
        for trie in tries:
            assert scan.matches(trie) == list(trie.matches(note.words, note.positions))
            assert scan.matches(trie) is scan.matches(trie)  # found once a note
    own = Phrases()  # a trie the lexicons do not hold
    own.add("seen by", "cue")
    assert scan_of("Seen by the night team; seen again").matches(own) == [(0, (2, "cue"))]


def test_word_table_works_a_word_out_once_and_forgets_all_at_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []

    def facts(word: str) -> int:
        asked.append(word)
        return len(word)

    table = WordTable(facts)
    words = ["a", "bb", "a", "ccc", "bb"]
    assert list(map(table.__getitem__, words)) == [1, 2, 1, 3, 2]
    assert asked == ["a", "bb", "ccc"]
    monkeypatch.setattr(word_types, "_WORDS_LIMIT", 3)
    assert table["dddd"] == 4 and dict(table) == {"dddd": 4}  # full: forgotten, then kept


def test_word_table_is_kept_per_lexicons_and_name() -> None:
    lex = lexicons("en")
    made: list[str] = []

    def make(name: str) -> Callable[[Lexicons], WordTable[str]]:
        def table(_: Lexicons) -> WordTable[str]:
            made.append(name)
            return WordTable(str.upper)

        return table

    first = word_table(lex, "test-a", make("a"))
    assert word_table(lex, "test-a", make("a")) is first
    assert word_table(lex, "test-b", make("b")) is not first
    assert word_table(lexicons("es"), "test-a", make("a")) is not first
    assert made == ["a", "b", "a"]


def _old_listed_words(note: Note, lex: Lexicons) -> list[tuple[str, str]]:
    """The previous code, as reference."""
    found = [(word, word) for word in lex.names.intersection(note.positions)]
    found.extend(
        (word, word[2:]) for word in note.positions
        if word[:2] in ("o'", "o’") and len(word) > 4 and word not in lex.names
        and word[2:] in lex.names
    )
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_name_facts_equal_the_lists_asked_word_by_word(lang: str) -> None:
    lex = lexicons(lang)
    table = word_table(lex, "dictionary_names", dictionary_names._name_facts)
    for text in [*_NOTES, *_EXTRA, "O'Dowd and O’Brien met Dr. Foley, MD"]:
        note = scan_of(text, lang).note
        expected: dict[str, tuple[bool, bool]] = {}
        for word, listed in _old_listed_words(note, lex):
            if listed in lex.not_names or word in lex.titles or (
                word.replace(".", "") in lex.credentials
            ):
                continue
            ambiguous = listed in lex.common or listed in lex.medical or (
                listed in lex.single_places or listed in lex.eponyms
                or listed in lex.clinical_abbreviations
            )
            expected[word] = (ambiguous, listed in lex.first_names)
        found = {word: table[word] for word in note.positions if table[word]}
        assert found == expected


def _old_id_shapes(text: str, medical: frozenset[str]) -> list[tuple[int, int]]:
    """The previous whole-text scan (before the widening to tokens), as reference."""
    spans: list[tuple[int, int]] = []
    for candidate in identifiers._LONG_RUN.compiled.finditer(text):
        value = candidate.group()
        if value.isalpha() or value.isdigit():
            continue
        found = identifiers._SHAPE.compiled.match(text, candidate.start())
        if found is None or found.end() != candidate.end():
            continue
        if identifiers._NOT_CODES.compiled.fullmatch(value):
            continue
        digits = sum(map(str.isdigit, value))
        letters = sum(map(str.isalpha, value))
        if digits < 3 or letters < 1 or len(value) - value.count("-") < 7:
            continue
        kinds = [c.isdigit() for c in value if c != "-"]
        changes = sum(1 for a, b in itertools.pairwise(kinds) if a != b)
        long_number = digits >= 6 and letters <= 2 and not (
            identifiers._UNIT_SUFFIX.compiled.search(value)
        )
        if (letters == 1 or changes < 2) and not long_number:
            continue
        if value.casefold() not in medical:
            spans.append(found.span())
    return spans


_PIECES = ["1EG4TE5MK72", "0274292E", "AB12CD34", "T12-L1", "250mg2x", "x", "-", ".", "/",
           "#", "(", ")", "é", "4KRT229", "abc", "123", "Q3", "\t", "\n", " ", "  ", "\u00a0",
           "\x1c", "[**", "**]", "ZZ99-88-AA77"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_id_shapes_found_run_by_run_equal_the_whole_text_scan(pieces: list[str]) -> None:
    text = "".join(pieces)
    scan = scan_of(text)
    expected = [scan.note.widened(start, end, "IDNUM")
                for start, end in _old_id_shapes(text, scan.lex.medical)]
    assert identifiers.id_shape_spans(scan) == expected


def test_id_shapes_equal_the_whole_text_scan_on_notes() -> None:
    rng = random.Random(7)
    texts = [*_NOTES, *_EXTRA]
    texts.append(" ".join(rng.sample(_PIECES, len(_PIECES))))
    for text in texts:
        scan = scan_of(text)
        expected = [scan.note.widened(start, end, "IDNUM")
                    for start, end in _old_id_shapes(text, scan.lex.medical)]
        assert identifiers.id_shape_spans(scan) == expected
