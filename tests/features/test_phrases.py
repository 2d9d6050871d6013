"""Multi-token dictionary matching with the automaton."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.features.phrases import PhraseMatcher
from deidkit.text import token_texts, tokenize


def marks(matcher: PhraseMatcher, text: str) -> list[tuple[str, tuple[str, ...]]]:
    words = [token.text for token in tokenize(text)]
    return [
        (word, matcher.names_of(mask))
        for word, mask in zip(words, matcher.masks(words), strict=True)
    ]


def test_single_and_multi_token_entries() -> None:
    matcher = PhraseMatcher(
        {
            "cities": ["Boston", "New York", "New York City", "St. Louis"],
            "hospitals": ["Boston Medical Center", "St. Mary's Hospital"],
        }
    )
    assert marks(matcher, "to New York City and boston medical center") == [
        ("to", ()),
        ("New", ("cities",)),
        ("York", ("cities",)),
        ("City", ("cities",)),
        ("and", ()),
        ("boston", ("cities", "hospitals")),
        ("medical", ("hospitals",)),
        ("center", ("hospitals",)),
    ]
    hospital = ("hospitals",)
    assert [names for _, names in marks(matcher, "St. Mary's Hospital, St. Louis")] == [
        *[hospital] * 5, (), ("cities",), ("cities",), ("cities",),
    ]


def test_phrases_match_whole_tokens_only() -> None:
    matcher = PhraseMatcher({"phrases": ["lives in"], "words": ["in"]})
    assert marks(matcher, "olives in lives inside lives in") == [
        ("olives", ()),
        ("in", ("words",)),
        ("lives", ()),
        ("inside", ()),
        ("lives", ("phrases",)),
        ("in", ("phrases", "words")),
    ]


def test_overlapping_matches_all_count() -> None:
    matcher = PhraseMatcher({"a": ["x y"], "b": ["y z"]})
    assert marks(matcher, "x y z") == [("x", ("a",)), ("y", ("a", "b")), ("z", ("b",))]


def test_empty_inputs() -> None:
    matcher = PhraseMatcher({"a": ["x y", ""]})
    assert matcher.masks([]) == []
    assert matcher.masks(["x"]) == [0]
    assert PhraseMatcher({}).masks(["x", "y"]) == [0, 0]


ENTRY_TEXT = st.text(
    alphabet=st.sampled_from(list("aZé1-./'[*] \n\tDr")), max_size=24
) | st.sampled_from(["[** Name **]", "St. Mary's", "b.i.d.", "617-555-1234", "", " \n "])


@settings(max_examples=150, deadline=None)
@given(st.lists(ENTRY_TEXT, max_size=12))
def test_entries_split_as_tokenize_splits_them(entries: list[str]) -> None:
    # the matcher splits its entries with token_texts
    assert [token_texts(e) for e in entries] == [[t.text for t in tokenize(e)] for e in entries]


def reference_masks(lists: dict[str, list[str]], words: list[str]) -> list[int]:
    """Every occurrence of every entry's tokens (casefolded) in the words, one at a time."""
    def clean(word: str) -> str:
        return word.casefold().replace("\x1f", " ")

    cleaned = [clean(word) for word in words]
    masks = [0] * len(words)
    for bit, entries in enumerate(lists.values()):
        for entry in entries:
            parts = [clean(token) for token in token_texts(entry)]
            for first in range(len(words) - len(parts) + 1 if parts else 0):
                if cleaned[first : first + len(parts)] == parts:
                    for index in range(first, first + len(parts)):
                        masks[index] |= 1 << bit
    return masks


ENTRY = st.lists(st.sampled_from(["x", "y", "Y", "z", "dr.", "o'b", "[** A\x1fB **]", "ß"]),
                 min_size=1, max_size=3).map(" ".join)
WORDS = st.lists(
    st.sampled_from(["x", "X", "y", "z", "Dr.", "O'B", "ss", "SS", "ß", "[** a\x1fb **]", "w"]),
    max_size=14,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from("abc"), st.lists(ENTRY, max_size=4)), WORDS)
def test_masks_mark_every_occurrence_of_every_entry(lists: dict, words: list[str]) -> None:
    assert PhraseMatcher(lists).masks(words) == reference_masks(lists, words)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from("abc"), st.lists(ENTRY, max_size=4)), WORDS)
def test_masks_from_word_types_mark_every_occurrence_of_every_entry(
    lists: dict, words: list[str]
) -> None:
    # the numeric path: each word type's facts once, gathered by the tokens' types
    matcher = PhraseMatcher(lists)
    types = list(dict.fromkeys(words))
    facts = np.asarray(matcher.word_facts(types), np.int64).reshape(-1, 3)
    gathered = facts[[types.index(word) for word in words]].reshape(-1, 3)
    assert matcher.token_masks(gathered).tolist() == reference_masks(lists, words)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from("abc"), st.lists(ENTRY, max_size=4)), WORDS)
def test_word_facts_are_the_same_from_arrays(lists: dict, words: list[str]) -> None:
    # a prepared matcher looks its words up all at once (StringTable.get_many)
    matcher = PhraseMatcher(lists)
    again = PhraseMatcher.from_arrays(matcher.arrays())
    assert again.word_facts(words) == matcher.word_facts(words)
    assert matcher.word_facts(words) == [
        (mask, number, matcher._steps.get(number, -1) if number >= 0 else -1)
        for mask, number in map(matcher._word_entry, words)
    ]


def test_a_token_holding_the_separator_does_not_shift_later_matches() -> None:
    # a placeholder token may contain the separator character: it is cleaned, so the
    # words after it are still found where they are
    matcher = PhraseMatcher({"a": ["x y"], "b": ["[** a\x1fb **]"]})
    words = ["[** a\x1fb **]", "x", "y", "w", "x", "y"]
    assert [matcher.names_of(mask) for mask in matcher.masks(words)] == [
        ("b",), ("a",), ("a",), (), ("a",), ("a",)]


def test_stored_as_arrays_a_word_keeps_its_entries_and_its_phrases() -> None:
    # "in" and "York" are one-token entries and words of phrases: one row holds both
    matcher = PhraseMatcher(
        {"phrases": ["lives in", "New York"], "words": ["in", "York", "Boston"]}
    )
    again = PhraseMatcher.from_arrays(matcher.arrays())
    text = "lives in New York, Boston in lives"
    assert marks(again, text) == marks(matcher, text)
    assert marks(again, text)[:4] == [
        ("lives", ("phrases",)), ("in", ("phrases", "words")), ("New", ("phrases",)),
        ("York", ("phrases", "words")),
    ]
    assert [again.word_mask(word) for word in ("in", "YORK", "lives", "Boston", "x")] == [
        2, 2, 0, 2, 0,
    ]
    assert (again.single_count, again.multi_count) == (3, 2)
