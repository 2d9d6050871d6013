"""The phrase trie the rules look words up in."""

from __future__ import annotations

from deidkit.models.rules import Phrases


def test_phrases_match_the_longest_phrase_and_the_first_label_of_equal_ones() -> None:
    phrases = Phrases()
    for phrase, label in [("New York", "STATE"), ("New York Mills", "CITY"), ("York", "CITY"),
                          ("new york", "CITY"), ("St. Louis", "CITY")]:
        phrases.add(phrase, label)
    words = ["in", "new", "york", "mills", "st", ".", "louis", "new"]  # "St." is split
    assert phrases.match(words, 1) == (4, "CITY")
    assert phrases.match(words[:3], 1) == (3, "STATE")  # the first of equal phrases
    assert phrases.match(["new", "york", "city"], 0) == (2, "STATE")
    assert phrases.match(words, 2) == (3, "CITY")
    assert phrases.match(words, 4) == (7, "CITY")
    assert phrases.match(words, 0) is None
    assert phrases.match(words, 7) is None  # "new" alone is not a phrase


def test_add_all_files_each_phrase_once_and_names_the_one_word_ones() -> None:
    phrases = Phrases()
    cities = ["Boston", "New York", "St. Louis", "Boston", "Winston-Salem"]
    singles = phrases.add_all(cities, "CITY")
    assert singles == {"boston"}  # "St. Louis" is three tokens, "Winston-Salem" three
    assert phrases.add_all(["York", "New York"], "STATE") == {"york"}
    assert phrases.match(["new", "york"], 0) == (2, "CITY")  # the first label stays
    assert phrases.match(["york"], 0) == (1, "STATE")
    assert phrases.match(["st", ".", "louis"], 0) == (3, "CITY")
    assert phrases.add("", "CITY") == ()


def test_matches_gives_each_start_with_its_longest_phrase_and_skips_the_rest() -> None:
    phrases = Phrases()
    phrases.add("seen by", "care_team")
    phrases.add("seen", "visit")
    words = ["pt", "seen", "by", "dr", "seen", "today"]
    positions = {word: [i for i, w in enumerate(words) if w == word] for word in set(words)}
    assert list(phrases.matches(words, positions)) == [(1, (3, "care_team")), (4, (5, "visit"))]


def test_entries_are_the_phrases_filed_and_equality_ignores_the_nodes_numbers() -> None:
    one, other = Phrases(), Phrases()
    for phrase, label in [("New York", "STATE"), ("York", "CITY"), ("New York Mills", "CITY")]:
        one.add(phrase, label)
    for phrase, label in [("York", "CITY"), ("New York Mills", "CITY"), ("new york", "STATE")]:
        other.add(phrase, label)
    assert one.entries() == {
        ("new", "york"): "STATE", ("york",): "CITY", ("new", "york", "mills"): "CITY"}
    assert one.first != other.first  # numbered in another order ...
    assert one == other  # ... filing the same phrases
    other.add("New Haven", "CITY")
    assert one != other
    relabelled = Phrases()
    for phrase, label in [("New York", "CITY"), ("York", "CITY"), ("New York Mills", "CITY")]:
        relabelled.add(phrase, label)
    assert one != relabelled
    assert Phrases() == Phrases() and Phrases() != one
