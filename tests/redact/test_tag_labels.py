"""Tag mode in a chosen label scheme (``--labels``, ``RedactOptions.labels``, the API's
``labels=``, the service's ``settings.labels``), by default the model's own (synthetic text)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

import deidkit
from deidkit.cli.main import main
from deidkit.errors import ConfigError
from deidkit.io import read_documents
from deidkit.redact import deidentify as redact
from deidkit.redact.engine import RedactOptions
from deidkit.types import Span

NOTE = "Kaelin Brevik seen at Nordby Clinic in Ashfield and Oakmere on 04/11/2093."
SPANS = [
    Span(0, 13, "PATIENT"),
    Span(22, 35, "HOSPITAL", source_label="CENTRO_SALUD"),
    Span(39, 47, "CITY"),
    Span(52, 59, "CITY"),
    Span(63, 73, "DATE"),
]
ES_NOTES = {
    "a.txt": "Paciente: Kaelin Brevik Ostrom, de 45 años, ingresado el 12/03/2093.\n",
    "b.txt": "Remitido por la Dra. Ana Ruiz Gil desde el Centro de Salud San Blas el "
    "02/02/2093.\n",
}


def _notes(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "deidkit.labels"]


def test_meddocan_tags_keep_corpus_types_and_announce_a_fallback_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="deidkit.labels"):
        result = redact(NOTE, spans=SPANS, mode="tag",
                        options=RedactOptions(labels="meddocan"))
    assert result.text == (
        "[**NOMBRE_SUJETO_ASISTENCIA**] seen at [**CENTRO_SALUD**] in [**TERRITORIO**] and "
        "[**TERRITORIO**] on [**FECHAS**]."
    )
    assert [s.source_label for s in result.spans] == [
        "NOMBRE_SUJETO_ASISTENCIA", "CENTRO_SALUD", "TERRITORIO", "TERRITORIO", "FECHAS"
    ]
    assert [s.label for s in result.spans] == [s.label for s in SPANS]  # canonical kept
    notes = _notes(caplog)
    assert len(notes) == 1 and "CITY" in notes[0] and "TERRITORIO" in notes[0]
    assert "Ashfield" not in notes[0] and "Oakmere" not in notes[0]


def test_without_a_scheme_tags_stay_canonical_and_templates_see_the_scheme() -> None:
    assert redact(NOTE, spans=SPANS, mode="tag").text.startswith("[**PATIENT**] seen at "
                                                                 "[**HOSPITAL**]")
    xml = redact(NOTE, spans=SPANS[:2], mode="tag",
                 options=RedactOptions(labels="i2b2-2014", tag="xml"))
    assert xml.text.startswith('<PHI TYPE="PATIENT"/> seen at <PHI TYPE="HOSPITAL"/>')
    template = redact(NOTE, spans=SPANS[:1], mode="tag",
                      options=RedactOptions(labels="physionet", tag="[{source_label}|{i2b2}]"))
    assert template.text.startswith("[PTName|PATIENT] seen")


def test_a_label_map_names_the_tags_and_a_bad_scheme_is_refused(tmp_path: Path) -> None:
    label_map = tmp_path / "map.txt"
    label_map.write_text("PERSONA = PATIENT\nSITIO = HOSPITAL\n", encoding="utf-8")
    result = redact(NOTE, spans=SPANS[:2], mode="tag",
                    options=RedactOptions(labels=str(label_map)))
    assert result.text.startswith("[**PERSONA**] seen at [**SITIO**]")
    with pytest.raises(ConfigError, match="--labels"):
        RedactOptions(labels="no-such-scheme")


def test_the_api_writes_the_models_own_scheme_by_default() -> None:
    text = ES_NOTES["b.txt"]
    own = deidkit.deidentify(text, lang="es", mode="tag")
    assert "[**NOMBRE_PERSONAL_SANITARIO**]" in own.text and "[**FECHAS**]" in own.text
    canonical = deidkit.deidentify(text, lang="es", mode="tag", labels="canonical")
    assert "[**DOCTOR**]" in canonical.text and "[**DATE**]" in canonical.text
    given = deidkit.deidentify(text, spans=[Span(71, 81, "DATE")], lang="es", mode="tag")
    assert given.text.endswith("[**DATE**].\n")  # given spans: no model, no scheme


def _es_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "es"
    folder.mkdir()
    for name, text in ES_NOTES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cli_tag_mode_follows_the_models_scheme_unless_labels_says(
    tmp_path: Path, jobs: str
) -> None:
    folder = _es_folder(tmp_path)
    assert main(["deidentify", str(folder), str(tmp_path / "own"), "--lang", "es",
                 "--mode", "tag", "--jobs", jobs]) == 0
    own = (tmp_path / "own" / "b.txt").read_text(encoding="utf-8")
    assert "[**NOMBRE_PERSONAL_SANITARIO**]" in own and "[**FECHAS**]" in own
    assert main(["deidentify", str(folder), str(tmp_path / "canon.jsonl"), "--lang", "es",
                 "--mode", "tag", "--labels", "canonical", "--jobs", jobs]) == 0
    written = list(read_documents(tmp_path / "canon.jsonl"))
    assert "[**DOCTOR**]" in written[1].text and "[**DATE**]" in written[1].text
    assert "NOMBRE_PERSONAL_SANITARIO" not in written[1].text


def test_cli_tags_and_annotations_agree_and_a_fallback_is_noted_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    source = tmp_path / "in.jsonl"
    rows = [{"id": f"n{i}", "text": NOTE, "spans": [s.to_dict() for s in SPANS]}
            for i in range(3)]
    source.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="deidkit.labels"):
        assert main(["deidentify", str(source), str(tmp_path / "out"), "--to", "brat",
                     "--detector", "annotations", "--mode", "tag", "--labels", "meddocan",
                     "--jobs", "2"]) == 0
    text = (tmp_path / "out" / "n0.txt").read_text(encoding="utf-8")
    ann = (tmp_path / "out" / "n0.ann").read_text(encoding="utf-8")
    assert text.startswith("[**NOMBRE_SUJETO_ASISTENCIA**] seen at [**CENTRO_SALUD**]")
    assert [line.split("\t")[1].split()[0] for line in ann.splitlines()] == [
        "NOMBRE_SUJETO_ASISTENCIA", "CENTRO_SALUD", "TERRITORIO", "TERRITORIO", "FECHAS"
    ]
    notes = _notes(caplog)
    assert len(notes) == 1 and "CITY" in notes[0]
    assert main(["deidentify", str(source), str(tmp_path / "plain"), "--to", "text",
                 "--detector", "annotations", "--mode", "tag", "--jobs", "1"]) == 0
    assert (tmp_path / "plain" / "n0.txt").read_text(encoding="utf-8").startswith(
        "[**PATIENT**] seen at [**HOSPITAL**]"
    )  # the input's spans, no --labels: canonical tags as before


def test_the_service_takes_a_scheme_and_defaults_to_the_models() -> None:
    from fastapi.testclient import TestClient  # lazy: the service extra

    from deidkit.service.app import create_app

    client = TestClient(create_app())
    text = ES_NOTES["b.txt"]
    own = client.post("/deidentify", json={"text": text, "lang": "es", "mode": "tag"})
    assert own.status_code == 200 and "[**FECHAS**]" in own.json()["text"]
    chosen = client.post("/deidentify", json={"text": text, "lang": "es", "mode": "tag",
                                              "settings": {"labels": "canonical"}})
    assert chosen.status_code == 200 and "[**DATE**]" in chosen.json()["text"]
    refused = client.post("/deidentify", json={"text": text, "mode": "tag",
                                               "settings": {"labels": "/etc/hosts"}})
    assert refused.status_code == 422
