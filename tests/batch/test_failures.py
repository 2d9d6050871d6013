"""Fail closed: a document that cannot be processed is reported (id and reason, no note text)
and never written; the run stops unless told to leave such documents out."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from deidkit.batch import RunSettings, run_deidentify, run_detect
from deidkit.cli.main import main
from deidkit.errors import DeidkitError
from deidkit.io import read_documents
from deidkit.models import load_model
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

from .conftest import POISON, everything_written, poisoned, write


class PoisonedDetector:
    """The shipped rules, except that a note holding POISON crashes it (or hangs)."""

    def __init__(self, *, hang: bool = False) -> None:
        self.rules = load_model(None)
        self.hang = hang

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        for document in documents:
            if POISON in document.text:
                if self.hang:
                    time.sleep(30)
                raise RuntimeError(f"cannot parse {document.text[:40]}")
        return self.rules.predict(documents)


@pytest.mark.parametrize("mode", ["surrogate", "placeholder"])
def test_a_poisoned_document_is_reported_and_never_emitted(
    tmp_path: Path, notes: list[Document], key: SecretKey, mode: str
) -> None:
    documents = poisoned(notes[:24], at=[3, 17])
    source = write(documents, tmp_path / "in" / "notes.jsonl", "jsonl")
    target = tmp_path / "out" / "deid.jsonl"
    options = RedactOptions(mode=mode)  # type: ignore[arg-type]
    with pytest.raises(DeidkitError, match="nothing was written") as stopped:
        run_deidentify(source, target, options=options, key=key, model=PoisonedDetector(),
                       settings=RunSettings(chunk_size=1, progress=False))  # fmt: skip
    assert documents[3].id in str(stopped.value) and POISON not in str(stopped.value)
    assert not target.exists()

    report = run_deidentify(
        source, target, options=options, key=key, model=PoisonedDetector(),
        settings=RunSettings(chunk_size=1, progress=False, skip_failed=True),
    )  # fmt: skip
    assert sorted(report.skipped) == sorted([documents[3].id, documents[17].id])
    written = [doc.id for doc in read_documents(target)]
    assert written == [doc.id for n, doc in enumerate(documents) if n not in (3, 17)]
    errors = [json.loads(line) for line in report.errors_report.read_text().splitlines()]  # type: ignore[union-attr]
    assert {item["id"] for item in errors} == {documents[3].id, documents[17].id}
    assert all(item["stage"] == "detect" and "RuntimeError" in item["reason"] for item in errors)
    assert POISON not in everything_written(tmp_path / "out")


def test_a_document_that_takes_too_long_times_out(
    tmp_path: Path, notes: list[Document], key: SecretKey
) -> None:
    documents = poisoned(notes[:4], at=[1])
    source = write(documents, tmp_path / "in.jsonl", "jsonl")
    started = time.monotonic()
    report = run_deidentify(
        source, tmp_path / "out.jsonl", key=key, model=PoisonedDetector(hang=True),
        timeout=0.5, settings=RunSettings(progress=False, skip_failed=True),
    )  # fmt: skip
    assert time.monotonic() - started < 20
    assert [(f.id, f.code) for f in report.failures] == [(documents[1].id, "E511")]
    assert "timed out after 0.5 s" in report.failures[0].reason
    assert report.documents == 3


def test_unreadable_records_fail_alone(tmp_path: Path, notes: list[Document]) -> None:
    source = write(notes[:6], tmp_path / "in.jsonl", "jsonl")
    rows = source.read_bytes().splitlines(keepends=True)
    rows[2] = b'{"id": "broken", "text": "' + POISON.encode() + b' \xff\xfe"}\n'
    rows[4] = b'{"id": "no-text", "note": "' + POISON.encode() + b'"}\n'
    source.write_bytes(b"".join(rows))
    report = run_detect(source, tmp_path / "found.jsonl",
                        settings=RunSettings(progress=False, skip_failed=True))  # fmt: skip
    assert [(f.id, f.stage) for f in report.failures] == [("broken", "read"), ("no-text", "read")]
    assert "invalid UTF-8" in report.failures[0].reason
    assert all(f.where and f.where.startswith("byte offset") for f in report.failures)
    assert report.documents == 4
    assert POISON not in report.errors_report.read_text()  # type: ignore[union-attr]


def test_a_broken_csv_row_ends_that_file_and_says_so(tmp_path: Path) -> None:
    source = tmp_path / "notes.csv"
    source.write_text(
        "id,text\n1,Seen 3/14/2012.\n2,Again 3/21/2012.\n3,x,too,many\n4,Never read.\n"
    )
    report = run_deidentify(source, tmp_path / "out.csv", options=RedactOptions(mode="tag"),
                            settings=RunSettings(progress=False, skip_failed=True))  # fmt: skip
    assert report.documents == 2
    assert "the rest of this file was not read" in report.failures[0].reason
    assert "line 4" in report.failures[0].reason


def test_duplicate_ids_are_not_written_twice(tmp_path: Path, notes: list[Document]) -> None:
    part = tmp_path / "shards"
    part.mkdir()
    write(notes[:3], part / "a.jsonl", "jsonl")
    write(notes[2:4], part / "b.jsonl", "jsonl")
    report = run_deidentify(part, tmp_path / "out.jsonl", options=RedactOptions(mode="tag"),
                            settings=RunSettings(progress=False, skip_failed=True))  # fmt: skip
    assert [doc.id for doc in read_documents(tmp_path / "out.jsonl")] == [
        doc.id for doc in notes[:4]
    ]
    assert [(f.id, f.stage) for f in report.failures] == [(notes[2].id, "write")]


def test_the_command_exits_3_and_names_the_report(
    tmp_path: Path, notes: list[Document], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write(notes[:6], tmp_path / "notes", "text")
    (folder / "zz-latin1.txt").write_bytes(POISON.encode() + b" caf\xe9")
    out = tmp_path / "clean"
    assert main(["deidentify", str(folder), str(out), "--jobs", "2", "--mode", "tag"]) == 1
    assert not out.exists()
    code = main(["deidentify", str(folder), str(out), "--jobs", "2", "--mode", "tag",
                 "--skip-failed", "--errors", str(tmp_path / "errors.jsonl")])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 3
    assert str(tmp_path / "errors.jsonl") in captured.err
    assert sorted(path.stem for path in out.iterdir()) == sorted(doc.id for doc in notes[:6])
    report = [json.loads(line) for line in (tmp_path / "errors.jsonl").read_text().splitlines()]
    assert [item["id"] for item in report] == ["zz-latin1"]
    assert POISON not in captured.out + captured.err + (tmp_path / "errors.jsonl").read_text()


def test_a_file_name_that_is_not_utf8_fails_alone(
    tmp_path: Path, notes: list[Document], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write(notes[:3], tmp_path / "notes", "text")
    (Path(folder) / Path(os.fsdecode(b"bad\xff\xfe.txt"))).write_text("Seen 3/14/2012.")
    out = tmp_path / "clean"
    assert main(["deidentify", str(folder), str(out), "--mode", "tag"]) == 1
    err = capsys.readouterr().err
    assert "the file name is not valid UTF-8" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and not out.exists()
    code = main(["deidentify", str(folder), str(out), "--mode", "tag", "--skip-failed",
                 "--errors", str(tmp_path / "errors.jsonl")])  # fmt: skip
    assert code == 3 and "Traceback" not in capsys.readouterr().err
    assert sorted(path.stem for path in out.iterdir()) == sorted(doc.id for doc in notes[:3])
    report = [json.loads(line) for line in (tmp_path / "errors.jsonl").read_text().splitlines()]
    assert [item["id"] for item in report] == ["bad\\xff\\xfe"]
    assert main(["convert", str(folder), str(tmp_path / "all.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "not valid UTF-8" in err and "Traceback" not in err
