"""Format details: detection, PhysioNet layouts, XML entities, CSV options, HIDE tags, label
mapping and output checks. All notes are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.errors import ConfigError, FormatError, OutputError
from deidkit.io import detect_format, read_documents, write_documents
from deidkit.io.labelmap import write_i2b2_2006_label, write_physionet_label
from deidkit.types import Document, Span


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


# --- detection ------------------------------------------------------------------------------


def test_detection_from_suffix_folder_content_and_peek(tmp_path: Path) -> None:
    cases = {
        "a/n.txt": ("Plain note, no tags.", "text"),
        "b/n.txt": ("Seen by <doctor>Quill</doctor>.", "inline"),
        "c/n.txt": ("Seen by Quill.", "brat"),
        "d/r.xml": ('<ROOT>\n<RECORD ID="1">\n<TEXT>x</TEXT>\n</RECORD>\n</ROOT>\n', "i2b2-2006"),
        "e/r.xml": ("<?xml version='1.0'?>\n<deIdi2b2><TEXT>x</TEXT></deIdi2b2>\n", "i2b2-2014"),
        "f/id.text": ("START_OF_RECORD=1||||1||||\nx\n||||END_OF_RECORD\n", "physionet"),
        "g/export.csv": ("id,text\n1,x\n", "csv"),
        "h/notes.jsonl": ('{"id": "1", "text": "x"}\n', "jsonl"),
        "i/records.dat": ("START_OF_RECORD=1||||1||||\nx\n||||END_OF_RECORD\n", "physionet"),
    }
    for name, (content, _) in cases.items():
        write(tmp_path / name, content)
    write(tmp_path / "c/n.ann", "T1\tDOCTOR 8 13\tQuill\n")
    for name, (_, expected) in cases.items():
        assert detect_format(tmp_path / name).name == expected, name
        folder = (tmp_path / name).parent
        if expected not in {"csv", "jsonl"} and name != "i/records.dat":
            assert detect_format(folder).name == expected, folder


def test_unknown_layout_asks_for_format(tmp_path: Path) -> None:
    write(tmp_path / "x" / "scan.pdf", b"%PDF-1.4")
    with pytest.raises(FormatError, match="cannot tell the format; pass --format"):
        detect_format(tmp_path / "x")


def test_format_option_overrides_detection(tmp_path: Path) -> None:
    path = write(tmp_path / "n.txt", "Seen by <doctor>Quill</doctor>.")
    [tagged] = read_documents(path)
    [plain] = read_documents(path, "text")
    assert (tagged.text, len(tagged.spans)) == ("Seen by Quill.", 1)
    assert (plain.text, plain.spans) == ("Seen by <doctor>Quill</doctor>.", ())


# --- PhysioNet ------------------------------------------------------------------------------

PN_TEXT = (
    "START_OF_RECORD=12||||3||||\r\n"
    "Pt seen by Dr. Tamsin Rook.\r\n"
    "Wife Odile called 555-0134.\r\n"
    "||||END_OF_RECORD\r\n"
    "\r\n"
    "START_OF_RECORD=12||||4||||02/11/2089\r\n"
    "Quiet night.||||END_OF_RECORD\r\n"
)


def test_physionet_records_offsets_and_categories(tmp_path: Path) -> None:
    write(tmp_path / "id.text", PN_TEXT)
    write(
        tmp_path / "id-phi.phrase",
        "12 3 15 26 HCPName Tamsin Rook\n12 3 34 39 RelativeProxyName Odile\n"
        "12 3 47 55 Phone 555-0134\n",
    )
    write(tmp_path / "id.deid", "Patient 12\tNote 3\n15\t15\t26\n")  # the phrase file wins
    first, second = read_documents(tmp_path)
    assert (first.id, first.patient_id, first.note_id, first.note_date) == ("12-3", "12", "3", None)
    assert first.text == "Pt seen by Dr. Tamsin Rook.\r\nWife Odile called 555-0134.\r\n"
    assert [(first.span_text(s), s.label, s.source_label) for s in first.spans] == [
        ("Tamsin Rook", "DOCTOR", "HCPName"),
        ("Odile", "RELATIVE", "RelativeProxyName"),
        ("555-0134", "PHONE", "Phone"),
    ]
    assert (second.id, second.text, second.note_date) == ("12-4", "Quiet night.", "02/11/2089")


def test_physionet_category_blind_locations(tmp_path: Path) -> None:
    write(tmp_path / "id.text", PN_TEXT)
    write(tmp_path / "id.phi", "\nPatient 12\tNote 3\n15\t15\t26\n47\t47\t55\nPatient 12\tNote 4")
    first, second = read_documents(tmp_path / "id.text")
    assert [(first.span_text(s), s.label, s.source_label) for s in first.spans] == [
        ("Tamsin Rook", "OTHER", None),
        ("555-0134", "OTHER", None),
    ]
    assert second.spans == ()


def test_physionet_writer_layout_and_numbering(tmp_path: Path) -> None:
    documents = [
        Document("visit-a", "Seen by Rook.\n", (Span(8, 12, "DOCTOR"),), patient_id="MRN-77"),
        Document("visit-b", "No events.", patient_id="MRN-77", note_date="03/01/2090"),
        Document("visit-c", "Seen at Harwick\nGeneral.\n", (Span(8, 24, "HOSPITAL"),)),
    ]
    write_documents(documents, tmp_path / "out" / "notes.text", "physionet")
    folder = tmp_path / "out"
    assert (folder / "notes.text").read_text() == (
        "START_OF_RECORD=1||||1||||\nSeen by Rook.\n||||END_OF_RECORD\n"
        "START_OF_RECORD=1||||2||||03/01/2090\nNo events.||||END_OF_RECORD\n"
        "START_OF_RECORD=2||||1||||\nSeen at Harwick\nGeneral.\n||||END_OF_RECORD\n"
    )
    assert (folder / "notes-phi.phrase").read_text() == (
        "1 1 8 12 HCPName Rook\n2 1 8 24 Location Harwick General.\n"
    )
    assert (folder / "notes.deid").read_text() == (
        "Patient 1\tNote 1\n8\t8\t12\nPatient 1\tNote 2\nPatient 2\tNote 1\n8\t8\t24\n"
    )
    back = list(read_documents(folder / "notes.text"))
    assert [(d.id, d.text) for d in back] == [
        ("1-1", documents[0].text),
        ("1-2", documents[1].text),
        ("2-1", documents[2].text),
    ]


def test_physionet_writer_refuses_record_markers_in_text(tmp_path: Path) -> None:
    document = Document("d", "copied line\n||||END_OF_RECORD\nmore\n")
    with pytest.raises(OutputError, match="record marker"):
        write_documents([document], tmp_path / "out", "physionet")
    assert not (tmp_path / "out").exists()


# --- XML ------------------------------------------------------------------------------------


def test_i2b2_2006_entities_and_offsets_on_tag_free_text(tmp_path: Path) -> None:
    path = write(
        tmp_path / "deid.xml",
        '<?xml version="1.0"?>\n<ROOT>\n<RECORD ID="881">\n<TEXT>\n'
        'A&amp;E at <PHI TYPE="HOSPITAL">St. Brigid&apos;s</PHI> &lt;ward 4&gt;&#13;\n'
        'DR <PHI TYPE="DOCTOR">Ysolde &#x4B;ern</PHI>, <PHI TYPE="ID">44-7120</PHI>\n'
        "</TEXT>\n</RECORD>\n</ROOT>\n",
    )
    [document] = read_documents(path)
    assert document.id == "881"
    assert document.text == "\nA&E at St. Brigid's <ward 4>\r\nDR Ysolde Kern, 44-7120\n"
    assert [(document.span_text(s), s.label) for s in document.spans] == [
        ("St. Brigid's", "HOSPITAL"),
        ("Ysolde Kern", "DOCTOR"),
        ("44-7120", "IDNUM"),
    ]
    write_documents([document], tmp_path / "again.xml", "i2b2-2006")
    [again] = read_documents(tmp_path / "again.xml")
    assert again == document


def test_i2b2_2014_keeps_unusual_tags_comments_and_escaped_text(tmp_path: Path) -> None:
    content = (
        '<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT>Mr &lt;Ansel&gt; Brisco'
        "</TEXT>\n<TAGS>\n"
        '<PHI id="P0" start="11" end="17" text="Brisco" TYPE="PATIENT" comment="tag as PHI" />\n'
        "</TAGS>\n</deIdi2b2>\n"
    )
    write(tmp_path / "in" / "d.xml", content)
    [document] = read_documents(tmp_path / "in")
    assert document.text == "Mr <Ansel> Brisco"
    [span] = document.spans
    assert (span.label, span.source_label, span.id) == ("PATIENT", "PHI:PATIENT", "P0")
    write_documents([document], tmp_path / "out", "i2b2-2014")
    written = (tmp_path / "out" / "d.xml").read_text()
    tag = '<PHI id="P0" start="11" end="17" text="Brisco" TYPE="PATIENT" comment="tag as PHI" />'
    assert tag in written


# --- CSV ------------------------------------------------------------------------------------


def test_csv_columns_delimiter_bom_and_metadata(tmp_path: Path) -> None:
    path = write(
        tmp_path / "export.csv",
        "\ufeffNOTE_ID;MRN;NOTE_DATE;BODY;DEPT\n"
        'N-1;77120;2091-04-02;"Seen by Dr. Quill; stable.\r\nPlan: home.";CARD\n'
        "N-2;77120;2091-04-09;Follow-up, no change.;CARD\n",
    )
    options = {
        "text_column": "BODY",
        "id_column": "NOTE_ID",
        "patient_column": "MRN",
        "date_column": "NOTE_DATE",
        "delimiter": ";",
    }
    first, second = read_documents(path, **options)
    assert (first.id, first.patient_id, first.note_date) == ("N-1", "77120", "2091-04-02")
    assert first.text == "Seen by Dr. Quill; stable.\r\nPlan: home."
    assert dict(first.metadata) == {"DEPT": "CARD"}
    out = tmp_path / "back.csv"
    write_documents([first, second], out, "csv", **options)
    assert list(read_documents(out, **options)) == [first, second]
    assert out.read_text().splitlines()[0] == "NOTE_ID;MRN;NOTE_DATE;BODY;DEPT"


def test_csv_without_id_column_numbers_rows_and_tsv_uses_tabs(tmp_path: Path) -> None:
    path = write(tmp_path / "batch.tsv", "text\tward\nNo PHI here.\t5B\nNor here.\t6A\n")
    assert [(d.id, d.text, d.metadata["ward"]) for d in read_documents(path)] == [
        ("batch-1", "No PHI here.", "5B"),
        ("batch-2", "Nor here.", "6A"),
    ]


def test_csv_rejects_unknown_options_and_options_for_other_formats(tmp_path: Path) -> None:
    path = write(tmp_path / "x.csv", "text\nok\n")
    with pytest.raises(ConfigError, match="option 'text_col' does not apply to the csv format"):
        list(read_documents(path, text_col="body"))
    with pytest.raises(ConfigError, match="does not apply to the jsonl format"):
        read_documents(write(tmp_path / "x.jsonl", '{"id": "a", "text": "b"}\n'), text_column="b")


# --- inline (HIDE) --------------------------------------------------------------------------

HIDE_EXAMPLE = (
    "CLINICAL HISTORY: <age>90</age> year old female with a history of B-cell lymphoma "
    "(Marginal zone, <id>SH-02-22222</id>, <date>6/22</date>/01). BP < 120 &amp; stable."
)


def test_inline_reads_hide_tags_and_writes_them_back(tmp_path: Path) -> None:
    path = write(tmp_path / "in" / "report.txt", HIDE_EXAMPLE)
    [document] = read_documents(path)
    assert document.text.startswith("CLINICAL HISTORY: 90 year old female")
    assert document.text.endswith("/01). BP < 120 & stable.")
    assert [(document.span_text(s), s.label, s.source_label) for s in document.spans] == [
        ("90", "AGE", "age"),
        ("SH-02-22222", "IDNUM", "id"),
        ("6/22", "DATE", "date"),
    ]
    write_documents([document], tmp_path / "out", "inline")
    assert (tmp_path / "out" / "report.txt").read_text() == HIDE_EXAMPLE.replace(
        "BP < 120", "BP &lt; 120"
    )


# --- labels and output checks ---------------------------------------------------------------


def test_writers_use_the_source_label_when_it_belongs_to_their_scheme() -> None:
    meddocan = Span(0, 4, "DATE", source_label="FECHAS")
    physionet = Span(0, 4, "DATE", source_label="DateYear")
    relabeled = Span(0, 4, "PATIENT", source_label="HCPName")  # changed after reading
    assert write_i2b2_2006_label(meddocan) == "DATE"
    assert write_physionet_label(physionet) == "DateYear"
    assert write_physionet_label(relabeled) == "PTName"
    assert write_physionet_label(Span(0, 4, "MEDICALRECORD")) == "Other"
    assert write_i2b2_2006_label(Span(0, 4, "MEDICALRECORD")) == "ID"
    assert write_i2b2_2006_label(Span(0, 4, "CITY")) == "LOCATION"


@pytest.mark.parametrize("format_name", ["brat", "i2b2-2014", "inline", "text"])
def test_folder_writers_refuse_duplicate_or_unsafe_ids(tmp_path: Path, format_name: str) -> None:
    twins = [Document("a", "one"), Document("A", "two")]
    with pytest.raises(OutputError, match="two documents have the same id"):
        write_documents(twins, tmp_path / "out", format_name)
    with pytest.raises(OutputError, match="cannot be used as a file name"):
        write_documents([Document("../escape", "x")], tmp_path / "out", format_name)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_folder_writer_refuses_a_file_path(tmp_path: Path) -> None:
    target = write(tmp_path / "taken.txt", "keep me")
    with pytest.raises(OutputError, match="writes a folder but the path is a file"):
        write_documents([Document("a", "b")], target, "brat")
    assert target.read_text() == "keep me"


def test_a_failing_writer_leaves_an_existing_output_untouched(tmp_path: Path) -> None:
    target = tmp_path / "notes.jsonl"
    write_documents([Document("a", "old")], target, "jsonl")

    def documents() -> list[Document]:
        return [Document("b", "new"), Document("../x", "bad")]

    with pytest.raises(OutputError):
        write_documents(documents(), tmp_path / "folder", "text")
    assert target.read_text() == '{"id": "a", "text": "old", "spans": []}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.jsonl"]
