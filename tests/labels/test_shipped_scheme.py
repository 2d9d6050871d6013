"""The shipped Spanish model writes MEDDOCAN's own types by default (synthetic text)."""

from __future__ import annotations

import json
from pathlib import Path

from deidkit.cli.main import main
from deidkit.labels import MEDDOCAN
from deidkit.models.registry import SHIPPED_MODELS

NOTE = (
    "Paciente: Rosa Quintana Ferrer. Edad: 54 años. Sexo: Mujer.\n"
    "Ingresa el 12 de marzo de 2016 en el Hospital General de Elda (Alicante, España).\n"
    "Remitida por la Dra. Elena Soler Vidal. Correo: rquintana@correo.es\n"
)


def test_the_es_model_names_its_scheme_and_writes_meddocan_types(tmp_path: Path) -> None:
    metadata = json.loads((SHIPPED_MODELS["es"].path / "metadata.json").read_text())
    assert metadata["label_scheme"] == "meddocan"
    notes = tmp_path / "notas"
    notes.mkdir()
    (notes / "n1.txt").write_text(NOTE, encoding="utf-8")
    assert main(["detect", str(notes), str(tmp_path / "out"), "--lang", "es",
                 "--to", "brat"]) == 0
    types = [line.split("\t")[1].split()[0]
             for line in (tmp_path / "out" / "n1.ann").read_text(encoding="utf-8").splitlines()]
    assert types and all(name in MEDDOCAN for name in types)
    assert "FECHAS" in types and "CORREO_ELECTRONICO" in types
    assert main(["detect", str(notes), str(tmp_path / "canon"), "--lang", "es", "--to", "brat",
                 "--labels", "canonical"]) == 0
    canonical = (tmp_path / "canon" / "n1.ann").read_text(encoding="utf-8")
    assert "\tDATE " in canonical and "FECHAS" not in canonical
