"""`deidkit evaluate` and `deidkit sample-size` end to end on synthetic JSONL corpora."""

from __future__ import annotations

import csv
import io
import json

import pytest
from eval_synthetic import doc

from deidkit.cli.main import main
from deidkit.io import write_documents

TEXT = "Ann Lee was seen on 3/4/2020 at Mercy Hospital by Dr. Bob Ray."


@pytest.fixture
def corpora(tmp_path):
    gold = [
        doc(
            TEXT,
            ("Ann Lee", "PATIENT"),
            ("3/4/2020", "DATE"),
            ("Mercy Hospital", "HOSPITAL"),
            ("Bob Ray", "DOCTOR"),
            doc_id=f"n{i}",
        )
        for i in range(12)
    ]
    # misses the patient name in the first eight notes
    weak = [d.with_spans(d.spans[1:]) if i < 8 else d for i, d in enumerate(gold)]
    paths = {name: tmp_path / f"{name}.jsonl" for name in ("gold", "pred", "weak")}
    write_documents(gold, paths["gold"], "jsonl")
    write_documents(gold, paths["pred"], "jsonl")
    write_documents(weak, paths["weak"], "jsonl")
    return paths


def test_table_output(corpora, capsys):
    assert main(["evaluate", str(corpora["gold"]), str(corpora["weak"]), "--bootstrap", "50"]) == 0
    out = capsys.readouterr().out
    assert "token PHI" in out and "entity strict" in out and "bootstrap intervals" in out
    assert "By category" in out and "PHI confusion matrix" in out
    assert "Ann" not in out  # no note text in the output


def test_json_output_and_results_folder(corpora, tmp_path, capsys):
    results = tmp_path / "results"
    code = main(
        [
            "evaluate",
            str(corpora["gold"]),
            str(corpora["weak"]),
            "--output",
            "json",
            "--bootstrap",
            "50",
            "--results",
            str(results),
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["documents"] == 12
    strict = next(row for row in data["summary"] if row["level"] == "entity-strict")
    assert (strict["tp"], strict["fn"]) == (40, 8)
    assert strict["recall"] == pytest.approx(40 / 48)
    assert data["leak_rate"] == pytest.approx(8 / 24)  # 8 patient names of 24 NAME instances
    manifest = json.loads((results / "manifest.json").read_text())
    assert manifest["kind"] == "evaluation"
    assert {t["name"] for t in manifest["tables"]} >= {"summary", "groups", "bio_confusion"}
    assert (results / "groups.csv").exists()


def test_csv_output_to_file(corpora, tmp_path):
    out = tmp_path / "groups.csv"
    assert (
        main(
            [
                "evaluate",
                str(corpora["gold"]),
                str(corpora["pred"]),
                "-o",
                "csv",
                "--out",
                str(out),
                "--bootstrap",
                "0",
            ]
        )
        == 0
    )
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    phi = next(r for r in rows if (r["level"], r["scope"], r["name"]) == ("token", "binary", "PHI"))
    assert float(phi["f1"]) == 1.0
    assert phi["f1_low"] == ""  # no bootstrap asked


def test_compare_adds_paired_test(corpora, capsys):
    code = main(
        [
            "evaluate",
            str(corpora["gold"]),
            str(corpora["weak"]),
            "--compare",
            str(corpora["pred"]),
            "--output",
            "json",
            "--bootstrap",
            "0",
            "--rounds",
            "300",
        ]
    )
    assert code == 0
    tests = json.loads(capsys.readouterr().out)["paired_tests"]
    recall = next(t for t in tests if t["group"] == "token/binary/PHI" and t["measure"] == "recall")
    assert recall["difference"] > 0 and recall["p_value"] < 0.05


def test_missing_prediction_is_a_one_line_error(corpora, tmp_path, capsys):
    partial = tmp_path / "partial.jsonl"
    lines = corpora["pred"].read_text().splitlines()[:3]
    partial.write_text("\n".join(lines) + "\n")
    assert main(["evaluate", str(corpora["gold"]), str(partial)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("deidkit: error: [E100]") and "no prediction for gold document" in err
    assert len(err.strip().splitlines()) == 1


def test_needs_pred_or_model(corpora, capsys):
    assert main(["evaluate", str(corpora["gold"])]) == 1
    assert "--model" in capsys.readouterr().err


def test_sample_size_command(corpora, capsys):
    assert main(["sample-size", "--from", "0.90", "--to", "0.93"]) == 0
    assert capsys.readouterr().out.startswith("1068 PHI instances needed")
    code = main(
        [
            "sample-size",
            "--margin",
            "0.03",
            "--corpus",
            str(corpora["gold"]),
            "--pred",
            str(corpora["weak"]),
            "--bootstrap",
            "100",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "48 PHI instances; short by 1020" in out
    assert "instance recall: 0.833" in out and "too wide" in out
    assert main(["sample-size"]) == 1


def test_model_form_predicts_without_seeing_gold(corpora, capsys):
    # the shipped English default (rules) finds the date and the hospital in every note
    code = main(
        ["evaluate", str(corpora["gold"]), "--model", "en", "-o", "json", "--bootstrap", "0"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    date = next(g for g in data["groups"] if (g["level"], g["name"]) == ("token", "DATE"))
    assert date["recall"] == 1.0
    phi = data["summary"][0]
    assert phi["tp"] + phi["fn"] == 12 * 7  # gold PHI tokens are all counted
    assert main(["evaluate", str(corpora["gold"]), "--model", "no-such-model"]) == 1
    assert "no-such-model" in capsys.readouterr().err
