"""The rules detector as a whole on crafted synthetic notes (English and Spanish); each rule
has its own table in this folder."""

from __future__ import annotations

import pytest

from deidkit.errors import ConfigError
from deidkit.models import build_detector
from deidkit.models.rules import RulesDetector
from deidkit.types import Document

EN = RulesDetector(lang="en")
ES = RulesDetector(lang="es")


def found(detector: RulesDetector, text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detector.predict_text(text)}


def phi_texts(detector: RulesDetector, text: str) -> set[str]:
    return {text[s.start : s.end] for s in detector.predict_text(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # names in the dictionaries
        ("Pt John Smith was admitted overnight.", ("John Smith", "PATIENT")),
        ("Pt Margaret reports nausea.", ("Margaret", "PATIENT")),
        ("Discussed with Margaret in clinic.", ("Margaret", "DOCTOR")),
        ("Seen at Community Hospital in May.", ("Community Hospital", "HOSPITAL")),
        # names out of the dictionaries, found by context
        ("Seen by Dr. Xylander Quorbit today.", ("Xylander Quorbit", "DOCTOR")),
        ("Mrs. Vandersloot was anxious.", ("Vandersloot", "PATIENT")),
        ("Her daughter Zorbetta will visit.", ("Zorbetta", "RELATIVE")),
        ("Health care proxy is Quennell Ardwick.", ("Quennell Ardwick", "RELATIVE")),
        ("Signed: Ilsabet Morrow, MD", ("Ilsabet Morrow", "DOCTOR")),
        ("Patient name: Ovrin Talcott", ("Ovrin Talcott", "PATIENT")),
        # ambiguous words used as names
        ("Will follow up with Dr. Brown next week.", ("Brown", "DOCTOR")),
        ("Mr. Foley denies pain.", ("Foley", "PATIENT")),
        # places and hospitals
        ("Transferred from Mercy Hospital overnight.", ("Mercy Hospital", "HOSPITAL")),
        ("Previously treated at Massachusetts General Hospital.",
         ("Massachusetts General Hospital", "HOSPITAL")),
        ("She lives in Springfield with her husband.", ("Springfield", "CITY")),
        ("Moved here from Chicago last year.", ("Chicago", "CITY")),
        ("Address: 123 Main Street, Apt 4B", ("123 Main Street, Apt 4B", "STREET")),
        # patterns through the detector
        ("Admitted 3/5/2010 with chest pain.", ("3/5/2010", "DATE")),
        ("Admitted January 5, 2010.", ("January 5, 2010", "DATE")),
        ("Call (617) 555-1234 with results.", ("(617) 555-1234", "PHONE")),
        ("Fax 617-555-9876 to the clinic.", ("617-555-9876", "FAX")),
        ("MRN: 00123456", ("00123456", "MEDICALRECORD")),
        ("SSN 123-45-6789 on file.", ("123-45-6789", "SSN")),
        ("Email jdoe@example.org for records.", ("jdoe@example.org", "EMAIL")),
        ("A 93 year old woman.", ("93", "AGE")),
        ("Lives alone in Wildwood, MO with a cat.", ("Wildwood", "CITY")),
        ("Lives alone in Wildwood, MO with a cat.", ("MO", "STATE")),
        ("Bed A14, Room: 27.", ("A14", "ROOM")),
        ("Tricare ID 735-29-4803Q on file.", ("735-29-4803Q", "IDNUM")),
        ("On 5-22, he underwent a biopsy.", ("5-22", "DATE")),
        ("Colonoscopy 2010 showed polyps.", ("2010", "DATE")),
    ],
)
def test_english_phi_is_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(EN, text)


@pytest.mark.parametrize(
    "text",
    [
        "Brown stool noted, no melena.",
        "Foley catheter placed without difficulty.",
        "History of Parkinson's disease and Graves disease.",
        "Swan-Ganz catheter removed.",
        "May need more fluids; will reassess.",
        "Patient is a man with BP 132/84 and HR 80.",
        "2/6 systolic murmur; motor 5/5; pain 7/10.",
        "Take 1/2 tab daily; dose 10-15 mg.",
        "General Hospital policy was reviewed.",
        "NPO after midnight. CBC, BMP, LFTs pending.",
        "Hope to discharge home tomorrow.",
        "In the ED, vitals were Temp 97.1 F, pulse 80.",
        "Penrose drain removed; high Fowler's position.",
        "Gilbert's syndrome; Jackson-Pratt drain in place.",
        "GEN: A&Ox3. NEURO: nonfocal.",
        "s/p cefepime day 4/9; nodes 3/12 involved.",
        "Meds due from 1900-0700; 2000 hrs dose given.",
    ],
)
def test_english_non_phi_is_left_alone(text: str) -> None:
    assert found(EN, text) == set()


