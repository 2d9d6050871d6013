"""Rule ``registered_names``: newborns' and unidentified patients' registered names."""

from __future__ import annotations

import pytest

from deidkit.models.rules import registrations

from .helpers import found_by


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Registered as QUORBIT-BELL, BOY A. To Team A.", {("QUORBIT-BELL", "PATIENT")}),
        ("Twin 2 (Quorbit, Baby Girl 2, bed 16); Zorb, girl",
         {("Quorbit", "PATIENT"), ("Zorb", "PATIENT")}),
        ("pt TRAUMA, OSPREY / QUORBIT, KEZIAH", {("TRAUMA, OSPREY", "PATIENT")}),
        ("| 822 | DISASTER,QUYJOA | unk |\nFamily of DISASTER, ZORB W at the family room",
         {("DISASTER,QUYJOA", "PATIENT"), ("DISASTER, ZORB W", "PATIENT")}),
        # common and medical words before the comma, lower case, an alias not in capitals
        ("Term, baby girl; Preterm, boy A; cellulitis, boy; nurse, girl; Trauma, bay 2",
         set()),
        ("quorbit, boy a; TRAUMA, 2", set()),
    ],
)
def test_registered_names_rule(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((registrations.REGISTERED_NAMES,), text) == expected


def test_other_languages_are_left() -> None:
    assert found_by((registrations.REGISTERED_NAMES,), "QUORBIT, BOY A", lang="es") == set()
