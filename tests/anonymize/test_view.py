"""Identifier extraction and linking: notes -> persons, with the reasons and the conflicts."""

from __future__ import annotations

import re

import pytest

from deidkit.anonymize import AnonymizeOptions, anonymize, extract_view
from deidkit.anonymize.attributes import is_birth_date
from deidkit.anonymize.hierarchies import MISSING
from deidkit.errors import ConfigError, InputError
from deidkit.redact import SecretKey
from deidkit.types import Document, Span

KEY = SecretKey(b"k" * 32)
QUASI = ("age", "zip", "birth_date", "visit_date")


def note(doc_id: str, text: str, labels: dict[str, str], patient: str | None = None,
         date: str | None = None) -> Document:
    """A note whose spans are found by their (unique) text."""
    spans = []
    for value, label in labels.items():
        start = text.index(value)
        spans.append(Span(start, start + len(value), label))
    return Document(doc_id, text, tuple(spans), patient_id=patient, note_date=date)


A1 = note("a1", "Pt: Quill Rook  MRN: 77-1234  DOB: 3/4/1950. Age 61, ZIP 02138.\n",
          {"Quill Rook": "PATIENT", "77-1234": "MEDICALRECORD", "3/4/1950": "DATE",
           "61": "AGE", "02138": "ZIP"}, date="2011-05-02")
A2 = note("a2", "MR# 771234. Seen 6/1/2011, age 62.\n",
          {"771234": "MEDICALRECORD", "6/1/2011": "DATE", "62": "AGE"})
A3 = note("a3", "ROOK, QUILL (DOB 03/04/1950) phoned.\n",
          {"ROOK, QUILL": "PATIENT", "03/04/1950": "DATE"})
B1 = note("b1", "Pt: Odile Wren  DOB: 3/4/1950. Age 40.\n",
          {"Odile Wren": "PATIENT", "3/4/1950": "DATE", "40": "AGE"}, patient="p-b")
B2 = note("b2", "Odile Wren, born 7/8/1951, age 40.\n",
          {"Odile Wren": "PATIENT", "7/8/1951": "DATE", "40": "AGE"}, patient="p-b")


def test_notes_link_by_mrn_and_by_name_with_birth_date() -> None:
    view = extract_view([A1, A2, A3, B1, B2], quasi=QUASI, key=KEY)
    assert len(view.persons) == 2
    first = view.persons[view.person_of["a1"]]
    assert first.documents == ("a1", "a2", "a3")
    assert view.person_of["b1"] == view.person_of["b2"] != view.person_of["a1"]
    reasons = {(link.documents, link.reason) for link in view.links}
    assert reasons == {(("a1", "a2"), "mrn"), (("a1", "a3"), "name_birth_date"),
                       (("b1", "b2"), "patient_id")}
    assert view.link_counts == {"patient_id": 1, "mrn": 1, "name_birth_date": 1}
    assert first.values["age"][-1] == "61"  # 61 and 62 are one age, a year apart
    assert first.values["birth_date"][-1] == "1950-03-04"
    assert first.values["visit_date"][-1] == "2011-05-02"  # the earliest date of care
    assert first.values["zip"][-1] == "02138"


def test_linking_can_be_limited() -> None:
    view = extract_view([A1, A2, A3], quasi=QUASI, key=KEY, link_by=("patient_id",))
    assert len(view.persons) == 3 and not view.links


def test_conflicting_birth_dates_are_reported_and_not_generalized() -> None:
    view = extract_view([B1, B2], quasi=QUASI, key=KEY)
    (conflict,) = view.conflicts
    assert (conflict.attribute, conflict.distinct_values, conflict.mentions) == ("birth_date", 2, 2)
    result = anonymize([B1, B2], AnonymizeOptions(k=1, quasi=QUASI), KEY)
    texts = "\n".join(document.text for document in result.documents)
    assert "7/8/1951" not in texts and "1951" not in texts  # the conflicting value: redacted
    report = result.release.report()
    assert report["conflicts"] == [{"person": view.persons[0].id, "attribute": "birth_date",
                                    "distinct_values": 2, "mentions": 2}]
    assert "1950" not in str(report) and "Wren" not in str(report)


def test_person_without_a_value_is_missing_and_ids_are_keyed() -> None:
    view = extract_view([B1], quasi=QUASI, key=KEY)
    assert view.persons[0].values["zip"] == MISSING
    other = extract_view([B1], quasi=QUASI, key=SecretKey(b"o" * 32))
    assert re.fullmatch(r"P-[0-9a-f]{12}", view.persons[0].id)
    assert view.persons[0].id != other.persons[0].id
    assert "p-b" not in view.persons[0].id


def test_birth_date_context() -> None:
    text = "DOB: 3/4/1950; seen 3/5/2011; Date of birth 1/1/1940; born on 2/2/1930"
    starts = [m.start() for m in re.finditer(r"\d+/\d+/\d{4}", text)]
    assert [is_birth_date(text, start) for start in starts] == [True, False, True, True]


def test_bad_input_and_options() -> None:
    with pytest.raises(InputError, match="occurs twice"):
        extract_view([A1, A1], quasi=QUASI, key=KEY)
    with pytest.raises(ConfigError, match="unknown quasi-identifier"):
        AnonymizeOptions(quasi=("age", "shoe_size"))
    with pytest.raises(ConfigError, match="sensitive"):
        AnonymizeOptions(l=2)
    with pytest.raises(ConfigError, match="linking"):
        AnonymizeOptions(link_by=("fingerprint",))
