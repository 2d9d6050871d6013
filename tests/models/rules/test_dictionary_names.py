"""Rule ``dictionary_names``: names from the lists, ambiguous ones only next to a name."""

from __future__ import annotations

import pytest

from deidkit.models.rules import dictionary_names, names

from .helpers import found_by

RULE = (dictionary_names.RULE,)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Pt John Smith was admitted.", "en", {("John Smith", "PATIENT")}),
        # eponymous scales and tests alone; a name joined by a hyphen to a word that is none
        ("Berg not done. Rey Complex Figure 32/36; Lawson IADL 3/8. Forrest IIa ulcer.", "en",
         set()),
        ("Medi-Cal / Medicare: pending", "en", set()),
        ("Seen by Anna Berg and Luis Rey.", "en",
         {("Anna Berg", "PATIENT"), ("Luis Rey", "PATIENT")}),
        ("Pt Margaret reports nausea.", "en", {("Margaret", "PATIENT")}),
        ("Harold J. Finnegan came.", "en", {("Harold J. Finnegan", "PATIENT")}),
        ("Compressions: Ruiz, O'Dowd; Bridget O’Sullivan", "en",
         {("Ruiz", "PATIENT"), ("O'Dowd", "PATIENT"), ("Bridget O’Sullivan", "PATIENT")}),
        ("Seen at 4 O'Clock rounds.", "en", set()),
        ("Dear Doctor O'Sheil,\nSigned by Trevor O'Reardon DO", "en",
         {("O'Sheil", "PATIENT"), ("Trevor O'Reardon", "PATIENT")}),
        ("Visto con Ernesto Rivera.", "es", {("Ernesto Rivera", "PATIENT")}),
        # an ambiguous name alone is not taken; next to a name it is
        ("Brown stool noted.", "en", set()),
        ("Seen with Mark Brown today.", "en", {("Mark Brown", "PATIENT")}),
        # eponyms, measurements, months and weekdays are not names
        ("Foley catheter in place.", "en", set()),
        # languages, religions and clinical words in the surname lists; instruments' names
        ("Religion: Catholic. Needs a Dari interpreter.\nTime | Temp | HR", "en", set()),
        ("Grip 48 kg (Jamar, pos 2); Barlow and Ortolani negative.", "en", set()),
        ("Graves disease is stable.", "en", set()),
        ("Pulse 80, regular.", "en", set()),
        ("Seen Monday in June.", "en", set()),
        ("Linfoma de Hodgkin en remisión.", "es", set()),
        ("Carcinoma grado 2 de Fuhrman.", "es", set()),
        # names seen mostly as eponyms, and clinical abbreviations, need a name beside them
        ("EF 40% by biplane Simpson's. Babinski equivocal.", "en", set()),
        ("Hemostasis with Bovie. Sonographic Murphy +, no Roth spots, healed Pfannenstiel.",
         "en", set()),
        ("Apgar scores 8 and 9; 24 hr Holter monitor; Ao root normal.", "en", set()),
        ("Tanner B4, PH4. Hoffmann positive bilaterally.", "en", set()),
        # kinship words of other languages are no names
        ("Goals: \"Keep Baba home.\" Babcia and Nonna visited.", "en", set()),
        # makers' names that are surnames too: names only beside another name
        ("Zoll AED pads on. Philips CPAP. Drives a Toyota. Ellen Abbott called.", "en",
         {("Ellen Abbott", "PATIENT")}),
        ("Tender at McBurney's point; Hunt-Hess grade 2.", "en", set()),
        ("Seen with Mark Simpson today.", "en", {("Mark Simpson", "PATIENT")}),
        # a name glued to letters after it is part of a longer word
        ("add MiraLAX 17 g daily prn; upload the FreeStyle readings", "en", set()),
        # a note without capitals: a surname alone needs company
        ("pt resting. foley draining clear urine. wife at bedside, updated on plan of care. "
         "will continue to monitor overnight and call with any change.", "en", set()),
    ],
)
def test_dictionary_name_rule(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert found_by(RULE, text, lang) == expected


def test_tokens_named_by_context_are_left_to_the_context_rules() -> None:
    text = "Seen by Dr. John Smith."
    assert found_by(RULE, text) == {("John Smith", "PATIENT")}
    assert found_by((names.TITLES, *RULE), text) == {("John Smith", "DOCTOR")}
