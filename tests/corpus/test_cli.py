"""``deidkit synth`` and ``deidkit reidentify`` end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from deidkit.cli.main import app, main
from deidkit.corpus.synth import generate
from deidkit.io import read_documents


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_synth_writes_jsonl_identical_to_the_api(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "synth", "--n", "40", "--out", str(tmp_path), "--seed", "9")
    assert code == 0, err
    target = tmp_path / "synth-plain-9.jsonl"
    assert "wrote 40 documents" in out and str(target) in out
    written = list(read_documents(target))
    assert [d.to_dict() for d in written] == [d.to_dict() for d in generate(40, seed=9)]


def test_synth_other_format_variant_and_held_out_templates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "synth", "--n", "25", "--out", str(tmp_path / "brat"), "--to",
                       "brat", "--variant", "out-of-dictionary", "--exclude-templates",
                       "dc-dictated,nurse-systems")
    assert code == 0, err
    documents = list(read_documents(tmp_path / "brat", "brat"))
    assert len(documents) == 25 and sum(len(d.spans) for d in documents) > 50
    assert len(list((tmp_path / "brat").glob("*.ann"))) == 25
    code, _, err = run(capsys, "synth", "--n", "5", "--out", str(tmp_path / "x.jsonl"))
    assert code == 0 and (tmp_path / "x.jsonl").is_file()


def test_synth_lists_templates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "synth", "--list-templates")
    assert code == 0
    assert "dc-dictated" in out and "nurse-terse" in out and len(out.splitlines()) >= 30


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "strange"], "--variant 'strange': use one of"),
        (["--n", "-1"], "--n must be 0 or more"),
        (["--note-types", "poem"], "--note-types 'poem'"),
        (["--templates", "nope"], "unknown template family 'nope'"),
        (["--to", "xlsx"], "unknown format 'xlsx'"),
    ],
)
def test_synth_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "synth", "--out", str(tmp_path), *argv)
    assert code == 1
    assert err.startswith("deidkit: error: [E") and message in err and err.count("\n") == 1


def test_reidentify_a_text_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "deid"
    source.mkdir()
    (source / "a.txt").write_text("Seen by Dr. [REMOVED] on [REMOVED] at the [REMOVED] "
                                  "Health Center.\n", encoding="utf-8")
    (source / "b.txt").write_text("Admission Date: [**2151-7-16**]\nPATIENT ***NAME***\n"
                                  "XXNAMEXX called.\n", encoding="utf-8")
    code, out, err = run(capsys, "reidentify", str(source), str(tmp_path / "out"),
                         "--pattern", r"XX(?P<type>[A-Z]+)XX", "--seed", "2")
    assert code == 0, err
    target = tmp_path / "out" / "reidentified.jsonl"
    assert "re-identified 2 documents, 6 PHI spans" in out and str(target) in out
    documents = {d.id: d for d in read_documents(target)}
    labels = sorted(s.label for d in documents.values() for s in d.spans)
    assert labels == ["DATE", "DATE", "DOCTOR", "HOSPITAL", "PATIENT", "PATIENT"]
    for document in documents.values():
        assert "[REMOVED]" not in document.text and "XX" not in document.text


def test_reidentify_bad_pattern_and_missing_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "reidentify", str(tmp_path / "none"), str(tmp_path / "o"))
    assert code == 1 and "no such file or folder" in err
    (tmp_path / "n.txt").write_text("x [REMOVED]\n", encoding="utf-8")
    code, _, err = run(capsys, "reidentify", str(tmp_path / "n.txt"), str(tmp_path / "o"),
                       "--pattern", "(")
    assert code == 1 and "--pattern is not a valid regular expression" in err


@pytest.mark.parametrize("name", ["synth", "reidentify"])
def test_commands_and_options_have_help(name: str) -> None:
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    assert command.help
    for parameter in command.params:
        assert getattr(parameter, "help", None), f"{name}: {parameter.name} has no help"


def test_text_output_warns_that_spans_are_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "synth", "--n", "3", "--out", str(tmp_path / "t"), "--to", "text")
    assert code == 0
    assert "holds text only" in err and len(list((tmp_path / "t").glob("*.txt"))) == 3
