"""The issue-17 contexts and families: every span is exactly the value its slot wrote, on
token boundaries, over thousands of notes, for each new context (slot) and family."""

from __future__ import annotations

import collections
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus.notes import elsewhere
from deidkit.corpus.slots_extra import EXTRA_SLOTS
from deidkit.corpus.synth import generate
from deidkit.labels import LABELS
from deidkit.text import tokenize

from .tracing import Trace
from .tracing import traced as trace_slots

NEW_FAMILIES = tuple(family.id for family in elsewhere.FAMILIES)
EXPECTED_LABELS: dict[str, set[str]] = {
    "inits": {"DOCTOR"}, "dictcode": {"DOCTOR"}, "login": {"USERNAME"}, "staff": {"DOCTOR"},
    "ptname": {"PATIENT"}, "pagerno": {"PHONE"}, "ext": {"PHONE"}, "oldage": {"AGE"},
    "agesex": {"AGE"}, "ptage": {"AGE"}, "place": {"ORGANIZATION", "HOSPITAL"},
    "hospabbr": {"HOSPITAL"}, "ward": {"DEPARTMENT"}, "rm": {"ROOM"},
    "place_other": {"LOCATION_OTHER"}, "pdate": {"DATE"}, "citystate": {"CITY", "STATE"},
    "licline": {"STATE", "LICENSE"}, "insurername": {"ORGANIZATION"}, "vehiclenum": {"VEHICLE"},
    "idline": {"HEALTHPLAN", "ACCOUNT", "IDNUM", "MEDICALRECORD", "DEVICE", "VEHICLE"},
}
SHAPES: dict[str, re.Pattern[str]] = {
    "inits": re.compile(r"^(?:[^\W\d_]\.?){2,3}$"),
    "dictcode": re.compile(r"^[^\W\d_]{2,3}/[A-Za-z]{2}$"),
    "login": re.compile(r"^[A-Za-z][\w.'-]*$"),
    "pagerno": re.compile(r"^\d[\d-]{3,}$"),
    "ext": re.compile(r"^x?\d{3,5}$", re.IGNORECASE),
    "oldage": re.compile(r"^\d{2,3}$"),
    "agesex": re.compile(r"^\d{1,3}$"),
    "rm": re.compile(r"^[\w-]+$"),
    "pdate": re.compile(r"^(?:[A-Z][a-z]{1,3} )?\d{1,2}[/-]\d{1,2}$|^\d{1,2}(?:st|nd|rd|th)$|"
                        r"^[A-Z][a-z]{2} \d{1,2}$", re.IGNORECASE),
}


@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Any], Trace]]:
    """Notes of the new families (three variants), with each new slot's spans recorded."""

    def make() -> list[Any]:
        documents = list(generate(2000, seed=21, families=NEW_FAMILIES))
        documents += list(generate(500, seed=22, families=NEW_FAMILIES, variant="ambiguous"))
        documents += list(generate(500, seed=23, families=NEW_FAMILIES,
                                   variant="out-of-dictionary"))
        return documents

    yield trace_slots(EXTRA_SLOTS, make)


def test_every_new_context_writes_exact_spans(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    assert len(documents) == 3000
    by_slot: dict[str, list[tuple[str, str, str]]] = collections.defaultdict(list)
    for name, label, value, found in trace:
        assert found == value, (name, label)
        by_slot[name].append((label, value, found))
    assert set(by_slot) == set(EXTRA_SLOTS), set(EXTRA_SLOTS) - set(by_slot)
    for name, rows in by_slot.items():
        assert len(rows) >= 30, name
        assert {label for label, _, _ in rows} <= EXPECTED_LABELS[name], name
        assert len({value for _, value, _ in rows}) >= min(10, len(rows) // 3), name
        shape = SHAPES.get(name)
        for label, value, _ in rows:
            assert value == value.strip() and value, name
            if shape is not None and label in ("DOCTOR", "USERNAME", "PHONE", "AGE", "ROOM",
                                               "DATE"):
                assert shape.search(value), (name, label)


def test_spans_of_new_families_are_exact_and_on_token_boundaries(
        traced: tuple[list[Any], Trace]) -> None:
    documents, _ = traced
    total = misaligned = 0
    for document in documents:
        assert document.metadata["template"] in NEW_FAMILIES
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
    assert total > 30 * len(documents) / 2
    assert misaligned <= total * 0.002


def test_new_families_cover_the_missed_categories(traced: tuple[list[Any], Trace]) -> None:
    documents, trace = traced
    families = collections.Counter(d.metadata["template"] for d in documents)
    assert set(families) == set(NEW_FAMILIES) and min(families.values()) >= 150
    values = collections.defaultdict(set)
    for name, label, value, _ in trace:
        values[name, label].add(value)
    doctors = values["inits", "DOCTOR"] | values["dictcode", "DOCTOR"]
    assert any("/" in v for v in doctors) and any(v.islower() for v in doctors)
    assert any(v.isupper() and len(v) == 2 for v in doctors)
    assert any(int(v) >= 90 for v in values["oldage", "AGE"])
    assert any(v.startswith("x") for v in values["ext", "PHONE"])
    assert any(" & " in v for v in values["place", "ORGANIZATION"])
    assert any("Nursing Home" in v for v in values["place", "HOSPITAL"])
    assert any(re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", v) for v in values["pdate", "DATE"])
    assert any(re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}/\d{1,2}", v) for v in values["pdate", "DATE"])
    assert any(re.fullmatch(r"[A-Z]+, [A-Z]+ [A-Z]", v) for v in values["ptname", "PATIENT"])
    assert any(v.islower() for v in values["ptname", "PATIENT"])
    texts = "\n".join(d.text for d in documents[:400])
    assert "Last edited by" in texts and " | " in texts
