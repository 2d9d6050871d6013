"""The work folder's files: what they hold survives them exactly, however a bucket is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.batch import RunSettings, redaction, run_deidentify
from deidkit.batch.runner import DEFAULT_BUCKETS, bucket_count
from deidkit.redact.corpus import deidentify_corpus
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document, Span

from .conftest import write

BREAKS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\t", "\r", "\r\n"]
"""What str.splitlines (or a text file's universal newlines) would take for a line end."""


def _notes_with_breaks() -> list[Document]:
    notes = []
    for number, mark in enumerate(BREAKS):
        text = f"Seen by John Smith{mark}on 2020-01-0{number % 9 + 1}.{mark}Smith is well."
        spans = (Span(8, 18, "PATIENT"), Span(22 + len(mark), 32 + len(mark), "DATE"))
        notes.append(Document(f"n{number}", text, spans, patient_id=f"p{number % 3}"))
    return notes


@pytest.mark.parametrize("to", ["jsonl", "brat"])
def test_line_breaks_inside_notes_survive_the_work_files(
    tmp_path: Path, key: SecretKey, to: str
) -> None:
    source = write(_notes_with_breaks(), tmp_path / "in.jsonl", "jsonl")
    options = RedactOptions(mode="surrogate")
    reference, target = tmp_path / "ref", tmp_path / "out"
    deidentify_corpus(source, reference, options=options, key=key, detector="annotations",
                      to=to, mapping=tmp_path / "ref-map.jsonl")  # fmt: skip
    report = run_deidentify(
        source, target, options=options, key=key, model="annotations", to=to,
        mapping=tmp_path / "map.jsonl", settings=RunSettings(chunk_size=4, progress=False),
    )  # fmt: skip
    assert report.documents == len(BREAKS) and not report.failures
    assert (tmp_path / "map.jsonl").read_bytes() == (tmp_path / "ref-map.jsonl").read_bytes()
    if to == "jsonl":
        assert target.read_bytes() == reference.read_bytes()
    else:
        names = sorted(path.name for path in reference.iterdir())
        assert sorted(path.name for path in target.iterdir()) == names
        for name in names:
            assert (target / name).read_bytes() == (reference / name).read_bytes()


def test_a_bucket_too_large_to_keep_is_read_twice_to_the_same_output(
    tmp_path: Path, notes: list[Document], key: SecretKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(notes, tmp_path / "in.jsonl", "jsonl")
    settings = RunSettings(chunk_size=6, progress=False)
    kept, read_twice = tmp_path / "kept.jsonl", tmp_path / "twice.jsonl"
    run_deidentify(source, kept, key=key, model="annotations", buckets=4, settings=settings)
    reads: list[str] = []
    held_documents = redaction._held_documents

    def counted(work: object, parts: object) -> object:
        reads.append("read")
        return held_documents(work, parts)  # type: ignore[arg-type]

    monkeypatch.setattr(redaction, "HELD_IN_MEMORY", 0)
    monkeypatch.setattr(redaction, "_held_documents", counted)
    run_deidentify(source, read_twice, key=key, model="annotations", buckets=4,
                   settings=settings)  # fmt: skip
    assert read_twice.read_bytes() == kept.read_bytes()
    assert len(reads) == 2 * 4  # each of the 4 buckets read twice


def test_a_small_input_is_redacted_in_a_few_buckets() -> None:
    assert bucket_count(1000, 64) == 16  # one per chunk's worth of notes
    assert bucket_count(1, 64) == bucket_count(0, 64) == 1
    assert bucket_count(10**6, 64) == DEFAULT_BUCKETS
    assert bucket_count(None, 64) == DEFAULT_BUCKETS  # a CSV is not counted before reading it
