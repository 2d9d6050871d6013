"""``deidkit anonymize`` end to end, and its one-line errors."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.io import read_documents, write_documents

from .conftest import frame, pycanon_k, pycanon_l


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("anonymize")
    write_documents(generate(300, seed=4), folder / "notes.jsonl", "jsonl")
    (folder / "deid.key").write_text("cli-test-key-0123456789abcdef0123\n")
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_anonymize_writes_notes_view_and_report(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, view, report = corpus / "out.jsonl", corpus / "view.csv", corpus / "report.json"
    code, _, err = run(capsys, "anonymize", str(corpus / "notes.jsonl"), str(out), "--k", "3",
                       "--l", "2", "--sensitive", "note_type", "--quasi", "age,zip",
                       "--quasi", "city,state,visit_date", "--view", str(view), "--report",
                       str(report), "--key-file", str(corpus / "deid.key"), "--mode", "tag")
    assert code == 0, err
    assert "k=" in err and "Safe Harbor" in err
    documents = list(read_documents(out))
    assert len(documents) == 300
    assert all(d.patient_id and d.patient_id.startswith("P-") for d in documents)
    with view.open(encoding="utf-8") as handle:
        header = next(csv.reader(handle))
    assert header == ["person", "age", "zip", "city", "state", "visit_date", "note_type"]
    rows = frame(csv.DictReader(view.open(encoding="utf-8")))
    assert pycanon_k(rows, header[1:-1]) >= 3
    assert pycanon_l(rows, header[1:-1], "note_type") >= 2
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["anonymized"]["k"] >= 3 and data["anonymized"]["l_distinct"] >= 2
    assert data["safe_harbor"]["k"] == 1
    assert len(data["suppressed_persons"]) == data["anonymized"]["suppressed"]
    assert data["mentions"]["generalized"] > 0
    assert data["persons"] == len(rows) + data["anonymized"]["suppressed"]
    # same key, same output
    again = corpus / "again.jsonl"
    code, _, _ = run(capsys, "anonymize", str(corpus / "notes.jsonl"), str(again), "--k", "3",
                     "--l", "2", "--sensitive", "note_type", "--quasi", "age,zip",
                     "--quasi", "city,state,visit_date", "--key-file", str(corpus / "deid.key"),
                     "--mode", "tag")
    assert code == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--k", "0"], "--k must be 1 or more"),
        (["--k", "3", "--l", "2"], "--l needs a sensitive attribute"),
        (["--k", "3", "--quasi", "age,shoe"], "unknown quasi-identifier 'shoe'"),
        (["--k", "3", "--diversity", "recursive"], "unknown l-diversity"),
        (["--k", "3", "--max-suppression", "2"], "suppression limit"),
        (["--k", "3", "--link-by", "dna"], "unknown way of linking"),
        (["--k", "3", "--mode", "scramble"], "unknown mode"),
        (["--k", "3", "--to", "pdf"], "unknown format"),
    ],
)
def test_bad_options_are_one_line_errors(
    corpus: Path, capsys: pytest.CaptureFixture[str], options: list[str], expected: str
) -> None:
    code, out, err = run(capsys, "anonymize", str(corpus / "notes.jsonl"),
                         str(corpus / "bad.jsonl"), *options)
    assert code == 1 and out == ""
    assert err.startswith("deidkit: error: [E") and expected in err
    assert err.count("\n") == 1
    assert not (corpus / "bad.jsonl").exists()


def test_errors_name_the_file_and_never_show_note_text(
    corpus: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = list(generate(5, seed=4))
    # the JSON Lines writer refuses duplicate ids, so the hostile file is written by hand
    write_documents([notes[0]], tmp_path / "once.jsonl", "jsonl")
    line = (tmp_path / "once.jsonl").read_text(encoding="utf-8")
    (tmp_path / "twice.jsonl").write_text(line + line, encoding="utf-8")
    code, _, err = run(capsys, "anonymize", str(tmp_path / "twice.jsonl"),
                       str(tmp_path / "out.jsonl"), "--k", "2")
    assert code == 1 and "twice.jsonl" in err and ("occurs twice" in err or "duplicate" in err)
    assert err.count("\n") == 1
    # the error's own code ("[E100]") and the file's path (a temporary folder's number may
    # hold a short span's digits, "pytest-347") are no note text
    message = re.sub(r"\[E\d+\]", "", err).replace(str(tmp_path), "")
    for span in notes[0].spans:
        assert notes[0].text[span.start : span.end] not in message
    code, _, err = run(capsys, "anonymize", str(tmp_path / "missing.jsonl"),
                       str(tmp_path / "out.jsonl"), "--k", "2")
    assert code == 1 and "missing.jsonl" in err and err.count("\n") == 1


def test_help_describes_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "anonymize", "--help")
    assert code == 0
    for option in ("--k", "--l", "--sensitive", "--quasi", "--view", "--report", "--key-file",
                   "--mode", "--model", "--diversity", "--max-suppression", "--link-by"):
        assert option in out


def test_notes_without_spans_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = [document.with_spans(()) for document in generate(3, seed=4)]
    write_documents(notes, tmp_path / "plain.jsonl", "jsonl")
    code, _, err = run(capsys, "anonymize", str(tmp_path / "plain.jsonl"),
                       str(tmp_path / "out.jsonl"), "--k", "2")
    assert code == 1 and "no PHI spans" in err and "--model" in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_population_too_small_for_k_is_suppressed_and_said_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    write_documents(generate(4, seed=4), tmp_path / "few.jsonl", "jsonl")
    code, _, err = run(capsys, "anonymize", str(tmp_path / "few.jsonl"),
                       str(tmp_path / "out.jsonl"), "--k", "50", "--mode", "tag",
                       "--view", str(tmp_path / "view.csv"))
    assert code == 0 and "no person could be released with k=50" in err
    assert (tmp_path / "view.csv").read_text(encoding="utf-8").count("\n") == 1  # header only
    for document in read_documents(tmp_path / "out.jsonl"):
        assert document.note_date is None
        assert not re.search(r"\b(19|20)\d\d\b", document.text)  # every date redacted


def test_csv_notes_with_their_own_columns_are_read_and_written_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the shared input options: a CSV's columns named once, for reading and writing
    source = tmp_path / "notes.csv"
    with source.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["note_id", "pid", "body"])
        for document in generate(40, seed=6):
            writer.writerow([document.id, document.patient_id, document.text])
    out = tmp_path / "out.csv"
    code, _, err = run(capsys, "anonymize", str(source), str(out), "--k", "2", "--model",
                       "default", "--text-column", "body", "--id-column", "note_id",
                       "--patient-column", "pid", "--mode", "tag")
    assert code == 0, err
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 40 and {"note_id", "body"} <= set(rows[0])
    assert any("[" in row["body"] for row in rows)  # PHI found by the model, tagged
    # without the text column named: one line naming the file
    code, _, err = run(capsys, "anonymize", str(source), str(out), "--k", "2", "--model",
                       "default")
    assert code != 0 and "text" in err and str(source) in err and "\n" not in err.strip()
