"""The one greedy overlap resolver (deidkit.overlaps) and the policies built on it."""

from __future__ import annotations

import itertools
import random

import pytest

from deidkit.models.spans import resolve_overlaps as resolve_spans
from deidkit.overlaps import Taken, resolve_overlaps
from deidkit.patterns import PatternMatch
from deidkit.types import Span


def spans(*triples: tuple[int, int, str]) -> list[Span]:
    return [Span(start, end, label) for start, end, label in triples]


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        # the longer wins; ties: the earlier; touching spans both stay
        ([(0, 4, "CITY"), (2, 9, "STREET")], ["STREET"]),
        ([(0, 4, "CITY"), (2, 6, "STATE")], ["CITY"]),
        ([(2, 6, "STATE"), (0, 4, "CITY")], ["CITY"]),
        ([(0, 4, "CITY"), (4, 8, "STATE")], ["CITY", "STATE"]),
        # same offsets: the first given (a stable sort)
        ([(0, 4, "CITY"), (0, 4, "STATE")], ["CITY"]),
        ([(0, 4, "STATE"), (0, 4, "CITY")], ["STATE"]),
        # a long span blocks both neighbours; the output is sorted
        ([(10, 12, "ZIP"), (0, 3, "CITY"), (2, 11, "STREET")], ["STREET"]),
        ([(10, 12, "ZIP"), (0, 3, "CITY")], ["CITY", "ZIP"]),
        ([], []),
    ],
)
def test_default_policy_longest_then_earliest(
    given: list[tuple[int, int, str]], kept: list[str]
) -> None:
    assert [s.label for s in resolve_overlaps(spans(*given))] == kept


def test_rank_comes_before_length_and_tie_after_it() -> None:
    given = spans((0, 10, "STREET"), (2, 5, "CITY"), (2, 5, "STATE"))
    first = {"CITY": 0, "STATE": 0, "STREET": 1}
    assert [s.label for s in resolve_overlaps(given, rank=lambda s: first[s.label])] == ["CITY"]
    assert [s.label for s in resolve_overlaps(
        given, rank=lambda s: first[s.label], tie=lambda s: s.label != "STATE"
    )] == ["STATE"]
    assert [s.label for s in resolve_overlaps(given, tie=lambda s: 0)] == ["STREET"]


def test_works_on_pattern_matches_too() -> None:
    matches = [PatternMatch(0, 4, "date_a", "DATE"), PatternMatch(0, 8, "phone", "PHONE")]
    assert resolve_overlaps(matches) == [matches[1]]


def _random_spans(rng: random.Random, count: int) -> list[Span]:
    """``count`` spans of 1 to 8 characters starting within the first 41, overlaps likely."""
    spans = []
    for _ in range(count):
        start = rng.randint(0, 40)
        spans.append(Span(start, start + rng.randint(1, 8), "DATE"))
    return spans


def test_the_result_never_overlaps_and_is_greedy() -> None:
    rng = random.Random(7)
    for _ in range(200):
        given = _random_spans(rng, rng.randint(1, 12))
        kept = resolve_overlaps(given)
        assert kept == sorted(kept, key=lambda s: (s.start, s.end))
        assert all(a.end <= b.start for a, b in itertools.pairwise(kept))
        # every span left out overlaps a kept one at least as long
        for span in given:
            if span not in kept:
                assert any(span.overlaps(k) and len(k) >= len(span) for k in kept)


def test_the_ensemble_policy_source_then_length_then_score() -> None:
    crf = Span(0, 4, "PATIENT", source="crf", score=0.5)
    rules = Span(0, 9, "PATIENT", source="rules")
    scored_low = Span(20, 24, "DATE", source="crf", score=0.2)
    scored_high = Span(20, 24, "DATE", source="svm", score=0.9)
    assert resolve_spans([rules, crf], prefer=("crf",)) == [crf]
    assert resolve_spans([crf, rules]) == [rules]
    assert resolve_spans([scored_low, scored_high]) == [scored_high]


def test_taken_answers_as_a_scan_of_every_span_does() -> None:
    """``Taken.overlaps`` agrees with comparing the stretch to each span, overlapping spans
    and touching ends included."""
    rng = random.Random(7)
    for _ in range(200):
        spans = _random_spans(rng, rng.randint(0, 8))
        taken = Taken(spans)
        for _ in range(20):
            start = rng.randrange(0, 50)
            end = start + rng.randrange(1, 6)
            expected = any(s.start < end and start < s.end for s in spans)
            assert taken.overlaps(start, end) == expected
