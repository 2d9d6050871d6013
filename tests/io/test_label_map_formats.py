"""User label maps in every format that holds labels: made-up labels round-trip unchanged,
the JSON Lines / CSV ``label`` field goes through the map, ``ignore`` drops a span before the
overlap check, and unknown labels are one-line errors (synthetic text only)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.errors import InputError
from deidkit.io import FORMATS, read_documents, write_documents
from deidkit.types import Document, Span

NOTE = "Seen by Halvard Ostrom at Nordby Clinic on 04/11/2093 in Ashfield.\n"
MADE_UP = (
    "T1\tPERSONA 8 22\tHalvard Ostrom\n"
    "T2\tSITIO_MEDICO 26 39\tNordby Clinic\n"
    "T3\tFECHA_X 43 53\t04/11/2093\n"
)
MAP = {"PERSONA": "doctor", "SITIO_MEDICO": "HOSPITAL", "FECHA_X": "DATE"}
EXPECTED = [("DOCTOR", "PERSONA"), ("HOSPITAL", "SITIO_MEDICO"), ("DATE", "FECHA_X")]
LABEL_FORMATS = [name for name in FORMATS if name != "text"]
CORPUS_LABEL_ONLY = [name for name in LABEL_FORMATS if name not in ("jsonl", "csv")]
"""Formats whose only label is the corpus's (JSON Lines and CSV write the canonical label
beside it, so they read back without a map; their label field is tested below)."""


def _made_up_documents(tmp_path: Path) -> list[Document]:
    folder = tmp_path / "made-up"
    folder.mkdir()
    (folder / "a.txt").write_text(NOTE, encoding="utf-8")
    (folder / "a.ann").write_text(MADE_UP, encoding="utf-8")
    documents = list(read_documents(folder, "brat", label_map=MAP))
    # PhysioNet ids are <patient>-<note>: give every format the same numbers
    return [replace(d, id="1-1", patient_id="1", note_id="1") for d in documents]


def _target(tmp_path: Path, fmt: str, name: str) -> Path:
    spec = FORMATS[fmt]
    return tmp_path / (name if spec.writes_folder else name + spec.suffixes[0])


def _files(path: Path) -> dict[str, bytes]:
    if path.is_file():
        return {path.name: path.read_bytes()}
    return {item.name: item.read_bytes() for item in sorted(path.iterdir())}


@pytest.mark.parametrize("fmt", LABEL_FORMATS)
def test_made_up_labels_round_trip_unchanged_with_the_map(tmp_path: Path, fmt: str) -> None:
    first = _target(tmp_path, fmt, "first")
    write_documents(_made_up_documents(tmp_path), first, fmt)
    written = b"".join(_files(first).values()).decode("utf-8")
    for corpus_label in MAP:
        assert corpus_label in written  # the user's labels, not canonical ones
    again = list(read_documents(first, fmt, label_map=MAP))
    assert [(s.label, s.source_label) for s in again[0].spans] == EXPECTED
    assert [(s.start, s.end) for s in again[0].spans] == [(8, 22), (26, 39), (43, 53)]
    second = _target(tmp_path, fmt, "second")
    write_documents(again, second, fmt)
    assert list(_files(second).values()) == list(_files(first).values())


@pytest.mark.parametrize("fmt", CORPUS_LABEL_ONLY)
def test_without_the_map_a_made_up_label_is_a_one_line_error(tmp_path: Path, fmt: str) -> None:
    target = _target(tmp_path, fmt, "out")
    write_documents(_made_up_documents(tmp_path), target, fmt)
    with pytest.raises(InputError) as caught:
        list(read_documents(target, fmt))
    message = str(caught.value)
    assert "--label-map" in message and "\n" not in message
    assert not any(label in message for label in MAP)  # labels from files are not quoted
    assert (target.name if target.is_file() else str(target)) in message
    assert "line " in message


@pytest.mark.parametrize("fmt", CORPUS_LABEL_ONLY)
def test_unknown_labels_can_be_dropped_instead(tmp_path: Path, fmt: str) -> None:
    target = _target(tmp_path, fmt, "out")
    write_documents(_made_up_documents(tmp_path), target, fmt)
    kept = list(read_documents(target, fmt, label_map={"FECHA_X": "DATE"},
                               unknown_labels="drop"))
    assert [(s.label, s.source_label) for s in kept[0].spans] == [("DATE", "FECHA_X")]


def test_an_i2b2_2014_type_under_an_unusual_tag_keeps_its_tag(tmp_path: Path) -> None:
    document = Document("a", NOTE, (Span(8, 22, "DOCTOR", source_label="ID:PERSONA"),))
    write_documents([document], tmp_path / "first", "i2b2-2014")
    written = (tmp_path / "first" / "a.xml").read_text(encoding="utf-8")
    assert '<ID id="P0" start="8" end="22"' in written and 'TYPE="PERSONA"' in written
    again = list(read_documents(tmp_path / "first", "i2b2-2014", label_map=MAP))
    assert [(s.label, s.source_label) for s in again[0].spans] == [("DOCTOR", "ID:PERSONA")]
    write_documents(again, tmp_path / "second", "i2b2-2014")
    assert (tmp_path / "second" / "a.xml").read_text(encoding="utf-8") == written


def test_labels_of_the_format_itself_write_its_scheme_not_the_map(tmp_path: Path) -> None:
    documents = _made_up_documents(tmp_path)
    write_documents(documents, tmp_path / "own.xml", "i2b2-2006", labels="i2b2-2006")
    written = (tmp_path / "own.xml").read_text(encoding="utf-8")
    assert 'TYPE="DOCTOR"' in written and 'TYPE="HOSPITAL"' in written
    assert not any(label in written for label in MAP)


# --- the label field of JSON Lines and CSV ----------------------------------------------------


def _jsonl(tmp_path: Path, spans: list[dict[str, object]]) -> Path:
    path = tmp_path / "in.jsonl"
    lines = [
        json.dumps({"id": "x", "text": "No PHI here."}),
        json.dumps({"id": "a", "text": NOTE, "spans": spans}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _csv(tmp_path: Path, spans: list[dict[str, object]]) -> Path:
    path = tmp_path / "in.csv"
    cell = json.dumps(spans).replace('"', '""')
    path.write_text(f'id,text,spans\r\nx,No PHI here.,\r\na,"{NOTE}","{cell}"\r\n',
                    encoding="utf-8")
    return path


MADE_UP_SPANS: list[dict[str, object]] = [
    {"start": 8, "end": 22, "label": "PERSONA"},
    {"start": 26, "end": 39, "label": "SITIO_MEDICO"},
    {"start": 43, "end": 53, "label": "FECHA_X"},
]


@pytest.mark.parametrize(("make", "line"), [(_jsonl, 2), (_csv, 4)])  # the row's last line
def test_the_label_field_goes_through_the_map(tmp_path: Path, make, line: int) -> None:
    path = make(tmp_path, MADE_UP_SPANS)
    with pytest.raises(InputError) as caught:
        list(read_documents(path))
    message = str(caught.value)
    assert f"{path.name}, line {line}: unknown label" in message
    assert "--label-map" in message and not any(label in message for label in MAP)
    documents = list(read_documents(path, label_map=MAP))
    assert [(s.label, s.source_label) for s in documents[1].spans] == EXPECTED
    ignored = list(read_documents(path, label_map={**MAP, "SITIO_MEDICO": "ignore"}))
    assert [s.source_label for s in ignored[1].spans] == ["PERSONA", "FECHA_X"]


@pytest.mark.parametrize("make", [_jsonl, _csv])
def test_known_scheme_labels_in_the_label_field_keep_their_name(tmp_path: Path, make) -> None:
    spans: list[dict[str, object]] = [
        {"start": 8, "end": 22, "label": "NOMBRE_PERSONAL_SANITARIO"},
        {"start": 43, "end": 53, "label": "DATE", "source_label": "FECHAS"},
    ]
    documents = list(read_documents(make(tmp_path, spans)))
    assert [(s.label, s.source_label) for s in documents[1].spans] == [
        ("DOCTOR", "NOMBRE_PERSONAL_SANITARIO"), ("DATE", "FECHAS")
    ]


# --- ignore before the overlap check ----------------------------------------------------------

OVERLAPPING_ANN = MADE_UP + "T4\tNOMBRE_X 8 15\tHalvard\n"


def _overlapping_corpus(tmp_path: Path, fmt: str) -> Path:
    if fmt in ("jsonl", "csv"):
        spans = [*MADE_UP_SPANS, {"start": 8, "end": 15, "label": "NOMBRE_X"}]
        return (_jsonl if fmt == "jsonl" else _csv)(tmp_path, spans)
    if fmt == "brat":
        folder = tmp_path / "brat"
        folder.mkdir()
        (folder / "a.txt").write_text(NOTE, encoding="utf-8")
        (folder / "a.ann").write_text(OVERLAPPING_ANN, encoding="utf-8")
        return folder
    folder = tmp_path / "i2b2"
    folder.mkdir()
    tags = "\n".join([
        '<NAME id="P0" start="8" end="22" text="Halvard Ostrom" TYPE="PERSONA" comment="" />',
        '<NAME id="P1" start="8" end="15" text="Halvard" TYPE="NOMBRE_X" comment="" />',
        '<DATE id="P2" start="43" end="53" text="04/11/2093" TYPE="FECHA_X" comment="" />',
    ])
    (folder / "a.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT><![CDATA['
        f"{NOTE}]]></TEXT>\n<TAGS>\n{tags}\n</TAGS>\n</deIdi2b2>\n",
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize("fmt", ["brat", "jsonl", "csv", "i2b2-2014"])
def test_an_ignored_span_overlapping_a_kept_one_is_dropped_first(
    tmp_path: Path, fmt: str
) -> None:
    path = _overlapping_corpus(tmp_path, fmt)
    with pytest.raises(InputError, match="overlap"):
        list(read_documents(path, fmt, label_map={**MAP, "NOMBRE_X": "DOCTOR"}))
    documents = list(read_documents(path, fmt, label_map={**MAP, "NOMBRE_X": "ignore"}))
    spans = documents[-1].spans
    assert ("DOCTOR", "PERSONA") in [(s.label, s.source_label) for s in spans]
    assert "NOMBRE_X" not in [s.source_label for s in spans]


def test_model_commands_read_jsonl_with_unknown_labels_and_convert_maps_them(
    tmp_path: Path,
) -> None:
    path = _jsonl(tmp_path, MADE_UP_SPANS)
    assert main(["detect", str(path), str(tmp_path / "det.jsonl"), "--lang", "es",
                 "--jobs", "1"]) == 0
    assert main(["deidentify", str(path), str(tmp_path / "deid.jsonl"), "--lang", "es",
                 "--mode", "tag", "--jobs", "1"]) == 0
    map_file = tmp_path / "map.json"
    map_file.write_text(json.dumps(MAP), encoding="utf-8")
    assert main(["convert", str(path), str(tmp_path / "out"), "--to", "brat"]) == 1
    assert main(["convert", str(path), str(tmp_path / "out"), "--to", "brat",
                 "--label-map", str(map_file)]) == 0
    assert (tmp_path / "out" / "a.ann").read_text(encoding="utf-8") == (
        "T1\tPERSONA 8 22\tHalvard Ostrom\n"
        "T2\tSITIO_MEDICO 26 39\tNordby Clinic\n"
        "T3\tFECHA_X 43 53\t04/11/2093\n"
    )


@pytest.mark.parametrize(("fmt", "target", "expected"), [
    ("i2b2-2006", "o.xml", ["DOCTOR", "LOCATION"]),
    ("physionet", "ph", ["HCPName", "Location"]),
    ("brat", "br", ["HCPName", "Location"]),  # --labels physionet: the same nearest labels
])
def test_formats_of_their_own_scheme_write_and_announce_the_same_nearest_labels(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, fmt: str, target: str,
    expected: list[str],
) -> None:
    text = "Seen by jdoe7 in Ashfield and Ashfield."
    document = Document("1-1", text, (Span(8, 13, "USERNAME"), Span(17, 25, "CITY"),
                                      Span(30, 38, "CITY")), patient_id="1", note_id="1")
    labels = "physionet" if fmt == "brat" else None
    with caplog.at_level("WARNING", logger="deidkit.labels"):
        write_documents([document], tmp_path / target, fmt, labels=labels)
    notes = [r.getMessage() for r in caplog.records if r.name == "deidkit.labels"]
    assert len(notes) == 2 and "USERNAME" in notes[0] and "CITY" in notes[1]
    assert "Ashfield" not in " ".join(notes)
    written = b"".join(_files(tmp_path / target).values()).decode("utf-8")
    for name in expected:
        assert name in written


def test_inline_tags_match_the_map_in_any_case(tmp_path: Path) -> None:
    folder = tmp_path / "inline"
    folder.mkdir()
    (folder / "a.txt").write_text("Seen by <persona>Halvard</persona> and <NOTA>Ostrom</NOTA>.\n",
                                  encoding="utf-8")
    documents = list(read_documents(folder, "inline", label_map={"PERSONA": "DOCTOR",
                                                                 "nota": "ignore"}))
    assert documents[0].text == "Seen by Halvard and Ostrom.\n"
    assert [(s.label, s.source_label) for s in documents[0].spans] == [("DOCTOR", "persona")]


def test_the_nearest_label_table_of_the_docs_is_the_codes() -> None:
    from deidkit.io.schemes import output_scheme
    from deidkit.labels import LABELS

    docs = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text("utf-8")
    header = "| canonical | meddocan | i2b2-2006 | i2b2-2014 | physionet |"
    lines = docs[docs.index(header):].splitlines()
    schemes = header.strip("|").split("|")[1:]
    table: dict[str, list[str]] = {}
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        table[cells[0]] = cells[1:]
    expected: dict[str, list[str]] = {}
    for label in LABELS:
        row = []
        for scheme in schemes:
            name, fallback = output_scheme(scheme.strip()).label_for(Span(0, 1, label))
            row.append(name if fallback else "=")
        if any(cell != "=" for cell in row):
            expected[label] = row
    assert table == expected


def test_parquet_span_labels_go_through_the_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    spans = json.dumps([*MADE_UP_SPANS, {"start": 8, "end": 15, "label": "NOMBRE_X"}])
    path = tmp_path / "notes.parquet"
    pq.write_table(pa.table({"id": ["a"], "text": [NOTE], "spans": [spans]}), path)
    map_file = tmp_path / "map.json"
    map_file.write_text(json.dumps({**MAP, "NOMBRE_X": "ignore"}), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["deidentify", str(path), str(out), "--detector", "annotations",
                 "--mode", "tag", "--jobs", "1"]) == 1  # unknown labels, no map
    error = capsys.readouterr().err
    assert "row 1: unknown label" in error and "--label-map" in error
    assert not any(label in error for label in MAP)
    assert main(["detect", str(path), str(tmp_path / "det.jsonl"), "--lang", "es",
                 "--jobs", "1"]) == 0  # a model's run drops them
    assert main(["deidentify", str(path), str(out), "--detector", "annotations",
                 "--mode", "tag", "--labels", str(map_file), "--label-map", str(map_file),
                 "--jobs", "1"]) == 0
    written = list(read_documents(out))
    assert written[0].text.startswith("Seen by [**PERSONA**] at [**SITIO_MEDICO**]")
    assert [s.source_label for s in written[0].spans] == ["PERSONA", "SITIO_MEDICO", "FECHA_X"]


def test_a_corpus_of_canonical_names_is_canonical_not_meddocan() -> None:
    from deidkit.io.schemes import scheme_of_labels

    assert scheme_of_labels({"HOSPITAL"}) == "canonical"  # a MEDDOCAN name too
    assert scheme_of_labels({"HOSPITAL", "CENTRO_SALUD"}) == "meddocan"
    assert scheme_of_labels({"LOCATION", "ID"}) == "i2b2-2006"
    assert scheme_of_labels({"HCPName"}) == "physionet"
