"""Round trips for every format, conversion between every pair, byte-identical BRAT and i2b2
2014, and MEDDOCAN read from the shared data folder."""

from __future__ import annotations

import filecmp
import itertools
from pathlib import Path

import pytest
from formats_synthetic import documents, span_texts

from deidkit.io import FORMATS, detect_format, read_documents, write_documents
from deidkit.types import Document

MEDDOCAN = Path(__file__).resolve().parents[3] / "shared" / "data" / "meddocan"

SPAN_FORMATS = [name for name, fmt in FORMATS.items() if fmt.carries_spans]
TEXT_FORMATS = [name for name, fmt in FORMATS.items() if not fmt.carries_spans]


def output_path(tmp_path: Path, format_name: str, tag: str = "out") -> Path:
    fmt = FORMATS[format_name]
    return tmp_path / (tag if fmt.writes_folder else f"{tag}{fmt.suffixes[0]}")


def write_read(docs: list[Document], tmp_path: Path, format_name: str, tag: str) -> list[Document]:
    path = output_path(tmp_path, format_name, tag)
    write_documents(docs, path, format_name)
    return list(read_documents(path, format_name))


def full(document: Document) -> dict[str, object]:
    return document.to_dict()


def test_every_format_is_tested() -> None:
    assert set(FORMATS) == {
        "jsonl", "csv", "physionet", "brat", "i2b2-2014", "i2b2-2006", "inline", "text",
    }  # fmt: skip


@pytest.mark.parametrize("format_name", SPAN_FORMATS)
def test_round_trip_keeps_documents_and_spans(tmp_path: Path, format_name: str) -> None:
    synthetic = documents()
    first = write_read(synthetic, tmp_path, format_name, "first")
    assert sorted(map(span_texts, first)) == sorted(map(span_texts, synthetic))
    second = write_read(first, tmp_path, format_name, "second")
    assert [full(document) for document in second] == [full(document) for document in first]


@pytest.mark.parametrize("format_name", SPAN_FORMATS)
def test_round_trip_from_own_format_keeps_labels(tmp_path: Path, format_name: str) -> None:
    """Labels the format can express come back unchanged (source labels included)."""
    first = write_read(documents(), tmp_path, format_name, "first")
    second = write_read(first, tmp_path, format_name, "second")
    for before, after in zip(first, second, strict=True):
        assert [(s.key, s.source_label) for s in before.spans] == [
            (s.key, s.source_label) for s in after.spans
        ]


@pytest.mark.parametrize("format_name", ["jsonl", "csv", "brat", "inline"])
def test_lossless_formats_keep_canonical_labels(tmp_path: Path, format_name: str) -> None:
    synthetic = documents()
    back = write_read(synthetic, tmp_path, format_name, "out")
    assert sorted((d.text, [s.key for s in d.spans]) for d in back) == sorted(
        (d.text, [s.key for s in d.spans]) for d in synthetic
    )


@pytest.mark.parametrize("format_name", TEXT_FORMATS)
def test_text_formats_keep_text_exactly(tmp_path: Path, format_name: str) -> None:
    synthetic = documents()
    back = write_read(synthetic, tmp_path, format_name, "out")
    assert [(d.id, d.text, d.spans) for d in back] == [(d.id, d.text, ()) for d in synthetic]


@pytest.mark.parametrize(
    ("source", "target"), list(itertools.product(SPAN_FORMATS, SPAN_FORMATS + TEXT_FORMATS))
)
def test_conversion_between_formats_keeps_every_span_text(
    tmp_path: Path, source: str, target: str
) -> None:
    synthetic = documents()
    middle = write_read(synthetic, tmp_path, source, "source")
    converted = write_read(middle, tmp_path, target, "target")
    if FORMATS[target].carries_spans:
        assert sorted(map(span_texts, converted)) == sorted(map(span_texts, synthetic))
    else:
        assert sorted(d.text for d in converted) == sorted(d.text for d in synthetic)


@pytest.mark.parametrize("format_name", SPAN_FORMATS + TEXT_FORMATS)
def test_written_output_is_detected_as_its_format(tmp_path: Path, format_name: str) -> None:
    path = output_path(tmp_path, format_name)
    write_documents(documents(), path, format_name)
    if format_name == "text":  # plain text is also what the others fall back to
        assert detect_format(path).name == "text"
    else:
        assert detect_format(path).name == format_name


def assert_same_tree(first: Path, second: Path) -> None:
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    _, mismatch, errors = filecmp.cmpfiles(first, second, names, shallow=False)
    assert (mismatch, errors) == ([], [])


