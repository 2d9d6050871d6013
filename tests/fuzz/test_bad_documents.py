"""One bad document is that document's one-line error, never a traceback (issue 18, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.errors import InputError
from deidkit.io import read_documents

MARKER = "QXZMARKER"
GOOD = json.dumps({"id": "good", "text": "Seen on 3/14/2012, call 617-555-0199."})
BAD_LINES = {
    "lone surrogate": '{"id": "a", "text": "Seen \\ud800 ' + MARKER + '"}',
    "surrogate id": '{"id": "\\udc00", "text": "' + MARKER + '"}',
    "integer patient_id": '{"id": "a", "text": "' + MARKER + '", "patient_id": 12}',
    "list note_date": '{"id": "a", "text": "' + MARKER + '", "note_date": [1]}',
    "deep nesting": '{"id": "a", "text": "x", "metadata": ' + "[" * 50_000 + "]" * 50_000 + "}",
    "1e999 offset": '{"id": "a", "text": "' + MARKER + '", "spans": [{"start": 1e999, "end": 3, '
    '"label": "DATE"}]}',
    "5000-digit offset": '{"id": "a", "text": "' + MARKER + '", "spans": [{"start": '
    + "9" * 5000 + ', "end": 3, "label": "DATE"}]}',
    "unknown label": '{"id": "a", "text": "' + MARKER + '", "spans": [{"start": 0, "end": 3, '
    '"label": "' + MARKER + '"}]}',
}


@pytest.mark.parametrize("case", BAD_LINES)
def test_a_bad_jsonl_line_is_an_input_error_without_its_values(tmp_path, case):
    path = tmp_path / "notes.jsonl"
    path.write_text(BAD_LINES[case] + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        list(read_documents(path, "jsonl"))
    assert MARKER not in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("case", ["lone surrogate", "integer patient_id", "deep nesting"])
def test_skip_failed_reports_the_bad_document_and_writes_the_rest(tmp_path, case, capsys):
    path = tmp_path / "notes.jsonl"
    path.write_text(GOOD + "\n" + BAD_LINES[case] + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code = main(["deidentify", str(path), str(out), "--mode", "tag", "--skip-failed"])
    captured = capsys.readouterr()
    assert code == 3  # documents failed (reported), the rest written
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [d["id"] for d in written] == ["good"]
    assert "617-555-0199" not in written[0]["text"]
    report = Path(str(out) + ".errors.jsonl").read_text(encoding="utf-8")
    assert len(report.splitlines()) == 1
    for text in (captured.out, captured.err, report):
        assert MARKER not in text and "Traceback" not in text


def test_a_surrogate_character_reference_in_i2b2_2006_is_an_input_error(tmp_path):
    path = tmp_path / "train.xml"
    path.write_text(
        '<ROOT>\n<RECORD ID="1">\n<TEXT>\nSeen &#xD800; here.\n</TEXT>\n</RECORD>\n</ROOT>\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        list(read_documents(path, "i2b2-2006"))
    assert "D800" not in str(caught.value)


@pytest.mark.parametrize("command", ["convert", "stats", "detect", "deidentify"])
def test_an_empty_jsonl_file_is_one_rule_everywhere(tmp_path, command, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    args = [command, str(path)] + ([] if command == "stats" else [str(tmp_path / "out.jsonl")])
    assert main(args) == 1
    assert "file is empty" in capsys.readouterr().err


def test_jsonl_writer_refuses_ids_its_reader_would_refuse(tmp_path):
    from deidkit.errors import OutputError
    from deidkit.io import write_documents
    from deidkit.types import Document

    out = tmp_path / "out.jsonl"
    with pytest.raises(OutputError, match="same id"):
        write_documents([Document("a", "x"), Document("a", "y")], out, "jsonl")
    assert not out.exists()


def test_folder_readers_say_how_many_hidden_files_and_sub_folders_they_skipped(tmp_path, caplog):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Seen today.\n", encoding="utf-8")
    (folder / ".b.txt").write_text("hidden\n", encoding="utf-8")
    (folder / "sub").mkdir()
    (folder / "sub" / "c.txt").write_text("nested\n", encoding="utf-8")
    with caplog.at_level("WARNING", logger="deidkit.io"):
        documents = list(read_documents(folder, "text"))
    assert [d.id for d in documents] == ["a"]
    assert "skipped 1 hidden file(s) or folder(s) and 1 sub-folder(s)" in caplog.text
