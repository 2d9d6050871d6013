"""What a new user types in the first hour (issue 19), run as typed: files, spans, exit code
and the one-line message of each. Synthetic text only (the bundled example notes are
synthetic)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import typer

from deidkit.batch import runner as batch_runner
from deidkit.cli.main import app, main
from deidkit.io import read_documents, write_documents
from deidkit.redact.surrogates.places import US_ZIP_PREFIXES, cities_of
from deidkit.types import Document, Span

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "examples" / "notes"
GOLD = ROOT / "examples" / "notes.gold.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.startswith("deidkit: error:")]
    assert len(lines) == 1, err
    return lines[0]


def csv_notes(path: Path, delimiter: str = ",") -> Path:
    rows = [
        ("n1", "P1", "Seen by Dr. Quill Rook on 2/3/2011 in Dayton."),
        ("n2", "P1", "Wife Odile called 555-0142 on 2/9/2011."),
    ]
    lines = [delimiter.join(("nid", "pid", "BODY"))]
    lines += [delimiter.join(row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- 1. the output format comes from the target ----------------------------------------------


def test_detect_to_a_jsonl_path_writes_json_lines_with_the_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "found.jsonl"
    code, out, _ = run(capsys, "detect", NOTES, target)
    assert code == 0 and target.is_file()
    documents = list(read_documents(target, "jsonl"))
    assert len(documents) == 10 and sum(len(d.spans) for d in documents) > 50
    assert "(text -> jsonl" in out


def test_deidentify_to_a_jsonl_path_writes_one_json_lines_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "deid.jsonl"
    code, out, _ = run(capsys, "deidentify", NOTES, target, "--mode", "tag")
    assert code == 0 and target.is_file()
    documents = list(read_documents(target, "jsonl"))
    assert len(documents) == 10 and all(d.spans for d in documents)
    assert "(jsonl)" in out.splitlines()[0]


def test_a_suffix_that_contradicts_to_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "detect", NOTES, tmp_path / "found.jsonl", "--to", "csv")
    assert code == 1
    assert "the suffix .jsonl means jsonl output but --to is csv" in one_error_line(err)
    assert not (tmp_path / "found.jsonl").exists()


def test_detect_never_silently_picks_a_format_without_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "detect", NOTES, tmp_path / "found")
    assert code == 1
    assert "cannot hold the PHI spans" in one_error_line(err)
    assert not (tmp_path / "found").exists()
    code, _, err = run(capsys, "detect", NOTES, tmp_path / "found", "--to", "text")
    assert code == 0 and "the spans were not written" in err  # asked for: done, with a note


# --- 2. a failed run never blocks the corrected command ---------------------------------------


def test_a_failed_run_does_not_block_the_corrected_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = csv_notes(tmp_path / "notes.csv")
    target = tmp_path / "found.csv"
    code, _, err = run(capsys, "detect", notes, target, "--text-column", "TEXT")
    assert code == 1 and "name the column with --text-column" in one_error_line(err)
    assert not (tmp_path / ".found.csv.deidkit-run").exists()  # nothing left behind
    code, _, err = run(capsys, "detect", notes, target, "--model", "no-such-model",
                       "--text-column", "BODY")  # fmt: skip
    assert code == 1 and "unfinished run" not in err
    code, out, err = run(capsys, "detect", notes, target, "--text-column", "BODY")
    assert code == 0, err
    assert "found" in out and len(list(read_documents(target, "csv", text_column="BODY"))) == 2


def test_an_unfinished_run_with_finished_work_says_what_differs_and_both_ways_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deid"
    real = batch_runner.run_chunk
    calls: list[int] = []

    def interrupted(*args: object) -> object:
        calls.append(1)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(batch_runner, "run_chunk", interrupted)
    assert run(capsys, "deidentify", NOTES, target, "--chunk-size", "2")[0] == 130
    monkeypatch.setattr(batch_runner, "run_chunk", real)
    code, _, err = run(capsys, "deidentify", NOTES, target, "--chunk-size", "2", "--mode", "tag")
    line = one_error_line(err)
    assert code == 1
    assert "other settings (redaction options) has 2 document(s) done" in line
    assert "rerun its exact command to resume it, or pass --restart" in line
    code, _, _ = run(capsys, "deidentify", NOTES, target, "--chunk-size", "2", "--mode", "tag",
                     "--restart")  # fmt: skip
    assert code == 0 and len(list(target.glob("*.txt"))) == 10


# --- 3 and 4. experiment: the base install, and failures -----------------------------------


def test_experiment_without_matplotlib_writes_the_tables_and_says_which_extra(
    tmp_path: Path,
) -> None:
    blocked = (
        "import sys; sys.modules['matplotlib'] = None; "
        "from deidkit.cli.main import main; sys.exit(main(sys.argv[1:]))"
    )
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, "-c", blocked, "experiment", "cv", "--train", str(GOLD), "--model",
         "rules", "--folds", "2", "--bootstrap", "0", "--out", str(out), "-q"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        "note: matplotlib is not installed, so the experiment writes its tables without "
        "plots; pip install 'deidkit[report]' for plots"
    )
    assert (out / "folds.csv").is_file() and (out / "manifest.json").is_file()
    assert not list(out.glob("*.png"))
    assert "tables in" in done.stdout


def test_experiment_with_an_unknown_detector_or_parameter_stops_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ("experiment", "cv", "--train", GOLD, "--folds", "2", "--out", tmp_path / "r", "-q")
    code, _, err = run(capsys, *base, "--model", "no-such")
    assert code == 1 and "unknown detector 'no-such'" in one_error_line(err)
    code, _, err = run(capsys, *base, "--model", "crf", "--set", "no_such=1")
    assert code == 1 and "no parameter 'no_such'" in one_error_line(err)
    assert not (tmp_path / "r").exists()


def test_experiment_runs_that_fail_exit_non_zero_with_the_first_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "experiment", "cv", "--train", GOLD, "--model", "crf",
                         "--set", "max_iterations=-5", "--folds", "2", "--bootstrap", "0",
                         "--out", tmp_path / "r", "-q")  # fmt: skip
    assert code == 3
    assert "2 runs (2 failed)" in out
    assert one_error_line(err).startswith("deidkit: error: 2 of 2 runs failed; the first (")
    assert "max_iterations" in err


# --- 5. the input options, defined once, everywhere a corpus is read -------------------------

READERS = [
    ("deidentify",), ("detect",), ("train",), ("convert",), ("stats",), ("evaluate",),
    ("sample-size",), ("experiment",), ("reidentify",), ("annotate", "import"),
]  # fmt: skip
INPUT_OPTIONS = {"--format", "--text-column", "--id-column", "--patient-column",
                 "--date-column", "--delimiter"}  # fmt: skip


def _command(path: tuple[str, ...]) -> Any:
    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]  # type: ignore[attr-defined]
    return command


@pytest.mark.parametrize("path", READERS, ids=" ".join)
def test_every_command_that_reads_a_corpus_has_the_input_options(path: tuple[str, ...]) -> None:
    options = {name for param in _command(path).params for name in param.opts}
    assert options >= INPUT_OPTIONS


def test_detect_reads_a_semicolon_csv_with_the_csv_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = csv_notes(tmp_path / "export.csv", ";")
    code, _, err = run(capsys, "detect", notes, tmp_path / "found.jsonl")
    assert code == 1
    assert "pass --delimiter ';'" in one_error_line(err)  # item 8: the fix names --delimiter
    code, _, err = run(capsys, "detect", notes, tmp_path / "found.jsonl", "--delimiter", ";",
                         "--text-column", "BODY", "--id-column", "nid",
                         "--patient-column", "pid")  # fmt: skip
    assert code == 0, err
    found = list(read_documents(tmp_path / "found.jsonl", "jsonl"))
    assert [d.id for d in found] == ["n1", "n2"] and found[0].patient_id == "P1"
    assert {span.label for d in found for span in d.spans} >= {"DOCTOR", "DATE"}


# --- 6. train and the language ---------------------------------------------------------------

SPANISH = (
    "Paciente de 45 años que acude a la consulta del Dr. {name} por dolor en el pecho y "
    "fiebre desde hace dos días. Se le realiza una radiografía que muestra una neumonía, "
    "por lo que se pauta tratamiento con antibióticos y se cita para revisión en una semana."
)


def test_train_warns_when_the_corpus_looks_like_another_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = SPANISH.index("{name}")
    documents = [
        Document(f"es{i}", SPANISH.format(name=name), (Span(start, start + 4, "DOCTOR"),))
        for i, name in enumerate(("Ruiz", "Soto", "Vega", "Mora"))
    ]
    corpus = tmp_path / "es.jsonl"
    write_documents(documents, corpus, "jsonl")
    code, _, err = run(capsys, "train", "--model", "rules", "--corpus", corpus,
                       "--out", tmp_path / "m1")  # fmt: skip
    assert code == 0
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: the corpus looks like Spanish (es) but --lang is en: the en features will "
        "be used; pass --lang es if the notes are Spanish"
    ]
    assert not any(word in err for word in ("Ruiz", "paciente", "neumonía"))
    code, _, err = run(capsys, "train", "--model", "rules", "--corpus", corpus, "--lang", "es",
                       "--out", tmp_path / "m2")  # fmt: skip
    assert code == 0 and "warning:" not in err


def test_the_readme_trains_on_meddocan_in_spanish() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if "--corpus meddocan/train" in line]
    assert lines and all("--lang es" in line for line in lines)


# --- 7. consistency a user can see -----------------------------------------------------------


def test_the_demo_gives_each_patient_one_surrogate_name_and_one_date_shift(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    demo = (ROOT / "scripts" / "demo.sh").read_text(encoding="utf-8")
    assert "--patient-from-id '_([a-z]+)$'" in demo and "--key-file out/demo.key" in demo
    key = tmp_path / "demo.key"
    key.write_text("ab" * 32 + "\n", encoding="utf-8")
    mapping = tmp_path / "mapping.jsonl"
    code, _, err = run(capsys, "deidentify", NOTES, tmp_path / "out", "--lang", "en",
                       "--patient-from-id", "_([a-z]+)$", "--key-file", key,
                       "--mapping", mapping)  # fmt: skip
    assert code == 0, err
    entries = [json.loads(line) for line in mapping.read_text(encoding="utf-8").splitlines()]
    surnames: dict[str, set[str]] = defaultdict(set)
    shifts: dict[str, set[int]] = defaultdict(set)
    for entry in entries:
        assert entry["patient"] in {"finnegan", "delgado", "nguyen"}
        if entry["label"] == "PATIENT":  # "Harold J. Finnegan", "FINNEGAN, HAROLD J", ...
            new = entry["replacement"]
            surname = new.split(",")[0] if "," in new else new.split()[-1]
            surnames[entry["patient"]].add(surname.casefold())
        full = r"(\d{1,2})/(\d{1,2})/(\d{4})"
        old, new = re.fullmatch(full, entry["original"]), re.fullmatch(full, entry["replacement"])
        if entry["label"] == "DATE" and old and new:
            before = date(int(old[3]), int(old[1]), int(old[2]))
            after = date(int(new[3]), int(new[1]), int(new[2]))
            shifts[entry["patient"]].add((after - before).days)
    assert set(surnames) == {"finnegan", "delgado"}  # the third is named in no PATIENT span
    assert all(len(values) == 1 for values in surnames.values()), surnames
    assert len(shifts) >= 2 and all(len(days) == 1 for days in shifts.values()), shifts


def test_help_examples_survive_rich_markup(capsys: pytest.CaptureFixture[str]) -> None:
    import os

    os.environ["COLUMNS"] = "300"
    try:
        code, out, _ = run(capsys, "deidentify", "--help")
    finally:
        del os.environ["COLUMNS"]
    assert code == 0 and "'_([a-z]+)$'" in out


# --- 8. the smaller ones ---------------------------------------------------------------------


def test_synth_refuses_to_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "synth.jsonl"
    assert run(capsys, "synth", "--n", "2", "--out", target)[0] == 0
    before = target.read_bytes()
    code, _, err = run(capsys, "synth", "--n", "3", "--seed", "1", "--out", target)
    assert code == 1 and "exists; pass --force to replace it" in one_error_line(err)
    assert target.read_bytes() == before
    assert run(capsys, "synth", "--n", "3", "--seed", "1", "--out", target, "--force")[0] == 0
    assert len(list(read_documents(target, "jsonl"))) == 3


def test_synth_to_a_txt_path_makes_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "synth", "--n", "2", "--out", tmp_path / "x.txt")
    assert code == 1 and ".txt is not a corpus file suffix" in one_error_line(err)
    assert not (tmp_path / "x.txt").exists()
    assert run(capsys, "synth", "--n", "2", "--out", tmp_path / "x.csv")[0] == 0
    assert len(list(read_documents(tmp_path / "x.csv", "csv"))) == 2  # the suffix chose csv


def test_tables_printed_outside_a_terminal_are_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "evaluate", GOLD, GOLD, "--bootstrap", "0")
    assert code == 0 and "…" not in out and "100.0" in out
    code, out, _ = run(capsys, "resources", "list")
    assert code == 0 and "…" not in out and "GeoNames gazetteer" in out


def test_reidentify_moves_the_dates_of_one_patient_by_one_offset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = [
        Document("a", "Seen [**2101-3-4**], again [**2101-3-10**]. Admitted on [REMOVED].",
                 patient_id="P9"),
        Document("b", "Follow-up [**2101-3-24**]. Discharged on [REMOVED].", patient_id="P9"),
    ]  # fmt: skip
    write_documents(notes, tmp_path / "redacted.jsonl", "jsonl")
    code, _, err = run(capsys, "reidentify", tmp_path / "redacted.jsonl", tmp_path / "re.jsonl")
    assert code == 0, err
    found = list(read_documents(tmp_path / "re.jsonl", "jsonl"))
    iso = [
        date(*map(int, document.text[span.start : span.end].split("-")))
        for document in found
        for span in document.spans
        if re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", document.text[span.start : span.end])
    ]
    assert [(day - iso[0]).days for day in iso] == [0, 6, 20]  # the original intervals
    assert iso[0].year <= 2030  # brought back from MIMIC's 22nd century


def test_surrogate_addresses_are_coherent_and_ids_never_become_dates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "Lives in Dayton, OH 45402. MRN 2019-0412."
    notes = [
        Document(f"n{i}", text, (Span(9, 15, "CITY"), Span(17, 19, "STATE"),
                                 Span(20, 25, "ZIP"), Span(31, 40, "DATE")),
                 patient_id=f"P{i}")
        for i in range(6)
    ]  # fmt: skip
    write_documents(notes, tmp_path / "in.jsonl", "jsonl")
    code, _, err = run(capsys, "deidentify", tmp_path / "in.jsonl", tmp_path / "out.jsonl",
                       "--detector", "annotations", "--key-file", _key(tmp_path))  # fmt: skip
    assert code == 0, err
    for document in read_documents(tmp_path / "out.jsonl", "jsonl"):
        city, state, zip_code, date_like = (
            document.text[span.start : span.end] for span in document.spans
        )
        assert city in cities_of(state), (city, state)
        assert any(low <= int(zip_code[:3]) <= high for low, high in US_ZIP_PREFIXES[state])
        assert re.fullmatch(r"\d{4}-\d{4}", date_like) and date_like != "2019-0412"


def _key(tmp_path: Path) -> Path:
    key = tmp_path / "deid.key"
    key.write_text("cd" * 32 + "\n", encoding="utf-8")
    return key
