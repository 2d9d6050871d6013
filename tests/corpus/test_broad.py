"""The broader training notes (issue 17, item 3): every new slot writes exactly the value it
drew, with its label, on token boundaries, over thousands of notes of the new families and of
the older families whose shared banks now use the new slots."""

from __future__ import annotations

import collections
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus.families import FAMILIES
from deidkit.corpus.notes import broad, chat, spoken
from deidkit.corpus.slots_broad import BROAD_SLOTS, ID_CUES
from deidkit.corpus.synth import generate
from deidkit.labels import LABELS
from deidkit.text import tokenize

from .tracing import Trace, family_notes
from .tracing import traced as trace_slots

NEW_FAMILIES = tuple(family.id for family in broad.FAMILIES)
EXPECTED_LABELS: dict[str, set[str]] = {
    "org2": {"ORGANIZATION"}, "facility2": {"HOSPITAL"}, "landmark2": {"LOCATION_OTHER"},
    "dept": {"DEPARTMENT"}, "room2": {"ROOM"}, "street2": {"STREET"},
    "idcue": set(ID_CUES), "idval": set(ID_CUES), "ssn2": {"SSN"}, "anyprof": {"PROFESSION"},
    "lcname": {"PATIENT", "RELATIVE", "DOCTOR"}, "relfull": {"RELATIVE"},
}
SHAPES: dict[str, re.Pattern[str]] = {
    "room2": re.compile(r"^[\w-]+$"),
    "ssn2": re.compile(r"^\d{3}[- ]?\d{2}[- ]?\d{4}$"),
    "idcue": re.compile(r"^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$"),
    "idval": re.compile(r"^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$"),
}
@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Any], Trace]]:
    """3,000 notes of the new families: 300 of each (three variants)."""
    yield trace_slots(BROAD_SLOTS, lambda: family_notes(NEW_FAMILIES, 31))


@pytest.fixture(scope="module")
def traced_older() -> Iterator[tuple[list[Any], Trace]]:
    """2,000 notes of the older families (their shared banks use the new slots too); the
    later speech and message families are left out with the new ones."""
    later = tuple(family.id for family in (*spoken.FAMILIES, *chat.FAMILIES))
    yield trace_slots(BROAD_SLOTS, lambda: list(generate(2000, seed=34,
                                                         exclude=NEW_FAMILIES + later)))


def _check_trace(trace: Trace, minimum: int) -> dict[str, list[tuple[str, str]]]:
    by_slot: dict[str, list[tuple[str, str]]] = collections.defaultdict(list)
    for name, label, value, found in trace:
        assert found == value, (name, label)
        assert value and value == value.strip(), name
        assert label in EXPECTED_LABELS[name], (name, label)
        shape = SHAPES.get(name)
        if shape is not None and label not in ("VEHICLE",):
            assert shape.search(value), (name, label)
        by_slot[name].append((label, value))
    for name, rows in by_slot.items():
        assert len(rows) >= minimum, name
        assert len({value for _, value in rows}) >= min(10, len(rows) // 3), name
    return by_slot


def test_every_broad_slot_writes_exact_spans(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    assert len(documents) == 3000
    by_slot = _check_trace(trace, 100)
    assert set(by_slot) == set(BROAD_SLOTS), set(BROAD_SLOTS) - set(by_slot)


def test_older_families_use_the_broad_slots_exactly(
        traced_older: tuple[list[Any], Trace]) -> None:
    documents, trace = traced_older
    assert not {d.metadata["template"] for d in documents} & set(NEW_FAMILIES)
    by_slot = _check_trace(trace, 20)
    assert {"org2", "facility2", "landmark2", "dept", "street2", "anyprof", "lcname",
            "room2", "idcue"} <= set(by_slot)


def _spans_exact(documents: list[Any]) -> None:
    total = misaligned = 0
    for document in documents:
        starts = {token.start for token in tokenize(document.text)}
        ends = {token.end for token in tokenize(document.text)}
        previous_end = 0
        for span in document.spans:
            value = document.text[span.start:span.end]
            assert span.label in LABELS
            assert value and value == value.strip(), (document.id, span.label)
            assert span.start >= previous_end, (document.id, span.label)  # no overlap
            previous_end = span.end
            total += 1
            if span.start not in starts or span.end not in ends:
                misaligned += 1
                assert document.text[span.end:span.end + 1] == ".", (document.id, span.label)
    assert total > 15 * len(documents)
    assert misaligned <= total * 0.002


def test_spans_of_new_families_are_exact_and_on_token_boundaries(
        traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    assert {d.metadata["template"] for d in documents} == set(NEW_FAMILIES)
    _spans_exact(documents)


def test_new_families_cover_the_weak_categories(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    families = collections.Counter(d.metadata["template"] for d in documents)
    assert set(families.values()) == {300}, families
    labels = collections.Counter(span.label for d in documents for span in d.spans)
    for label in ("ORGANIZATION", "LOCATION_OTHER", "DEPARTMENT", "COUNTRY", "HOSPITAL",
                  "STREET", "ROOM", "PROFESSION", "AGE", "IDNUM", "ACCOUNT", "LICENSE",
                  "VEHICLE", "DEVICE", "SSN", "HEALTHPLAN", "USERNAME", "PATIENT", "RELATIVE"):
        assert labels[label] >= 100, label
    values: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for name, label, value, _ in trace:
        values[name, label].add(value)
    ids = values["idcue", "IDNUM"] | values["idval", "IDNUM"]
    assert any("-" in v for v in ids) and any(re.search(r"[A-Z]\d|\d[A-Z]", v) for v in ids)
    assert any(len(v) == 17 for v in values["idcue", "VEHICLE"] | values["idval", "VEHICLE"])
    assert any(" " in v for v in values["ssn2", "SSN"])
    assert any(v.startswith(("PO Box", "P.O. Box")) for v in values["street2", "STREET"])
    assert any(re.search(r"\b(?:Apt|Unit)\b", v) for v in values["street2", "STREET"])
    assert any(v.islower() for v in values["lcname", "PATIENT"])
    assert any(v.islower() for v in values["lcname", "RELATIVE"])
    assert any(v.endswith("Church") for v in values["org2", "ORGANIZATION"])
    assert any("Pharmacy" in v for v in values["org2", "ORGANIZATION"])
    assert any(re.fullmatch(r"\S+ \d+", v) for v in values["dept", "DEPARTMENT"])
    assert len(values["anyprof", "PROFESSION"]) >= 100


def test_family_ids_are_unique() -> None:
    ids = [family.id for family in FAMILIES]
    assert len(ids) == len(set(ids))
