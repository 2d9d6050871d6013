"""Corpus labels a statistical model learns beside the canonical ones (synthetic text)."""

from __future__ import annotations

from deidkit.labels import corpus_tag, split_corpus_tag
from deidkit.models.spans import bio_tags, spans_from_bio
from deidkit.text import tokenize
from deidkit.types import Span


def test_shared_and_user_labels_are_learnt_and_one_to_one_labels_stay_canonical() -> None:
    assert corpus_tag("HOSPITAL", "CENTRO_SALUD") == "HOSPITAL=CENTRO_SALUD"
    assert corpus_tag("HOSPITAL", "HOSPITAL") == "HOSPITAL"
    assert corpus_tag("IDNUM", "ID_EMPLEO_PERSONAL_SANITARIO") == (
        "IDNUM=ID_EMPLEO_PERSONAL_SANITARIO"
    )
    assert corpus_tag("IDNUM", "OTRO_NUMERO_IDENTIF") == "IDNUM"
    assert corpus_tag("DATE", "FECHAS") == "DATE"
    assert corpus_tag("LOCATION_OTHER", "LOCATION-OTHER") == "LOCATION_OTHER"
    assert corpus_tag("PATIENT", "NAME:PATIENT") == "PATIENT"
    assert corpus_tag("PATIENT", "patient") == "PATIENT"  # inline tags, any case
    assert corpus_tag("DOCTOR", "MEDICO_X") == "DOCTOR=MEDICO_X"  # a user map's label
    assert split_corpus_tag("HOSPITAL=CENTRO_SALUD") == ("HOSPITAL", "CENTRO_SALUD")
    assert split_corpus_tag("DATE") == ("DATE", None)


def test_bio_tags_carry_corpus_labels_and_decode_back_to_both() -> None:
    text = "Derivado al Centro de Salud Norte y al Hospital Sur el lunes."
    gold = [
        Span(12, 33, "HOSPITAL", source_label="CENTRO_SALUD"),
        Span(39, 51, "HOSPITAL", source_label="HOSPITAL"),
    ]
    tokens = tokenize(text)
    tags = bio_tags(tokens, gold)
    assert "B-HOSPITAL=CENTRO_SALUD" in tags and "B-HOSPITAL" in tags
    decoded = spans_from_bio(tokens, tags, source="crf")
    assert [(s.start, s.end, s.label, s.source_label) for s in decoded] == [
        (12, 33, "HOSPITAL", "CENTRO_SALUD"), (39, 51, "HOSPITAL", None)
    ]
