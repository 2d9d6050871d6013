"""Rule ``hl7``: PHI in the fields of HL7 version 2 messages pasted into a note.

A line that starts with a segment name and a bar (``PID|1||K118^^^MERCY^MR||DOE^JANE``) is
a segment: its fields are separated by ``|``, a field's components by ``^`` and its
repetitions by ``~``. Which field of which segment holds a name, an identifier, a date, an
address or a telephone number is HL7's definition (v2.5.1; ``FIELDS``), so the values are
found by position, whatever they look like. Fields not in the table (codes, free-text
comments in ``NTE`` and ``OBX``) are left to the other rules and the model.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import regex

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.note import SOURCE
from deidkit.patterns.spec import Expression
from deidkit.types import Span

SEGMENT = Expression(r"^[A-Z][A-Z0-9]{2}\|", flags=regex.MULTILINE)
"""A segment's name and its first bar at the start of a line."""
_DIGIT = Expression(r"\d")
_LETTER = Expression(r"\p{L}")


@dataclass(frozen=True, slots=True)
class FieldKind:
    """How a field's components are read: ``labels[i]`` labels component ``i + 1`` (None:
    not PHI); a ``provider`` field (HL7's XCN) takes an identifier or a name part in each of
    its first components."""

    labels: tuple[str | None, ...]
    provider: bool = False


def _name(label: str) -> FieldKind:  # XPN: family ^ given ^ middle
    return FieldKind((label, label, label))


def _identifier(label: str) -> FieldKind:  # CX: id ^ check digit ^ scheme ^ authority
    return FieldKind((label, None, None, "HOSPITAL"))


PROVIDER = FieldKind(("IDNUM", "DOCTOR", "DOCTOR", "DOCTOR"), provider=True)  # XCN
DATE = FieldKind(("DATE",))  # TS: yyyymmdd[hhmm...]
ADDRESS = FieldKind(("STREET", "STREET", "CITY", "STATE", "ZIP", "COUNTRY"))  # XAD
PHONE = FieldKind(("PHONE", None, None, None, None, "PHONE", "PHONE"))  # XTN
LOCATION = FieldKind((None, "ROOM", "ROOM", "HOSPITAL"))  # PL: unit ^ room ^ bed ^ facility
FACILITY = FieldKind(("HOSPITAL",))  # HD
ORGANIZATION = FieldKind(("ORGANIZATION",))  # XON

FIELDS: dict[tuple[str, int], FieldKind] = {
    ("MSH", 4): FACILITY, ("MSH", 6): FACILITY, ("MSH", 7): DATE,
    ("EVN", 2): DATE, ("EVN", 6): DATE,
    ("PID", 2): _identifier("MEDICALRECORD"), ("PID", 3): _identifier("MEDICALRECORD"),
    ("PID", 4): _identifier("MEDICALRECORD"), ("PID", 5): _name("PATIENT"),
    ("PID", 6): _name("RELATIVE"), ("PID", 7): DATE, ("PID", 9): _name("PATIENT"),
    ("PID", 11): ADDRESS, ("PID", 13): PHONE, ("PID", 14): PHONE,
    ("PID", 18): _identifier("ACCOUNT"), ("PID", 19): FieldKind(("SSN",)),
    ("PID", 20): FieldKind(("LICENSE",)), ("PID", 29): DATE,
    ("PD1", 4): PROVIDER,
    ("NK1", 2): _name("RELATIVE"), ("NK1", 4): ADDRESS, ("NK1", 5): PHONE, ("NK1", 6): PHONE,
    ("PV1", 3): LOCATION, ("PV1", 6): LOCATION, ("PV1", 7): PROVIDER, ("PV1", 8): PROVIDER,
    ("PV1", 9): PROVIDER, ("PV1", 17): PROVIDER, ("PV1", 19): _identifier("IDNUM"),
    ("PV1", 44): DATE, ("PV1", 45): DATE,
    ("ORC", 2): _identifier("IDNUM"), ("ORC", 3): _identifier("IDNUM"), ("ORC", 9): DATE,
    ("ORC", 12): PROVIDER, ("ORC", 21): ORGANIZATION, ("ORC", 22): ADDRESS, ("ORC", 23): PHONE,
    ("OBR", 2): _identifier("IDNUM"), ("OBR", 3): _identifier("IDNUM"), ("OBR", 6): DATE,
    ("OBR", 7): DATE, ("OBR", 8): DATE, ("OBR", 14): DATE, ("OBR", 16): PROVIDER,
    ("OBR", 22): DATE, ("OBR", 28): PROVIDER,
    ("OBX", 14): DATE, ("OBX", 16): PROVIDER, ("OBX", 19): DATE, ("OBX", 23): ORGANIZATION,
    ("OBX", 24): ADDRESS,
    ("IN1", 4): ORGANIZATION, ("IN1", 5): ADDRESS, ("IN1", 16): _name("PATIENT"),
    ("IN1", 36): FieldKind(("HEALTHPLAN",)),
    ("GT1", 3): _name("PATIENT"), ("GT1", 5): ADDRESS, ("GT1", 6): PHONE,
}
"""(segment, field number) -> how its components are read."""
NOT_AUTHORITIES = frozenset({"MR", "MRN", "PI", "PN", "SS", "SSN", "NPI", "DL", "AN", "HC"})
"""Identifier type codes written where an assigning authority goes: no facility."""


