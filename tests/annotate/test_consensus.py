"""Union and majority consensus, and grouping spans into adjudication candidates."""

from __future__ import annotations

import pytest

from deidkit.annotate.consensus import Mode, candidates, consensus

TEXT = "Patient John Smith seen at Mercy Hospital on 03/14/2012."


def at(phrase: str, label: str) -> tuple[int, int, str]:
    start = TEXT.index(phrase)
    return (start, start + len(phrase), label)


def texts(spans: list[tuple[int, int, str]]) -> list[tuple[str, str]]:
    return [(TEXT[s:e], label) for s, e, label in spans]


def test_one_span_against_two_pieces():
    whole = [at("John Smith", "PATIENT")]
    pieces = [at("John", "PATIENT"), at("Smith", "PATIENT")]
    annotators = [whole, pieces, pieces]
    assert texts(consensus(TEXT, annotators, Mode.UNION)) == [("John Smith", "PATIENT")]
    assert texts(consensus(TEXT, annotators, Mode.MAJORITY)) == [
        ("John", "PATIENT"),
        ("Smith", "PATIENT"),
    ]


def test_majority_needs_more_than_half_of_the_assigned_annotators():
    one = [[at("Mercy Hospital", "HOSPITAL")], [], []]
    assert consensus(TEXT, one, Mode.MAJORITY) == []
    assert texts(consensus(TEXT, one, Mode.UNION)) == [("Mercy Hospital", "HOSPITAL")]
    two_of_four = [[at("Mercy Hospital", "HOSPITAL")]] * 2 + [[], []]
    assert consensus(TEXT, two_of_four, Mode.MAJORITY) == []
    two_of_three = [[at("Mercy Hospital", "HOSPITAL")]] * 2
    assert consensus(TEXT, two_of_three, Mode.MAJORITY, voters=3) != []


def test_label_by_vote_with_ties_going_to_the_first_label():
    spans = [
        [at("Mercy Hospital", "HOSPITAL")],
        [at("Mercy Hospital", "ORGANIZATION")],
        [at("Mercy Hospital", "ORGANIZATION")],
    ]
    assert texts(consensus(TEXT, spans, Mode.UNION)) == [("Mercy Hospital", "ORGANIZATION")]
    tie = spans[:2]
    assert texts(consensus(TEXT, tie, Mode.UNION)) == [("Mercy Hospital", "HOSPITAL")]


def test_partial_overlap_keeps_the_characters_most_chose():
    wide = [at("Patient John Smith", "PATIENT")]
    narrow = [at("John Smith", "PATIENT")]
    assert texts(consensus(TEXT, [wide, narrow, narrow], Mode.MAJORITY)) == [
        ("John Smith", "PATIENT")
    ]
    assert texts(consensus(TEXT, [wide, narrow, narrow], Mode.UNION)) == [
        ("Patient John Smith", "PATIENT")
    ]


def test_candidates_group_overlapping_spans_and_list_options_by_votes():
    annotators = {
        "alice": [at("John Smith", "PATIENT"), at("03/14/2012", "DATE")],
        "bob": [at("John", "PATIENT"), at("Smith", "PATIENT")],
        "carol": [at("John", "PATIENT"), at("Smith", "PATIENT")],
    }
    models = {"crf": [at("Mercy Hospital", "HOSPITAL")]}
    suggested = consensus(TEXT, list(annotators.values()), Mode.MAJORITY)
    groups = candidates(annotators, models, suggested, gold=[])
    assert [TEXT[c.start : c.end] for c in groups] == ["John Smith", "Mercy Hospital", "03/14/2012"]
    name = groups[0]
    assert [o.annotators for o in name.options] == [("bob", "carol"), ("alice",)]
    assert name.options[0].suggested and not name.options[1].suggested
    hospital = groups[1]
    assert hospital.choices == {"alice": (), "bob": (), "carol": ()}
    assert hospital.options[0].sources == ("crf",) and hospital.suggested == ()
    date = groups[2]
    assert date.choices["alice"] == (at("03/14/2012", "DATE"),)
    assert date.suggested == ()


def test_touching_spans_form_one_candidate():
    left = (0, 7, "PATIENT")
    right = (7, 12, "PATIENT")
    groups = candidates({"a": [left], "b": [right]}, {}, [], [])
    assert [(c.start, c.end) for c in groups] == [(0, 12)]


def test_gold_spans_no_one_chose_are_their_own_candidate():
    gold = [at("03/14/2012", "DATE")]
    (group,) = candidates({"alice": []}, {}, [], gold)
    assert group.gold == tuple(gold) and group.options == ()


@pytest.mark.parametrize("mode", list(Mode))
def test_no_annotators_no_consensus(mode):
    assert consensus(TEXT, [], mode) == []
    assert consensus(TEXT, [[], []], mode) == []
