"""Golden files: each mode on a few synthetic notes (tests/redact/golden/).

The inputs are built from the templates below (all PHI is invented). Outputs are compared
with ``golden/<case>.txt``; spans of the surrogate output with ``golden/surrogate.jsonl``.
When a deliberate change alters them (e.g. new name lists), regenerate with
``DEIDKIT_UPDATE_GOLDEN=1 .venv/bin/pytest tests/redact/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deidkit.redact import CorpusResult, RedactOptions, deidentify
from deidkit.types import Document

from .notes import note

GOLDEN = Path(__file__).parent / "golden"
KEY = b"golden-file-key-do-not-change"
UPDATE = os.environ.get("DEIDKIT_UPDATE_GOLDEN") == "1"

DISCHARGE = (
    "DISCHARGE SUMMARY\n"
    "Patient: {PATIENT:Smith, John A.}   MRN: {MEDICALRECORD:004-55-2198}\n"
    "Admitted: {DATE:03/14/2012}   Discharged: {DATE:March 20, 2012}\n"
    "Attending: {DOCTOR:Dr. Alice Wong}, {HOSPITAL:Saint Brigid Medical Center}\n\n"
    "HISTORY OF PRESENT ILLNESS: Mr. {PATIENT:Smith} is a {AGE:92}-year-old retired "
    "{PROFESSION:machinist} from {CITY:Dayton}, {STATE:OH} who presented on {DATE:3/14/2012} "
    "with chest pain. His daughter {RELATIVE:Karen} ({PHONE:(937) 555-0142}) was present. "
    "He lives at {STREET:4410 Wren Hollow Road}, {CITY:Dayton} {ZIP:45402}.\n"
    "Follow up with {DOCTOR:Wong} on the {DATE:14th of April, 2012}. "
    "E-mail: {EMAIL:jsmith1947@gmail.com}. Portal: {URL:www.brigidhealth.org/portal}.\n"
    "SSN {SSN:123-45-6789}. {PATIENT:J. Smith} agreed with the plan.\n"
)
NURSING = (
    "nursing progress note {DATE:3/15/12} 0300\n"
    "pt {PATIENT:john smith} resting, wife {RELATIVE:mary} at bedside. "
    "CALLED DR {DOCTOR:WONG} RE: K 3.1. foley draining. "
    "family asks to transfer to {HOSPITAL:MERCY HOSPITAL} in {CITY:springfield} on "
    "{DATE:Tuesday, March 20}. pt states he was born {DATE:1919}.\n"
)
SPANISH = (
    "Paciente: {PATIENT:María Isabel Durán Muñoz}. Sexo: {SEX:Mujer}. "
    "Edad: {AGE:93 años}. NHC: {MEDICALRECORD:4763954}.\n"
    "Fecha de ingreso: {DATE:14/03/2012}. Domicilio: {STREET:Calle Losada Martí 23, 5 B}, "
    "{LOCATION_OTHER:28036} {LOCATION_OTHER:Madrid} ({COUNTRY:España}).\n"
    "Remitida por el Dr. {DOCTOR:Josep Rubio Palau} del {HOSPITAL:Hospital Universitario La Paz} "
    "el {DATE:14 de marzo de 2012}. Correo: {EMAIL:mduran@hotmail.com}. "
    "Su {RELATIVE:madre} reside en {LOCATION_OTHER:Extremadura}.\n"
)


def inputs(lang: str) -> list[Document]:
    if lang == "es":
        return [note(SPANISH, id="es1", patient_id="P-ES")]
    return [
        note(DISCHARGE, id="en1", patient_id="P-EN", note_date="2012-03-20"),
        note(NURSING, id="en2", patient_id="P-EN"),
    ]


CASES: dict[str, tuple[str, RedactOptions]] = {
    "surrogate": ("en", RedactOptions(mode="surrogate")),
    "surrogate-es": ("es", RedactOptions(mode="surrogate", lang="es")),
    "surrogate-age": ("en", RedactOptions(mode="surrogate", age_policy="surrogate")),
    "tag": ("en", RedactOptions(mode="tag")),
    "tag-xml": ("en", RedactOptions(mode="tag", tag="xml")),
    "tag-numbered": ("en", RedactOptions(mode="tag", tag="numbered")),
    "placeholder": ("en", RedactOptions(mode="placeholder")),
    "remove": ("en", RedactOptions(mode="remove")),
    "mask": ("en", RedactOptions(mode="mask")),
    "tag-es": ("es", RedactOptions(mode="tag", lang="es", tag="{source_label}")),
}


def _render(documents: tuple[Document, ...]) -> str:
    return "".join(f"=== {doc.id} ===\n{doc.text}" for doc in documents)


@pytest.mark.parametrize("case", sorted(CASES))
def test_mode_output_matches_the_golden_file(case: str) -> None:
    lang, options = CASES[case]
    result = deidentify(inputs(lang), key=KEY, options=options)
    assert isinstance(result, CorpusResult)
    rendered = _render(result.documents)
    path = GOLDEN / f"{case}.txt"
    if UPDATE:
        path.write_text(rendered, encoding="utf-8", newline="")
    assert rendered == path.read_text(encoding="utf-8")


def test_surrogate_output_keeps_its_annotations() -> None:
    result = deidentify(inputs("en"), key=KEY)
    assert isinstance(result, CorpusResult)
    lines = [json.dumps(doc.to_dict(), ensure_ascii=False) for doc in result.documents]
    path = GOLDEN / "surrogate.jsonl"
    if UPDATE:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")
    expected = [Document.from_dict(json.loads(line)) for line in path.read_text().splitlines()]
    assert list(result.documents) == expected
    for before, after in zip(inputs("en"), result.documents, strict=True):
        assert [s.label for s in before.spans] == [s.label for s in after.spans]


def test_the_golden_surrogates_replace_every_phi_string() -> None:
    for lang in ("en", "es"):
        originals = inputs(lang)
        result = deidentify(originals, key=KEY, lang=lang)
        assert isinstance(result, CorpusResult)
        for before, after in zip(originals, result.documents, strict=True):
            for old, new in zip(before.spans, after.spans, strict=True):
                kept = old.label in ("SEX", "RELATIVE") and before.span_text(old) in (
                    "Mujer", "madre"
                )  # fmt: skip
                if not kept:
                    assert after.span_text(new) != before.span_text(old), old
