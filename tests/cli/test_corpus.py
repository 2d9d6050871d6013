"""``deidkit convert`` and ``deidkit stats`` end to end (synthetic notes and MEDDOCAN)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from deidkit.cli.main import app, main
from deidkit.io import read_documents, write_documents
from deidkit.types import Document, Span

MEDDOCAN = Path(__file__).resolve().parents[3] / "shared" / "data" / "meddocan"


def synthetic() -> list[Document]:
    return [
        Document(
            "n1",
            "Seen by Dr. Quill Rook on 2/3/2091.\n",
            (Span(12, 22, "DOCTOR"), Span(26, 34, "DATE")),
        ),
        Document("n2", "Wife Odile at bedside.\n", (Span(5, 10, "RELATIVE"),)),
    ]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.skipif(not MEDDOCAN.is_dir(), reason="MEDDOCAN is not in ../shared/data")
@pytest.mark.parametrize(
    ("split", "documents", "spans"), [("train", 500, 11333), ("dev", 250, 5801)]
)
def test_stats_on_meddocan(
    capsys: pytest.CaptureFixture[str], split: str, documents: int, spans: int
) -> None:
    folder = MEDDOCAN / split
    t_lines = sum(
        line.startswith("T")
        for ann in folder.glob("*.ann")
        for line in ann.read_text(encoding="utf-8").splitlines()
    )
    assert t_lines == spans
    code, out, err = run(capsys, "stats", str(folder))
    assert (code, err) == (0, "")
    assert f"documents{documents:>17}" in out
    assert f"PHI spans{spans:>17}" in out
    assert "FECHAS" in out and "DATE" in out
    code, out, _ = run(capsys, "stats", str(folder), "--json")
    data = json.loads(out)
    assert (data["format"], data["documents"], data["phi_spans"]) == ("brat", documents, spans)
    assert sum(count["spans"] for count in data["labels"].values()) == spans
    assert sum(data["source_labels"].values()) == spans


def test_convert_round_trip_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "notes.jsonl"
    write_documents(synthetic(), source, "jsonl")
    code, out, err = run(capsys, "convert", str(source), str(tmp_path / "brat"), "--to", "brat")
    assert (code, err) == (0, "")
    assert out == f"converted 2 documents and 3 spans from jsonl to brat: {tmp_path / 'brat'}\n"
    code, out, _ = run(
        capsys, "convert", str(tmp_path / "brat"), str(tmp_path / "back.jsonl"), "-t", "jsonl"
    )
    assert code == 0
    back = list(read_documents(tmp_path / "back.jsonl"))
    assert [(d.text, [s.key for s in d.spans]) for d in back] == [
        (d.text, [s.key for s in d.spans]) for d in synthetic()
    ]


def test_convert_to_text_reports_dropped_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "notes.jsonl"
    write_documents(synthetic(), source, "jsonl")
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "txt"), "--to", "text")
    assert code == 0
    assert err == "note: 3 spans were not written: the text format holds text only\n"
    assert sorted(p.name for p in (tmp_path / "txt").iterdir()) == ["n1.txt", "n2.txt"]


def test_csv_options_and_format_override(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "export.dat"
    export.write_text("MRN;BODY\n881;No PHI in this one.\n", encoding="utf-8")
    code, out, err = run(
        capsys, "stats", str(export), "--format", "csv", "--text-column", "BODY",
        "--delimiter", ";", "--patient-column", "MRN", "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert json.loads(out)["documents"] == 1
    code, _, err = run(capsys, "stats", str(export), "--format", "text", "--text-column", "BODY")
    assert code == 1
    assert err == (
        "deidkit: error: [E200] --text-column applies to csv input only; this input is text\n"
    )


def test_convert_refuses_to_overwrite_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "notes.jsonl"
    write_documents(synthetic(), source, "jsonl")
    code, _, err = run(capsys, "convert", str(source), str(source), "--to", "jsonl")
    assert code == 1
    assert err == (
        f"deidkit: error: [E200] {source}: the output is the input; give another output path\n"
    )


def test_unknown_format_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "notes.jsonl"
    write_documents(synthetic(), source, "jsonl")
    code, _, err = run(capsys, "convert", str(source), str(tmp_path / "o"), "--to", "xlsx")
    assert code == 1
    assert err.startswith("deidkit: error: [E110] unknown format 'xlsx'; use one of: jsonl, csv")
    assert err.count("\n") == 1


@pytest.mark.parametrize("name", ["convert", "stats"])
def test_commands_and_options_have_help(name: str) -> None:
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    assert command.help
    for parameter in command.params:
        assert getattr(parameter, "help", None), f"{name}: {parameter.name} has no help"
