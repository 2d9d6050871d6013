"""The rule registry and the loop that runs it: order, priorities, switches, layers."""

from __future__ import annotations

import pytest

from deidkit.models.base import BaseDetector
from deidkit.models.rules import RULES, Layer, RulesDetector, SpanRule, TokenRule, rule_names
from deidkit.models.rules.base import Scan
from deidkit.models.rules.note import mark
from deidkit.types import Span

from .helpers import found_by


def test_the_registry_lists_each_rule_once_with_its_priority_and_switch() -> None:
    table = [(rule.name, rule.priority, rule.switch) for rule in RULES]
    assert table == [
        ("patterns", 0, None),
        ("fields", 1, None),
        ("hl7", 1, None),
        ("schedules", 1, None),
        ("seasons", 1, None),
        ("cued_ids", 1, None),
        ("extensions", 1, None),
        ("vehicle_units", 1, None),
        ("header_ids", 1, None),
        ("cued_ages", 1, None),
        ("kin_ages", 1, None),
        ("table_ages", 1, None),
        ("table_staff", 3, "names"),
        ("table_rooms", 2, "places"),
        ("spoken_numbers", 1, None),
        ("spoken_ages", 1, None),
        ("titles", 3, "names"),
        ("name_cues", 3, "names"),
        ("credentials", 3, "names"),
        ("header_names", 3, "names"),
        ("lowercase_names", 3, "names"),
        ("handoff_names", 3, "names"),
        ("layout_names", 3, "names"),
        ("initials", 3, "names"),
        ("flowsheet_initials", 3, "names"),
        ("patient_initials", 3, "names"),
        ("usernames", 3, "names"),
        ("chat_speakers", 3, "names"),
        ("nicknames", 3, "names"),
        ("at_mentions", 3, "names"),
        ("registered_names", 3, "names"),
        ("organizations", 2, "hospitals"),
        ("hospitals", 2, "hospitals"),
        ("units", 2, "places"),
        ("census_rooms", 2, "places"),
        ("cued_rooms", 2, "places"),
        ("professions", 3, None),
        ("streets", 2, "places"),
        ("cued_places", 4, "places"),
        ("dictionary_places", 6, "places"),
        ("city_state", 4, "places"),
        ("licence_states", 4, "places"),
        ("country_abbreviations", 4, "places"),
        ("hospital_abbreviations", 4, "hospitals"),
        ("dictionary_names", 5, "names"),
        ("id_shapes", 5, None),
        ("numbered_codes", 5, None),
    ]
    assert rule_names() == tuple(name for name, _, _ in table)
    assert len(set(rule_names())) == len(RULES)


@pytest.mark.parametrize(
    ("switch", "text", "lost"),
    [
        ("names", "Seen by Dr. Xylander Quorbit on 3/5/2010.", ("Xylander Quorbit", "DOCTOR")),
        ("places", "She lives in Springfield on 3/5/2010.", ("Springfield", "CITY")),
        ("hospitals", "Seen at Mercy Hospital on 3/5/2010.", ("Mercy Hospital", "HOSPITAL")),
    ],
)
def test_a_switch_turns_its_rules_off_and_leaves_the_others(
    switch: str, text: str, lost: tuple[str, str]
) -> None:
    def found(detector: BaseDetector) -> set[tuple[str, str]]:
        return {(text[s.start : s.end], s.label) for s in detector.predict_text(text)}

    assert {lost, ("3/5/2010", "DATE")} <= found(RulesDetector())
    assert found(RulesDetector().set_params(**{switch: False})) == {("3/5/2010", "DATE")}


def _fixed(start: int, end: int, label: str) -> SpanRule:
    """A rule finding one span wherever it is, named after its label."""
    return SpanRule(label.lower(), 0, lambda scan: [Span(start, end, label, source="rules")])


def _with(rule: SpanRule, priority: int) -> SpanRule:
    return SpanRule(rule.name, priority, rule.find, rule.switch)


TEXT = "abcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize(
    ("rules", "kept"),
    [
        # a lower priority wins over a longer span
        ([_with(_fixed(0, 10, "CITY"), 2), _with(_fixed(5, 7, "STATE"), 1)], {"STATE"}),
        # equal priority: the longer span
        ([_fixed(5, 7, "STATE"), _fixed(0, 10, "CITY")], {"CITY"}),
        # equal priority and offsets: the rule listed first
        ([_fixed(0, 4, "PATIENT"), _fixed(0, 4, "DOCTOR")], {"PATIENT"}),
        ([_fixed(0, 4, "DOCTOR"), _fixed(0, 4, "PATIENT")], {"DOCTOR"}),
        # touching spans both stay
        ([_fixed(0, 4, "ZIP"), _fixed(4, 8, "ROOM")], {"ZIP", "ROOM"}),
    ],
)
def test_overlapping_candidates_are_resolved_by_priority_length_then_order(
    rules: list[SpanRule], kept: set[str]
) -> None:
    assert {label for _, label in found_by(rules, TEXT)} == kept


def test_token_rules_of_a_layer_share_labels_and_make_one_span() -> None:
    layer = Layer("test", priority=0)

    def first_two(scan: Scan, labels: list[str | None]) -> None:
        mark(labels, 0, 2, "PATIENT")

    def two_and_three(scan: Scan, labels: list[str | None]) -> None:
        for index in (1, 2):
            mark(labels, index, index + 1, "DOCTOR" if index == 1 else "PATIENT")

    rules = [TokenRule("a", layer, first_two), TokenRule("b", layer, two_and_three)]
    assert found_by(rules, "Anna Maria Lopez came") == {("Anna Maria Lopez", "PATIENT")}
    assert found_by(rules[::-1], "Anna Maria Lopez came") == {
        ("Anna", "PATIENT"), ("Maria", "DOCTOR"), ("Lopez", "PATIENT"),
    }


def test_an_added_rule_is_run_by_the_same_loop() -> None:
    room = SpanRule(
        "rooms",
        priority=0,
        find=lambda scan: [
            scan.note.span(i + 1, i + 2, "ROOM")
            for i in scan.note.indices(["cubby"])
            if i + 1 < len(scan.note.tokens)
        ],
    )
    text = "Belongings in cubby 77 since 3/5/2010."
    assert found_by(RULES, text) == {("3/5/2010", "DATE")}
    assert found_by((*RULES, room), text) == {("77", "ROOM"), ("3/5/2010", "DATE")}