def hl7_spans(scan: Scan) -> list[Span]:
    """The PHI in the known fields of every HL7 segment of the note."""
    text = scan.note.text
    spans: list[Span] = []
    for segment in SEGMENT.compiled.finditer(text):
        line_end = text.find("\n", segment.start())
        line_end = len(text) if line_end < 0 else line_end
        name = text[segment.start() : segment.start() + 3]
        first = 2 if name == "MSH" else 1  # MSH-1 is the bar itself
        for number, start, end in _pieces(text, segment.end(), line_end, "|", first):
            kind = FIELDS.get((name, number))
            if kind is not None:
                spans.extend(_field_spans(text, start, end, kind))
    return spans


def _field_spans(text: str, start: int, end: int, kind: FieldKind) -> Iterator[Span]:
    for _, repetition_start, repetition_end in _pieces(text, start, end, "~", 1):
        components = _pieces(text, repetition_start, repetition_end, "^", 1)
        for number, value_start, value_end in components:
            if number > len(kind.labels):
                break
            value = text[value_start:value_end]
            label = _component_label(value.strip(), kind, number)
            if label is not None:
                value_end -= len(value) - len(value.rstrip())
                yield Span(value_start + len(value) - len(value.lstrip()), value_end, label,
                           source=SOURCE)


def _component_label(value: str, kind: FieldKind, number: int) -> str | None:
    """The label of component ``number`` of a field of ``kind`` holding ``value``."""
    label = kind.labels[number - 1]
    digits = _DIGIT.compiled.search(value) is not None
    letters = _LETTER.compiled.search(value) is not None
    if label is None or not (digits or letters):
        return None
    if kind.provider:  # an identifier, or a part of the provider's name
        return "IDNUM" if digits else "DOCTOR"
    if label == "HOSPITAL" and (value.upper() in NOT_AUTHORITIES or not letters):
        return None
    if label in {"PHONE", "DATE"} and not digits:
        return None
    return label


def _pieces(
    text: str, start: int, end: int, separator: str, first: int
) -> Iterator[tuple[int, int, int]]:
    """(number, start, end) of the pieces of ``text[start:end]`` between ``separator``s,
    numbered from ``first``."""
    number = first
    while True:
        found = text.find(separator, start, end)
        piece_end = end if found < 0 else found
        yield number, start, piece_end
        if found < 0:
            return
        number, start = number + 1, found + 1


RULE = SpanRule("hl7", priority=1, find=hl7_spans)
