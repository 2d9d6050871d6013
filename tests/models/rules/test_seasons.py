"""Rule ``seasons``: a season named as a time is a date."""

from __future__ import annotations

import pytest

from deidkit.models.rules import seasons

from .helpers import found_by

RULES = (seasons.RULE,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a season that is no other word, wherever it stands alone
        ("Plans to conceive this summer.", {("summer", "DATE")}),
        ("works summers as a lifeguard", {("summers", "DATE")}),
        ("Spring was hard; worse over winter.", {("Spring", "DATE"), ("winter", "DATE")}),
        ("SEEN IN THE AUTUMN BY PCP", {("AUTUMN", "DATE")}),
        # ... not glued by a hyphen, nor in a name
        ("a spring-loaded clip; mid-winter", set()),
        ("Lives in Silver Spring; Summer Okafor called", set()),
        # fall: after a cue, "the" after a preposition of time, before a year or a term
        ("Since last fall she walks daily.", {("fall", "DATE")}),
        ("moving in with them in the fall", {("fall", "DATE")}),
        ("Fall 2023 visit; the fall of 2019 was worse", {("Fall", "DATE"), ("fall", "DATE")}),
        ("housing until end of fall term", {("fall", "DATE")}),
        # ... not a fall
        ("After the fall she hurt her hip. Fall risk high; had a fall.", set()),
        ("tested for fall risk; fall precautions in the ED", set()),
        ("", set()),
    ],
)
def test_seasons_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULES, text) == expected


def test_a_language_without_seasons_finds_none() -> None:
    assert found_by(RULES, "Vino en verano y en otoño.", lang="es") == set()
