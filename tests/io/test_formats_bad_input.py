"""Bad input: every case gives one line naming the file (and record/line/offset) and a fix,
exits 1 without a traceback, quotes no note text and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from deidkit.cli.main import main

I2B2_2006_UNCLOSED = """<ROOT>
<RECORD ID="6">
<TEXT>
Fine.
</TEXT>
</RECORD>
<RECORD ID="7">
<TEXT>
Seen by <PHI TYPE="DOCTOR">Halvard Ostrom</PHI> on <PHI TYPE="DATE">04/11/2093.
Follow up next week.
</TEXT>
</RECORD>
</ROOT>
"""

I2B2_2014_TEMPLATE = """<?xml version="1.0" encoding="UTF-8" ?>
<deIdi2b2>
<TEXT><![CDATA[Seen by Halvard Ostrom on 04/11/2093.
]]></TEXT>
<TAGS>
<NAME id="P0" start="8" end="22" text="Halvard Ostrom" TYPE="DOCTOR" comment="" />
{tag}
</TAGS>
</deIdi2b2>
"""

NOTE = "Seen by Halvard Ostrom on 04/11/2093.\n"
PHI = ("Halvard", "Ostrom", "04/11/2093")


@dataclass(frozen=True)
class Case:
    """Input files (relative to the input folder), the input to give, the expected message."""

    files: dict[str, str | bytes]
    given: str
    message: str
    format: str | None = None
    secrets: tuple[str, ...] = field(default=PHI)


CASES: dict[str, Case] = {
    "i2b2-2006 unclosed tag": Case(
        {"train.xml": I2B2_2006_UNCLOSED},
        "train.xml",
        "[E100] {in}/train.xml, record 7, line 9: unclosed <PHI> tag (opened at line 9); "
        "add the missing </PHI>",
    ),
    "i2b2-2006 unknown tag": Case(
        {"train.xml": I2B2_2006_UNCLOSED.replace('<PHI TYPE="DOCTOR">', "<NAME>", 1)},
        "train.xml",
        "[E100] {in}/train.xml, record 7, line 9: unknown tag inside <TEXT>; "
        'only <PHI TYPE="..."> and </PHI> may appear in a record text',
    ),
    "i2b2-2006 malformed tag": Case(
        {"train.xml": I2B2_2006_UNCLOSED.replace('TYPE="DATE">', 'TYPE="DATE"', 1)},
        "train.xml",
        "[E100] {in}/train.xml, record 7, line 9: malformed tag inside <TEXT>; "
        "close the tag with '>' or write a literal '<' as &lt;",
    ),
    "i2b2-2006 unknown label": Case(
        {
            "train.xml": I2B2_2006_UNCLOSED.replace("DOCTOR", "CLINICIAN").replace(
                "2093.", "2093</PHI>."
            )
        },
        "train.xml",
        "[E100] {in}/train.xml, record 7, line 9: unknown label (one of 9 characters; labels from "
        "the file are not quoted); map it with --label-map FILE (CORPUS_LABEL = CANONICAL or ig"
        "nore; docs/formats.md), or use one of: "
        "PATIENT, DOCTOR, HOSPITAL, ID, DATE, LOCATION, PHONE, AGE, or a canonical deidkit label",
    ),
    "i2b2-2006 bare ampersand": Case(
        {"train.xml": I2B2_2006_UNCLOSED.replace("Fine.", "Fine & well.")},
        "train.xml",
        "[E100] {in}/train.xml, record 6, line 4: unescaped '&'; "
        "write a literal ampersand as &amp;",
    ),
    "inline unclosed tag": Case(
        {"n1.txt": "Seen by <doctor>Halvard Ostrom on <date>04/11/2093</date>.\n"},
        "n1.txt",
        "[E100] {in}/n1.txt, line 1: tag <date> inside the unclosed tag <doctor> (opened at "
        "line 1); close <doctor> first; tags cannot nest",
        format="inline",
    ),
    "inline unknown tag": Case(
        {"n1.txt": "Seen by <doctor>Halvard</doctor>\n<Ostrom>Ostrom</Ostrom> 04/11/2093.\n"},
        "n1.txt",
        "[E100] {in}/n1.txt, line 2: unknown tag (a <...> name of 6 characters that is not a "
        "PHI label); use a PHI label as tag name (e.g. <patient>, <date>), map it with "
        "--label-map FILE (docs/formats.md), or write < as &lt;",
    ),
    "inline tag left open": Case(
        {"n1.txt": "Seen by <doctor>Halvard</doctor>\non <date>04/11/2093.\n"},
        "n1.txt",
        "[E100] {in}/n1.txt, line 2: unclosed tag <date>; add the missing </date>",
    ),
    "brat offsets past the end": Case(
        {"a.txt": NOTE, "a.ann": "T1\tNOMBRE_PERSONAL_SANITARIO 8 22\tHalvard Ostrom\n"
         "T2\tFECHAS 26 90\t04/11/2093.\n"},
        "",
        "[E100] {in}/a.ann, line 2: span 26-90 ends past the end of the text (length 38); "
        "correct the offsets or give the matching text file",
    ),
    "brat overlapping spans": Case(
        {"a.txt": NOTE, "a.ann": "T1\tNOMBRE_PERSONAL_SANITARIO 8 22\tHalvard Ostrom\n"
         "T2\tNOMBRE_SUJETO_ASISTENCIA 16 22\tOstrom\n"},
        "",
        "[E120] {in}/a.ann: document a: spans 8-22 (DOCTOR) and 16-22 (PATIENT) overlap; "
        "remove or correct one of the two spans",
    ),
    "brat inverted span": Case(
        {"a.txt": NOTE, "a.ann": "T1\tFECHAS 36 26\t04/11/2093\n"},
        "",
        "[E100] {in}/a.ann, line 1: span 36-26 is inverted or empty; a span needs 0 <= start < end",
    ),
    "brat text mismatch": Case(
        {"a.txt": NOTE, "a.ann": "T1\tNOMBRE_PERSONAL_SANITARIO 9 23\tHalvard Ostrom\n"},
        "",
        "[E100] {in}/a.ann, line 1: annotation text does not match the document text at 9-23 "
        "(DOCTOR); correct the offsets, or check that the annotation belongs to this text file",
    ),
    "brat unknown label": Case(
        {"a.txt": NOTE, "a.ann": "T1\tMEDICO 8 22\tHalvard Ostrom\n"},
        "",
        "[E100] {in}/a.ann, line 1: unknown label (one of 6 characters; labels from the file are "
        "not quoted); map it with --label-map FILE (CORPUS_LABEL = CANONICAL or ig"
        "nore; docs/formats.md), or use one of: the labels of "
        "docs/formats.md, or a canonical deidkit label",
    ),
    "brat discontinuous span": Case(
        {"a.txt": NOTE, "a.ann": "T1\tNOMBRE_PERSONAL_SANITARIO 0 4;16 22\tSeen Ostrom\n"},
        "",
        "[E100] {in}/a.ann, record a, line 1: discontinuous annotation whose fragments (4-16) "
        "are not separated by whitespace only; deidkit keeps contiguous spans only: split it "
        "into separate T annotations",
    ),
    "brat missing txt": Case(
        {"a.txt": NOTE, "a.ann": "", "b.ann": "T1\tFECHAS 26 36\t04/11/2093\n"},
        "",
        "[E100] {in}/b.ann: annotation file without its text file (no .txt of the same name); "
        "add the .txt file or remove the .ann",
    ),
    "invalid utf-8": Case(
        {"a.txt": "Visto por Begoña Ostrom.\n".encode("latin-1"), "a.ann": ""},
        "",
        "[E100] {in}/a.txt: invalid UTF-8 at byte offset 14; "
        "convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)",
        secrets=("Begoña", "Ostrom"),
    ),
    "empty text file": Case(
        {"a.txt": ""},
        "a.txt",
        "[E100] {in}/a.txt: file is empty; remove it or add its content",
    ),
    "empty jsonl file": Case(
        {"notes.jsonl": ""},
        "notes.jsonl",
        "[E100] {in}/notes.jsonl: file is empty; remove it or add its content",
    ),
    "binary file": Case(
        {"scan.txt": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR Halvard"},
        "scan.txt",
        "[E100] {in}/scan.txt: binary data (NUL byte at byte offset 8); give a UTF-8 text file",
    ),
    "i2b2-2014 text mismatch": Case(
        {"d1.xml": I2B2_2014_TEMPLATE.format(
            tag='<DATE id="P1" start="25" end="35" text="04/11/2093" TYPE="DATE" comment="" />')},
        "",
        "[E100] {in}/d1.xml, line 7: annotation text does not match the document text at "
        "25-35 (DATE); correct the offsets, or check that the annotation belongs to this text "
        "file",
    ),
    "i2b2-2014 offsets past the end": Case(
        {"d1.xml": I2B2_2014_TEMPLATE.format(
            tag='<DATE id="P1" start="26" end="99" text="04/11/2093" TYPE="DATE" comment="" />')},
        "",
        "[E100] {in}/d1.xml, line 7: span 26-99 ends past the end of the text (length 38); "
        "correct the offsets or give the matching text file",
    ),
    "i2b2-2014 unknown type": Case(
        {"d1.xml": I2B2_2014_TEMPLATE.format(
            tag='<DATE id="P1" start="26" end="36" text="04/11/2093" TYPE="DOB" comment="" />')},
        "",
        "[E100] {in}/d1.xml, line 7: unknown pair of tag and TYPE (values from the file are not "
        "quoted); use an i2b2 2014 TYPE "
        "such as PATIENT, DOCTOR, HOSPITAL, DATE, PHONE, IDNUM, or map the TYPE with --label-map "
        "FILE (docs/formats.md)",
    ),
    "i2b2-2014 unclosed tag": Case(
        {"d1.xml": I2B2_2014_TEMPLATE.format(
            tag='<DATE id="P1" start="26" end="36" text="04/11/2093" TYPE="DATE" comment=""')},
        "",
        "[E100] {in}/d1.xml, line 7: malformed or unclosed tag; a standoff tag ends "
        "with />",
    ),
    "physionet phrase mismatch": Case(
        {"id.text": f"START_OF_RECORD=3||||1||||\n{NOTE}||||END_OF_RECORD\n",
         "id-phi.phrase": "3 1 8 22 HCPName Halvard Ostrom\n3 1 27 37 Date 04/11/2093\n"},
        "id.text",
        "[E100] {in}/id-phi.phrase, record patient 3 note 1, line 2: annotation text does not "
        "match the document text at 27-37 (DATE); correct the offsets, or check that the "
        "annotation belongs to this text file",
    ),
    "physionet unknown category": Case(
        {"id.text": f"START_OF_RECORD=3||||1||||\n{NOTE}||||END_OF_RECORD\n",
         "id-phi.phrase": "3 1 8 22 Doctor Halvard Ostrom\n"},
        "id.text",
        "[E100] {in}/id-phi.phrase, record patient 3 note 1, line 1: unknown label (one of 6 "
        "characters; labels from the file are not quoted); "
        "map it with --label-map FILE (CORPUS_LABEL = CANONICAL or ig"
        "nore; docs/formats.md), or use one of: PTName, PTNameInitial, HCPName, "
        "RelativeProxyName, Location, Date, "
        "DateYear, Phone, Age, Other, or a canonical deidkit label",
    ),
    "physionet missing end marker": Case(
        {"id.text": f"START_OF_RECORD=3||||1||||\n{NOTE}START_OF_RECORD=3||||2||||\n{NOTE}"
         "||||END_OF_RECORD\n"},
        "id.text",
        "[E100] {in}/id.text, line 3: record opened at line 1 has no ||||END_OF_RECORD marker; "
        "end each record with a ||||END_OF_RECORD line",
    ),
    "physionet phi for a missing record": Case(
        {"id.text": f"START_OF_RECORD=3||||1||||\n{NOTE}||||END_OF_RECORD\n",
         "id-phi.phrase": "3 1 8 22 HCPName Halvard Ostrom\n4 1 8 22 HCPName Halvard Ostrom\n"},
        "id.text",
        "[E100] {in}/id-phi.phrase, line 2: PHI for patient 4 note 1, which is not a record of "
        "the text file; check that the PHI file belongs to this text file",
    ),
    "jsonl overlapping spans": Case(
        {"n.jsonl": '{"id": "n1", "text": "Seen by Halvard Ostrom", "spans": [{"start": 8, '
         '"end": 22, "label": "DOCTOR"}, {"start": 16, "end": 22, "label": "PATIENT"}]}\n'},
        "n.jsonl",
        "[E120] {in}/n.jsonl, line 1: document n1: spans 8-22 (DOCTOR) and 16-22 (PATIENT) "
        "overlap",
    ),
    "jsonl invalid json": Case(
        {"n.jsonl": '{"id": "n1", "text": "Seen by Halvard Ostrom"}\n{"id": "n2", "text": \n'},
        "n.jsonl",
        "[E100] {in}/n.jsonl, line 2: invalid JSON at column 22; each line must be one JSON "
        "object",
    ),
    "csv without a text column": Case(
        {"export.csv": "note_id,body\n1,Seen by Halvard Ostrom\n"},
        "export.csv",
        "[E100] {in}/export.csv, line 1: no column named as --text-column says (the header has 2 "
        "columns; their names are not quoted: they may be a note's first row); "
        "name the column with --text-column",
    ),
    "csv row with extra fields": Case(
        {"export.csv": "id,text\n1,Seen by Halvard\n2,Ostrom, 04/11/2093\n"},
        "export.csv",
        "[E100] {in}/export.csv, line 3: the row has 3 fields but the header has 2; quote "
        "fields that contain the delimiter or line breaks",
    ),
}


def make_input(tmp_path: Path, case: Case) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name, content in case.files.items():
        data = content.encode() if isinstance(content, str) else content
        (folder / name).write_bytes(data)
    return folder / case.given if case.given else folder


@pytest.mark.parametrize("target", ["jsonl", "brat"])
@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_gives_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, target: str
) -> None:
    case = CASES[name]
    source = make_input(tmp_path, case)
    out = tmp_path / ("out.jsonl" if target == "jsonl" else "out")
    argv = ["convert", str(source), str(out), "--to", target]
    if case.format:
        argv += ["--format", case.format]
    assert main(argv) == 1
    captured = capsys.readouterr()
    expected = "deidkit: error: " + case.message.format(**{"in": tmp_path / "in"})
    assert captured.err == expected + "\n"
    assert captured.out == ""
    for secret in case.secrets:
        assert secret not in captured.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]