def test_caseless_notes_need_more_than_a_surname() -> None:
    lower = ("pt resting comfortably. gu: foley draining clear yellow urine. lungs clear. "
             "will continue to monitor overnight. wife at bedside, updated on plan of care.")
    assert found(EN, lower) == set()
    upper = ("PT RESTING. GI: OGT TO GRAVITY W/ 233 CC BILIOUS OUTPUT. FOLEY DRAINING. "
             "WIFE IN TO VISIT AND UPDATED BY RN. WILL CONTINUE TO MONITOR CLOSELY.")
    assert found(EN, upper) == set()


def test_credential_after_a_name_is_not_a_state() -> None:
    text = "Signed by Erick Kohler, MD today."
    assert found(EN, text) == {("Erick Kohler", "DOCTOR")}


def test_names_are_not_taken_from_lower_case_common_words() -> None:
    text = "will see her in the morning; mark the site; bill the insurer."
    assert found(EN, text) == set()


def test_every_age_by_default_or_only_over_89() -> None:
    text = "A 45 year old man and his 93 year old mother."
    assert {("45", "AGE"), ("93", "AGE")} <= found(EN, text)
    assert found(RulesDetector(ages="over_89"), text) == {("93", "AGE")}


def test_times_only_when_asked() -> None:
    text = "Seen at 10:30 pm."
    assert found(EN, text) == set()
    assert ("10:30 pm", "DATE") in found(RulesDetector(times=True), text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nombre: Ernesto.\nApellidos: Rivera Bueno.", ("Rivera Bueno", "PATIENT")),
        ("Médico: Ignacio Navarro Cuéllar NºCol: 28 28 70973.",
         ("Ignacio Navarro Cuéllar", "DOCTOR")),
        ("Médico: Ignacio Navarro Cuéllar NºCol: 28 28 70973.", ("28 28 70973", "LICENSE")),
        ("Domicilio: Calle Miguel Benitez 90.", ("Calle Miguel Benitez 90", "STREET")),
        ("Remitido por: Dra. Rosa María Jiménez Rodríguez. Servicio de Urología.",
         ("Rosa María Jiménez Rodríguez", "DOCTOR")),
        ("Ingresó en el Hospital Universitario La Paz por disnea.",
         ("Hospital Universitario La Paz", "HOSPITAL")),
        ("Paciente de 70 años de edad.", ("70 años", "AGE")),
        ("Fecha de ingreso: 12/12/2016.", ("12/12/2016", "DATE")),
        ("Vive en Valladolid con su esposa.", ("Valladolid", "CITY")),
        ("Edad: 53 años Sexo: H.", ("H", "SEX")),
    ],
)
def test_spanish_phi_is_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(ES, text)


@pytest.mark.parametrize(
    "text",
    [
        "Carcinoma renal de células claras grado 2 de Fuhrman.",
        "Linfoma de Hodgkin en remisión.",
        "Paresia 4/5 en la pierna izquierda.",
        "Diabetes de 20 años de evolución.",
    ],
)
def test_spanish_non_phi_is_left_alone(text: str) -> None:
    assert found(ES, text) == set()


def test_predict_keeps_documents_and_replaces_spans() -> None:
    doc = Document(id="n1", text="Seen by Dr. Smith on 3/5/2010.", note_type="progress")
    (out,) = EN.predict([doc])
    assert out.id == "n1" and out.text == doc.text and out.note_type == "progress"
    assert {s.source for s in out.spans} == {"rules"}
    assert all(s.score is None for s in out.spans)


def test_rules_need_no_training_and_validate_parameters() -> None:
    detector = build_detector("rules", {"lang": "es", "times": "true"})
    assert isinstance(detector, RulesDetector) and detector.times is True
    with pytest.raises(ConfigError, match="ages"):
        RulesDetector(ages="some").predict_text("x")
    with pytest.raises(ConfigError, match="language"):
        RulesDetector(lang="fr").predict_text("x")
