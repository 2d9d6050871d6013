"""Rule ``hl7``: PHI in the fields of HL7 version 2 segments, found by position."""

from __future__ import annotations

import pytest

from deidkit.models.rules import hl7

from .helpers import found_by

RULES = (hl7.RULE,)

MESSAGE = (
    "MSH|^~\\&|LABSYS|QUORBIT MEMORIAL|EHR|QMH|202503090830||ORU^R01|MSG00042|P|2.5.1\n"
    "PID|1||QX-2290415^^^QMH^MR~88123^^^^PI||ZANETTI BRUSK^MAVRA^R||19530614|F||W|"
    "1187 RUE KING O^^SHERBROOKE^QC^J1H 1R4^CAN||(819)555-0133|||FR\n"
    "NK1|1|BRUSK^OLEG|SPO||819-555-0178\n"
    "PV1|1|E|ED^BAY 06^B^QMH||||1770041123^OYELARAN^TEMI^A^^DR|DESROSIERS^ODILE|||URO\n"
    "OBR|1|ORD7710562|F-88^LAB|CBC^Complete blood count|||202503090745\n"
    "OBX|1|NM|HGB^Hemoglobin||11.2|g/dL|12-16|L|||F\n"
    "NTE|1||Called to the ward at 0900."
)


def test_the_fields_of_a_message_are_found_by_position() -> None:
    assert found_by(RULES, MESSAGE) == {
        ("QUORBIT MEMORIAL", "HOSPITAL"), ("QMH", "HOSPITAL"), ("202503090830", "DATE"),
        ("QX-2290415", "MEDICALRECORD"), ("88123", "MEDICALRECORD"),
        ("ZANETTI BRUSK", "PATIENT"), ("MAVRA", "PATIENT"), ("R", "PATIENT"),
        ("19530614", "DATE"), ("1187 RUE KING O", "STREET"), ("SHERBROOKE", "CITY"),
        ("QC", "STATE"), ("J1H 1R4", "ZIP"), ("CAN", "COUNTRY"), ("(819)555-0133", "PHONE"),
        ("BRUSK", "RELATIVE"), ("OLEG", "RELATIVE"), ("819-555-0178", "PHONE"),
        ("BAY 06", "ROOM"), ("B", "ROOM"), ("1770041123", "IDNUM"), ("OYELARAN", "DOCTOR"),
        ("TEMI", "DOCTOR"), ("A", "DOCTOR"), ("DESROSIERS", "DOCTOR"), ("ODILE", "DOCTOR"),
        ("ORD7710562", "IDNUM"), ("F-88", "IDNUM"), ("202503090745", "DATE"),
    }


@pytest.mark.parametrize(
    "text",
    [
        "Plan: PID|1 is not a segment when the line does not start with it",
        "OBX|1|NM|HGB^Hemoglobin||11.2|g/dL|12-16|L|||F",  # codes and values only
        "PID|1||^^^MR||^^",  # empty components; a type code is no facility
        "Result | PID | value",  # a table, not a segment
    ],
)
def test_nothing_outside_the_known_fields(text: str) -> None:
    assert found_by(RULES, text) == set()


def test_a_long_segment_is_read_in_one_pass() -> None:
    text = "PID|" + "|" * 200_000 + "\nNK1|1|" + "^" * 200_000
    assert found_by(RULES, text) == set()
