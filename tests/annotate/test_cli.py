"""``deidkit annotate`` subcommands, end to end through the CLI entry point."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from annotate.support import NOTE_1, FakeDetector, synthetic_documents
from deidkit.annotate import accounts, adjudication, annotator
from deidkit.annotate.consensus import Mode
from deidkit.annotate.db import Database
from deidkit.cli.main import main
from deidkit.io import read_documents, write_documents


def run(*args: str) -> int:
    return main(["annotate", *map(str, args)])


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "notes.jsonl"
    write_documents(synthetic_documents(), path, "jsonl")
    return path


def test_the_whole_loop_from_the_command_line(tmp_path, corpus, monkeypatch, capsys):
    monkeypatch.setenv("ANNOTATE_PASSWORD", "admin-pass-1")
    proj = tmp_path / "proj"
    assert run("init", proj, "--admin", "root", "--password-env", "ANNOTATE_PASSWORD") == 0
    assert run("init", proj, "--admin", "root", "--password-env", "ANNOTATE_PASSWORD") == 1
    assert "a project already exists" in capsys.readouterr().err
    password_file = tmp_path / "pw.txt"
    password_file.write_text("annotator-pass\n", encoding="utf-8")
    for name in ("alice", "bob"):
        assert run("add-user", proj, name, "--password-file", password_file) == 0
    assert (
        run(
            "add-user", proj, "judy", "--role", "adjudicator", "--password-env", "ANNOTATE_PASSWORD"
        )
        == 0
    )
    assert run("add-user", proj, "zed", "--role", "boss", "--password-file", password_file) == 1
    assert "unknown role" in capsys.readouterr().err
    assert run("import", proj, corpus, "--spans", "suggest") == 0
    assert "imported 3 document(s)" in capsys.readouterr().out
    assert (
        run(
            "assign",
            proj,
            "--to",
            "alice",
            "--to",
            "bob",
            "--documents",
            "listed",
            "--id",
            "note-1",
        )
        == 0
    )
    assert "made 2 assignment(s)" in capsys.readouterr().out
    assert run("assign", proj, "--to", "nobody") == 1

    monkeypatch.setattr(
        "deidkit.annotate.app.default_model_loader", lambda name, lang: FakeDetector()
    )
    assert run("preannotate", proj, "--model", "fake") == 0
    assert "pre-annotated 3 document(s) as 'model:fake'" in capsys.readouterr().out

    db = Database.open(proj)
    john = (NOTE_1.index("John"), NOTE_1.index("John") + len("John Smith"))
    with db.write() as conn:
        key = conn.execute("SELECT id FROM documents WHERE doc_id = 'note-1'").fetchone()[0]
        users = {n: accounts.find_user(conn, n) for n in ("alice", "bob", "judy")}
        for name in ("alice", "bob"):
            annotator.add_span(conn, key, users[name], *john, "PATIENT")
            annotator.set_status(conn, key, users[name], annotator.Status.DONE)
        adjudication.start(conn, key, users["judy"], Mode.MAJORITY)
        adjudication.set_status(
            conn, key, users["judy"], adjudication.AdjudicationStatus.ADJUDICATED
        )

    out = tmp_path / "gold.jsonl"
    assert run("export", proj, out) == 0
    (document,) = read_documents(out)
    assert document.id == "note-1" and [(s.start, s.end, s.label) for s in document.spans] == [
        (*john, "PATIENT")
    ]
    brat = tmp_path / "gold-brat"
    assert run("export", proj, brat, "--format", "brat", "--mode", "union") == 0
    assert (brat / "note-1.ann").read_text(encoding="utf-8").startswith("T1\t")
    assert run("export", proj, tmp_path / "none.jsonl", "--annotator", "judy") == 1
    assert "nothing to export" in capsys.readouterr().err

    report_csv = tmp_path / "agreement.csv"
    assert run("report", proj, "--csv", report_csv) == 0
    printed = capsys.readouterr().out
    assert "adjudicated documents: 1" in printed and "alice/bob  1  1.000  1.000" in printed
    rows = list(csv.DictReader(report_csv.open(encoding="utf-8")))
    assert {r["table"] for r in rows} == {"annotator", "model", "union_of_k", "pair"}


def test_missing_password_source_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert run("init", tmp_path / "p", "--admin", "root") == 1
    assert "--password-env" in capsys.readouterr().err
    monkeypatch.delenv("NOT_SET_ANYWHERE", raising=False)
    assert run("init", tmp_path / "p", "--admin", "root", "--password-env", "NOT_SET_ANYWHERE") == 1


def test_serving_a_folder_without_a_project_says_how_to_create_one(tmp_path, capsys):
    assert run(tmp_path / "empty") == 1
    assert "deidkit annotate init" in capsys.readouterr().err


def test_every_subcommand_has_help(capsys):
    for command in (
        "serve",
        "init",
        "add-user",
        "import",
        "assign",
        "preannotate",
        "export",
        "report",
    ):
        with pytest.raises(SystemExit) as done:
            from deidkit.cli.main import app

            app(["annotate", command, "--help"], prog_name="deidkit")
        assert done.value.code == 0
        assert "Usage" in capsys.readouterr().out


def test_json_export_round_trips_metadata(tmp_path, monkeypatch):
    monkeypatch.setenv("PW", "admin-pass-1")
    proj = tmp_path / "proj"
    run("init", proj, "--admin", "root", "--password-env", "PW")
    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps(
            {"id": "a", "text": "Seen today.", "note_date": "2020-01-02", "metadata": {"ward": "7"}}
        )
        + "\n",
        encoding="utf-8",
    )
    run("import", proj, source)
    run("assign", proj, "--to", "root")
    out = tmp_path / "out.jsonl"
    assert run("export", proj, out, "--mode", "union", "--include-unfinished") == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["note_date"] == "2020-01-02" and exported["metadata"] == {"ward": "7"}
