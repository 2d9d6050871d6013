"""Documents reach the detector in batches (``--batch-size``, issue 20 item 3): the output is
the same at every batch size, and a bad document inside a batch fails alone (reported by id
and file, never written) while the others of its batch still come out redacted."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from deidkit.batch import DEFAULT_BATCH_SIZE, Job, RunSettings, run_deidentify, run_detect
from deidkit.cli.main import main
from deidkit.errors import ConfigError
from deidkit.models import load_model
from deidkit.pieces import PIECE_CHARS, PiecewisePredictor
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

from .conftest import POISON, everything_written, poisoned, write


class RecordingDetector:
    """The default model, recording the size of every call; a note holding POISON makes the
    whole call fail (as a crash inside a batched decoder would)."""

    def __init__(self) -> None:
        self.model = load_model(None)
        self.calls: list[int] = []

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        self.calls.append(len(documents))
        if any(POISON in document.text for document in documents):
            raise RuntimeError("cannot parse")
        return self.model.predict(documents)


@pytest.fixture(scope="module")
def detector() -> RecordingDetector:
    return RecordingDetector()


@pytest.mark.parametrize("mode", ["surrogate", "placeholder"])
@pytest.mark.parametrize("batch_size", [8, DEFAULT_BATCH_SIZE])
def test_a_bad_document_inside_a_batch_fails_alone(
    tmp_path: Path, notes: list[Document], key: SecretKey, detector: RecordingDetector,
    mode: str, batch_size: int,
) -> None:
    documents = poisoned(notes[:20], at=[3, 5])  # both inside the first batch
    source = write(documents, tmp_path / "in" / "notes.jsonl", "jsonl")
    target = tmp_path / "out" / "deid.jsonl"
    options = RedactOptions(mode=mode)  # type: ignore[arg-type]
    detector.calls.clear()
    report = run_deidentify(
        source, target, options=options, key=key, model=detector, propagate=True,
        settings=RunSettings(progress=False, skip_failed=True, batch_size=batch_size),
    )
    assert max(detector.calls) == min(batch_size, 20)  # detected in batches, one chunk
    assert detector.calls.count(1) == min(batch_size, 20)  # the failing batch, one by one
    assert sorted(report.skipped) == sorted([documents[3].id, documents[5].id])
    errors = [json.loads(line) for line in report.errors_report.read_text().splitlines()]  # type: ignore[union-attr]
    assert {(item["id"], item["source"], item["stage"]) for item in errors} == {
        (documents[3].id, "notes.jsonl", "detect"), (documents[5].id, "notes.jsonl", "detect")
    }
    assert POISON not in everything_written(tmp_path / "out")

    # the others: exactly what a run without the bad documents writes (redacted); both runs
    # propagate mentions (the recording wrapper has no saved operating point to say so)
    clean = [doc for number, doc in enumerate(documents) if number not in (3, 5)]
    reference = tmp_path / "ref" / "deid.jsonl"
    run_deidentify(
        write(clean, tmp_path / "ref-in" / "notes.jsonl", "jsonl"), reference,
        options=options, key=key, model=detector.model, propagate=True,
        settings=RunSettings(progress=False, batch_size=1),
    )
    assert target.read_bytes() == reference.read_bytes()
    assert report.documents == 18 and sum(report.spans.values()) > 0


def test_the_output_is_the_same_at_every_batch_size(
    tmp_path: Path, notes: list[Document], key: SecretKey
) -> None:
    source = write([doc.with_spans(()) for doc in notes[:12]], tmp_path / "in.jsonl", "jsonl")
    outputs: dict[str, set[bytes]] = {"detect": set(), "deidentify": set()}
    for size in (1, 5, DEFAULT_BATCH_SIZE):
        settings = RunSettings(progress=False, batch_size=size)
        found = tmp_path / f"found-{size}.jsonl"
        run_detect(source, found, settings=settings)
        outputs["detect"].add(found.read_bytes())
        deid = tmp_path / f"deid-{size}.jsonl"
        run_deidentify(source, deid, key=key, settings=settings)
        outputs["deidentify"].add(deid.read_bytes())
    assert len(outputs["detect"]) == 1 and len(outputs["deidentify"]) == 1
    found_spans = [json.loads(line)["spans"] for line in outputs["detect"].pop().splitlines()]
    assert sum(map(len, found_spans)) > 12  # the model found PHI: not an empty comparison


def test_the_batch_size_is_not_part_of_what_a_run_remembers() -> None:
    first, other = (Job(kind="detect", fmt="jsonl", batch_size=size) for size in (1, 64))
    assert first.fingerprint() == other.fingerprint()  # a run resumes with another size


def test_batch_size_option(tmp_path: Path, notes: list[Document],
                           capsys: pytest.CaptureFixture[str]) -> None:
    source = write([doc.with_spans(()) for doc in notes[:6]], tmp_path / "in.jsonl", "jsonl")
    assert main(["detect", str(source), str(tmp_path / "a.jsonl"), "--batch-size", "2"]) == 0
    assert main(["detect", str(source), str(tmp_path / "b.jsonl")]) == 0
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    capsys.readouterr()
    assert main(["detect", str(source), str(tmp_path / "c.jsonl"), "--batch-size", "0"]) == 1
    assert "--batch-size must be 1 or more" in capsys.readouterr().err
    assert not (tmp_path / "c.jsonl").exists()
    with pytest.raises(ConfigError, match="--batch-size"):
        run_detect(source, tmp_path / "d.jsonl", settings=RunSettings(batch_size=-1))


class Counting:
    """Records the documents of each call and returns them without spans."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        self.calls.append([document.id for document in documents])
        return [document.with_spans(()) for document in documents]


def test_pieces_hand_short_notes_in_batches_and_check_between() -> None:
    inner, checks = Counting(), []
    pieces = PiecewisePredictor(inner, batch_size=3, check=lambda: checks.append(1))
    documents = [Document(f"d{n}", "short note") for n in range(7)]
    documents.insert(4, Document("long", "word " * (PIECE_CHARS // 4)))
    found = pieces.predict(documents)
    assert [doc.id for doc in found] == [doc.id for doc in documents]  # order kept
    short_calls = [call for call in inner.calls if not call[0].startswith("long")]
    assert short_calls == [["d0", "d1", "d2"], ["d3"], ["d4", "d5", "d6"]]
    assert len(checks) == len(inner.calls)  # the check runs before every call
    assert [doc.id for doc in PiecewisePredictor(Counting()).predict(documents)] == [
        doc.id for doc in documents
    ]
    with pytest.raises(ValueError, match="batch size"):
        PiecewisePredictor(inner, batch_size=0)