@pytest.mark.parametrize("format_name", ["brat", "i2b2-2014"])
def test_folder_formats_are_byte_identical_after_read_write(
    tmp_path: Path, format_name: str
) -> None:
    first = output_path(tmp_path, format_name, "first")
    write_documents(documents(), first, format_name)
    second = output_path(tmp_path, format_name, "second")
    write_documents(read_documents(first, format_name), second, format_name)
    assert_same_tree(first, second)


I2B2_2014_FILE = """<?xml version="1.0" encoding="UTF-8" ?>
<deIdi2b2>
<TEXT><![CDATA[

Record date: 2071-11-02

Reason for visit: f/u with Dr. Anselm Vickery at Crowhurst Care & Lab.
Mr. O'Dell is 64 y/o, phone 555-0148.
]]></TEXT>
<TAGS>
<DATE id="P0" start="15" end="25" text="2071-11-02" TYPE="DATE" comment="" />
<NAME id="P1" start="58" end="72" text="Anselm Vickery" TYPE="DOCTOR" comment="" />
<LOCATION id="P2" start="76" end="96" text="Crowhurst Care &amp; Lab" TYPE="HOSPITAL" comment="" />
<NAME id="P3" start="102" end="108" text="O'Dell" TYPE="PATIENT" comment="spelling checked" />
<AGE id="P4" start="112" end="114" text="64" TYPE="AGE" comment="" />
<CONTACT id="P5" start="126" end="134" text="555-0148" TYPE="PHONE" comment="" />
</TAGS>
</deIdi2b2>
"""


def test_i2b2_2014_standard_file_is_byte_identical(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "110-02.xml").write_text(I2B2_2014_FILE, encoding="utf-8", newline="")
    [document] = read_documents(source, "i2b2-2014")
    assert [document.span_text(span) for span in document.spans] == [
        "2071-11-02", "Anselm Vickery", "Crowhurst Care & Lab", "O'Dell", "64", "555-0148",
    ]  # fmt: skip
    assert [span.label for span in document.spans][:3] == ["DATE", "DOCTOR", "HOSPITAL"]
    write_documents([document], tmp_path / "out", "i2b2-2014")
    assert (tmp_path / "out" / "110-02.xml").read_bytes() == I2B2_2014_FILE.encode()


BRAT_ANN = (
    "T2\tFECHAS 33 43\t03/05/2088\n"
    "T1\tNOMBRE_SUJETO_ASISTENCIA 11 25\tLeandro Ferrán\n"
    "#1\tAnnotatorNotes T1\tchecked twice\n"
    "T3\tTERRITORIO 56 62;63 68\tVillar Abajo\n"
    "R1\tSame Arg1:T1 Arg2:T3\n"
)
BRAT_TXT = "\ufeffPaciente: Leandro Ferrán, visto 03/05/2088 en Castillo\nVillar\nAbajo.\n"


def test_brat_keeps_bom_offsets_line_order_extra_lines_and_fragments(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "caso-1.txt").write_text(BRAT_TXT, encoding="utf-8", newline="")
    (source / "caso-1.ann").write_text(BRAT_ANN, encoding="utf-8", newline="")
    [document] = read_documents(source)
    assert [(s.id, s.label, s.source_label, document.span_text(s)) for s in document.spans] == [
        ("T1", "PATIENT", "NOMBRE_SUJETO_ASISTENCIA", "Leandro Ferrán"),
        ("T2", "DATE", "FECHAS", "03/05/2088"),
        ("T3", "LOCATION_OTHER", "TERRITORIO", "Villar\nAbajo"),
    ]
    write_documents([document], tmp_path / "out", "brat")
    assert_same_tree(source, tmp_path / "out")


def test_brat_relation_to_a_removed_span_cannot_be_written(tmp_path: Path) -> None:
    from deidkit.errors import OutputError

    source = tmp_path / "in"
    source.mkdir()
    (source / "caso-1.txt").write_text(BRAT_TXT, encoding="utf-8", newline="")
    (source / "caso-1.ann").write_text(BRAT_ANN, encoding="utf-8", newline="")
    [document] = read_documents(source)
    without_t3 = document.with_spans(s for s in document.spans if s.id != "T3")
    with pytest.raises(OutputError, match="R1 refers to T3"):
        write_documents([without_t3], tmp_path / "out", "brat")
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not MEDDOCAN.is_dir(), reason="MEDDOCAN is not in ../shared/data")
@pytest.mark.parametrize(("split", "count"), [("train", 500), ("dev", 250)])
def test_meddocan_is_byte_identical_after_read_write(
    tmp_path: Path, split: str, count: int
) -> None:
    source = MEDDOCAN / split
    out = tmp_path / split
    write_documents(read_documents(source), out, "brat")
    assert len(list(out.glob("*.txt"))) == count
    assert_same_tree(source, out)
