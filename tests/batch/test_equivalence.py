"""A batch run writes exactly what the single-process corpus runner writes, however it runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.batch import RunSettings, run_deidentify, run_detect
from deidkit.io import read_documents
from deidkit.models import load_model
from deidkit.models.adjust import adjusted
from deidkit.redact.corpus import deidentify_corpus
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

from .conftest import write


def _reference(source: Path, target: Path, options: RedactOptions, key: SecretKey) -> bytes:
    deidentify_corpus(source, target, options=options, key=key, detector="default")
    return target.read_bytes()


@pytest.mark.parametrize(
    ("mode", "chunk_size"), [("surrogate", 1), ("surrogate", 7), ("tag", 4), ("placeholder", 500)]
)
def test_same_output_as_the_corpus_runner_for_any_chunking(
    tmp_path: Path, notes: list[Document], key: SecretKey, mode: str, chunk_size: int
) -> None:
    source = write(notes, tmp_path / "in.jsonl", "jsonl")
    options = RedactOptions(mode=mode)  # type: ignore[arg-type]
    expected = _reference(source, tmp_path / "ref.jsonl", options, key)
    target = tmp_path / "out.jsonl"
    report = run_deidentify(
        source, target, options=options, key=key,
        settings=RunSettings(chunk_size=chunk_size, progress=False),
    )  # fmt: skip
    assert target.read_bytes() == expected
    assert report.documents == len(notes) and not report.failures
    assert not report.work_dir.exists()  # type: ignore[union-attr]


def test_patients_without_ids_and_folders_of_files(tmp_path: Path, notes: list[Document],
                                                   key: SecretKey) -> None:  # fmt: skip
    from dataclasses import replace

    anonymous = [replace(doc, patient_id=None, spans=()) for doc in notes[:25]]
    source = write(anonymous, tmp_path / "notes", "text")
    expected = tmp_path / "ref"
    deidentify_corpus(source, expected, options=RedactOptions(), key=key, detector="default")
    target = tmp_path / "out"
    run_deidentify(source, target, key=key, settings=RunSettings(chunk_size=4, progress=False))
    names = sorted(path.name for path in expected.iterdir())
    assert sorted(path.name for path in target.iterdir()) == names
    for name in names:
        assert (target / name).read_bytes() == (expected / name).read_bytes()


def test_csv_streamed_and_a_mapping(tmp_path: Path, notes: list[Document], key: SecretKey) -> None:
    source = write(notes[:30], tmp_path / "in.csv", "csv")
    options = RedactOptions()
    deidentify_corpus(source, tmp_path / "ref.csv", options=options, key=key,
                      detector="default", mapping=tmp_path / "ref-map.jsonl")  # fmt: skip
    run_deidentify(source, tmp_path / "out.csv", options=options, key=key,
                   mapping=tmp_path / "map.jsonl",
                   settings=RunSettings(chunk_size=4, progress=False))  # fmt: skip
    assert (tmp_path / "out.csv").read_bytes() == (tmp_path / "ref.csv").read_bytes()
    assert (tmp_path / "map.jsonl").read_bytes() == (tmp_path / "ref-map.jsonl").read_bytes()


def test_two_processes_write_what_one_process_writes(tmp_path: Path, notes: list[Document],
                                                     key: SecretKey) -> None:  # fmt: skip
    source = write(notes, tmp_path / "in.jsonl", "jsonl")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run_deidentify(source, one, key=key, settings=RunSettings(chunk_size=5, progress=False))
    report = run_deidentify(
        source, two, key=key, settings=RunSettings(jobs=2, chunk_size=5, progress=False)
    )
    assert report.workers == "2 processes"
    assert two.read_bytes() == one.read_bytes()


def test_detect_writes_the_models_spans(tmp_path: Path, notes: list[Document]) -> None:
    source = write(notes[:20], tmp_path / "in.jsonl", "jsonl")
    target = tmp_path / "found.jsonl"
    report = run_detect(source, target, settings=RunSettings(chunk_size=3, progress=False))
    # what `deidkit detect` runs: the model at its operating point with the fixes after
    # detection, mentions propagated within each note (deidkit.models.adjust)
    expected = adjusted(load_model(None), lang="en", by_patient=False).predict(
        list(read_documents(source))
    )
    found = list(read_documents(target))
    assert [doc.spans for doc in found] == [doc.spans for doc in expected]
    assert [doc.text for doc in found] == [doc.text for doc in expected]
    assert report.documents == 20 and report.mode == "detect"


def test_a_generated_key_is_forgotten_at_the_end(tmp_path: Path, notes: list[Document]) -> None:
    source = write(notes[:5], tmp_path / "in.jsonl", "jsonl")
    report = run_deidentify(source, tmp_path / "out.jsonl", settings=RunSettings(progress=False))
    assert report.key_generated
    assert report.work_dir is not None and not report.work_dir.exists()


@pytest.mark.parametrize("fmt", ["brat", "i2b2-2014", "i2b2-2006", "physionet", "inline"])
def test_every_format_gives_the_corpus_runners_output(
    tmp_path: Path, notes: list[Document], key: SecretKey, fmt: str
) -> None:
    from dataclasses import replace

    documents = [replace(doc, metadata={}) for doc in notes[:12]]
    source = write(documents, tmp_path / ("in.xml" if fmt == "i2b2-2006" else "in"), fmt)
    options = RedactOptions(mode="tag")
    reference, target = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    deidentify_corpus(source, reference, options=options, key=key, detector="default",
                      source_format=fmt, to="jsonl")  # fmt: skip
    run_deidentify(source, target, options=options, key=key, source_format=fmt, to="jsonl",
                   settings=RunSettings(chunk_size=5, progress=False))  # fmt: skip
    assert target.read_bytes() == reference.read_bytes()
    assert len(target.read_text().splitlines()) == 12
