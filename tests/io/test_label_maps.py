"""User label maps, unknown labels and output label schemes (synthetic text only)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.errors import ConfigError, InputError
from deidkit.io import read_documents, write_documents
from deidkit.io.schemes import LabelMap, load_label_map, output_scheme, relabel
from deidkit.types import Document, Span

NOTE = "Seen by Halvard Ostrom at Nordby Clinic on 04/11/2093 in Ashfield.\n"
MADE_UP = (
    "T1\tPERSONA 8 22\tHalvard Ostrom\n"
    "T2\tSITIO_MEDICO 26 39\tNordby Clinic\n"
    "T3\tFECHA_X 43 53\t04/11/2093\n"
)
MAP = {"PERSONA": "doctor", "SITIO_MEDICO": "HOSPITAL", "FECHA_X": "DATE"}


def _corpus(tmp_path: Path, ann: str = MADE_UP, name: str = "in") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "a.txt").write_text(NOTE, encoding="utf-8")
    (folder / "a.ann").write_text(ann, encoding="utf-8")
    return folder


def test_unknown_label_names_file_line_and_option_never_the_label(tmp_path: Path) -> None:
    folder = _corpus(tmp_path)
    with pytest.raises(InputError) as caught:
        list(read_documents(folder, "brat"))
    message = str(caught.value)
    assert "a.ann, line 1" in message and "--label-map" in message
    assert "PERSONA" not in message and "\n" not in message


@pytest.mark.parametrize(
    ("suffix", "text"),
    [
        (".json", json.dumps(MAP)),
        (".yaml", "PERSONA: doctor\nSITIO_MEDICO: HOSPITAL\nFECHA_X: DATE\n"),
        (".txt", "# made-up labels\nPERSONA = doctor\nSITIO_MEDICO = HOSPITAL\nFECHA_X = DATE\n"),
    ],
)
def test_a_user_map_round_trips_made_up_labels_unchanged(
    tmp_path: Path, suffix: str, text: str
) -> None:
    folder = _corpus(tmp_path)
    map_file = tmp_path / f"map{suffix}"
    map_file.write_text(text, encoding="utf-8")
    documents = list(read_documents(folder, "brat", label_map=map_file))
    spans = documents[0].spans
    assert [(s.label, s.source_label) for s in spans] == [
        ("DOCTOR", "PERSONA"), ("HOSPITAL", "SITIO_MEDICO"), ("DATE", "FECHA_X")
    ]
    write_documents(documents, tmp_path / "out", "brat")
    assert (tmp_path / "out" / "a.ann").read_text(encoding="utf-8") == MADE_UP


def test_ignore_drops_the_spans_and_drop_policy_drops_unknown_ones(tmp_path: Path) -> None:
    folder = _corpus(tmp_path)
    mapped = list(read_documents(folder, "brat", label_map={**MAP, "SITIO_MEDICO": "ignore"}))
    assert [s.label for s in mapped[0].spans] == ["DOCTOR", "DATE"]
    dropped = list(read_documents(folder, "brat", label_map={"FECHA_X": "DATE"},
                                  unknown_labels="drop"))
    assert [(s.label, s.source_label) for s in dropped[0].spans] == [("DATE", "FECHA_X")]


def test_bad_map_entries_name_the_line_not_the_value(tmp_path: Path) -> None:
    bad = tmp_path / "map.txt"
    bad.write_text("PERSONA = DOCTOR\nSITIO = NOT_A_LABEL_XYZ\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_label_map(bad)
    assert "entry 2" in str(caught.value) and "NOT_A_LABEL_XYZ" not in str(caught.value)
    bad.write_text("PERSONA DOCTOR\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="line 1"):
        load_label_map(bad)


def test_cli_label_map_and_model_detect_ignores_unknown_input_labels(tmp_path: Path) -> None:
    folder = _corpus(tmp_path)
    map_file = tmp_path / "map.json"
    map_file.write_text(json.dumps(MAP), encoding="utf-8")
    assert main(["convert", str(folder), str(tmp_path / "x.jsonl")]) == 1
    assert main(["convert", str(folder), str(tmp_path / "x.jsonl"),
                 "--label-map", str(map_file)]) == 0
    line = json.loads((tmp_path / "x.jsonl").read_text(encoding="utf-8"))
    assert [s["source_label"] for s in line["spans"]] == ["PERSONA", "SITIO_MEDICO", "FECHA_X"]
    assert main(["detect", str(folder), str(tmp_path / "det"), "--lang", "es",
                 "--to", "brat", "--jobs", "1"]) == 0


def _spans_document() -> Document:
    return Document("d", NOTE, (
        Span(8, 22, "DOCTOR"),
        Span(26, 39, "HOSPITAL", source_label="CENTRO_SALUD"),
        Span(43, 53, "DATE"),
        Span(57, 65, "CITY"),
    ))


def test_meddocan_output_keeps_corpus_types_and_announces_nearest_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="deidkit.labels"):
        write_documents([_spans_document(), _spans_document().__class__(
            "e", NOTE, (Span(57, 65, "CITY"),))], tmp_path / "out", "brat", labels="meddocan")
    lines = (tmp_path / "out" / "d.ann").read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[1].split()[0] for line in lines] == [
        "NOMBRE_PERSONAL_SANITARIO", "CENTRO_SALUD", "FECHAS", "TERRITORIO"
    ]
    notes = [record.getMessage() for record in caplog.records]
    assert len(notes) == 1 and "CITY" in notes[0] and "TERRITORIO" in notes[0]
    assert "Ashfield" not in notes[0]
    read_back = list(read_documents(tmp_path / "out", "brat"))
    assert [s.label for s in read_back[0].spans] == ["DOCTOR", "HOSPITAL", "DATE",
                                                     "LOCATION_OTHER"]


def test_canonical_and_map_schemes(tmp_path: Path) -> None:
    scheme = output_scheme("canonical")
    assert [scheme.label_for(s)[0] for s in _spans_document().spans] == [
        "DOCTOR", "HOSPITAL", "DATE", "CITY"
    ]
    user = output_scheme(LabelMap.from_dict(MAP))
    relabelled = next(relabel(iter([_spans_document()]), user))
    assert [s.source_label for s in relabelled.spans] == [
        "PERSONA", "SITIO_MEDICO", "FECHA_X", "CITY"
    ]


def test_labels_clash_with_a_format_of_its_own(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--labels"):
        write_documents([_spans_document()], tmp_path / "o.xml", "i2b2-2006", labels="meddocan")


@pytest.mark.slow
def test_a_trained_model_keeps_its_label_map_and_writes_its_labels(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    assert main(["synth", "--out", str(corpus), "--n", "15", "--to", "brat"]) == 0
    for ann in corpus.glob("*.ann"):
        ann.write_text(ann.read_text(encoding="utf-8").replace("\tDOCTOR ", "\tMEDICO_X "),
                       encoding="utf-8")
    map_file = tmp_path / "map.txt"
    map_file.write_text("MEDICO_X = DOCTOR\n", encoding="utf-8")
    model = tmp_path / "model"
    assert main(["train", "--model", "crf", "--corpus", str(corpus), "--out", str(model),
                 "--label-map", str(map_file), "--set", "max_iterations=20"]) == 0
    metadata = json.loads((model / "metadata.json").read_text(encoding="utf-8"))
    assert metadata["label_scheme"] == "map"
    assert metadata["label_map"] == {"MEDICO_X": "DOCTOR"}
    assert metadata["labels"]["MEDICO_X"] == "DOCTOR"
    assert main(["detect", str(corpus), str(tmp_path / "out"), "--model", str(model),
                 "--to", "brat"]) == 0
    written = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").glob("*.ann"))
    assert "\tMEDICO_X " in written and "\tDOCTOR " not in written
    assert main(["detect", str(corpus), str(tmp_path / "out.jsonl"), "--model", str(model)]) == 0
    found = [s for d in read_documents(tmp_path / "out.jsonl") for s in d.spans]
    assert {s.source_label for s in found if s.label == "DOCTOR"} == {"MEDICO_X"}
    assert main(["deidentify", str(corpus), str(tmp_path / "tagged"), "--to", "text",
                 "--model", str(model), "--mode", "tag"]) == 0
    tagged = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "tagged").glob("*.txt"))
    assert "[**MEDICO_X**]" in tagged and "[**DOCTOR**]" not in tagged


@pytest.mark.parametrize(("fmt", "target"), [("jsonl", "x.jsonl"), ("csv", "x.csv"),
                                             ("inline", "inl"), ("brat", "br")])
def test_made_up_labels_survive_every_format_that_holds_labels(
    tmp_path: Path, fmt: str, target: str
) -> None:
    documents = list(read_documents(_corpus(tmp_path), "brat", label_map=MAP))
    write_documents(documents, tmp_path / target, fmt)
    again = list(read_documents(tmp_path / target, fmt, label_map=MAP))
    assert [(s.start, s.end, s.label, s.source_label) for s in again[0].spans] == [
        (s.start, s.end, s.label, s.source_label) for s in documents[0].spans
    ]
