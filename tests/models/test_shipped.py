"""The shipped models: present, verified, small, and working on synthetic notes."""

from __future__ import annotations

import json

import pytest

from deidkit.features.prepare import model_arrays
from deidkit.models import DEFAULT_MODELS, SHIPPED_MODELS, load_model, read_model
from deidkit.models.store import folder_size


@pytest.mark.parametrize("name", list(SHIPPED_MODELS))
def test_shipped_model_is_installed_verified_and_small(name: str) -> None:
    saved = read_model(SHIPPED_MODELS[name].path)
    assert folder_size(saved.path) < 35_000_000
    assert saved.metadata["deidkit_version"]
    assert DEFAULT_MODELS[SHIPPED_MODELS[name].lang] == name


def test_english_default_is_the_trained_ensemble() -> None:
    detector = load_model(None, lang="en")
    assert detector.name == "ensemble"
    text = "Seen by Dr. Xylander Quorbit on 3/5/2010; call (617) 555-1234."
    found = {(text[s.start:s.end], s.label) for s in detector.predict_text(text)}
    assert {("Xylander Quorbit", "DOCTOR"), ("3/5/2010", "DATE"),
            ("(617) 555-1234", "PHONE")} <= found


def test_spanish_default_is_a_crf_trained_on_meddocan_and_credits_it() -> None:
    detector = load_model(None, lang="es")
    assert detector.name == "crf"
    metadata = json.loads((SHIPPED_MODELS["es"].path / "metadata.json").read_text())
    assert "MEDDOCAN" in metadata["credit"] and "CC BY 4.0" in metadata["license"]
    assert metadata["training"]["documents"] == 750
    text = ("Datos del paciente.\nNombre: Ramiro.\nApellidos: Quintana Ferrer.\nNHC: 4417263.\n"
            "Fecha de ingreso: 14/02/2017.\nInforme clínico: varón de 63 años que consulta "
            "por disnea. Correo: rquintana@correo.es\n")
    found = {(text[s.start:s.end], s.label) for s in detector.predict_text(text)}
    assert {("Ramiro", "PATIENT"), ("Quintana Ferrer", "PATIENT"),
            ("4417263", "MEDICALRECORD"), ("14/02/2017", "DATE"),
            ("rquintana@correo.es", "EMAIL")} <= found


def test_shipped_crfs_have_the_arrays_of_their_model_file() -> None:
    stale = model_arrays()
    assert not stale, (
        f"{stale[0]} lacks the arrays of its model file (a load parses the file: slower, the "
        "same output); run: .venv/bin/python -m deidkit.features.prepare"
    )
