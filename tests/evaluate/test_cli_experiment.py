"""`deidkit experiment` and `deidkit report` from the command line (test-double detector)."""

from __future__ import annotations

import pytest
from eval_synthetic import memory_factory, synthetic_corpus

from deidkit.cli.experiment import parse_settings
from deidkit.cli.main import main
from deidkit.errors import ConfigError
from deidkit.evaluate.experiments import runner
from deidkit.io import write_documents


@pytest.fixture
def corpora(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "default_factory", memory_factory)
    train, test = tmp_path / "train.jsonl", tmp_path / "test.jsonl"
    corpus = synthetic_corpus(30)
    write_documents(corpus[:22], train, "jsonl")
    write_documents(corpus[22:], test, "jsonl")
    return train, test


def test_experiments_and_report(corpora, tmp_path, capsys):
    train, test = corpora
    results = tmp_path / "results"
    common = ["--train", str(train), "--test", str(test), "--quiet", "--bootstrap", "20"]
    assert (
        main(
            [
                "experiment",
                "cv",
                "--train",
                str(train),
                "--folds",
                "3",
                "--quiet",
                "--out",
                str(results / "cv"),
                "--set",
                "memory:ignored=1",
                "--model",
                "memory",
            ]
        )
        == 0
    )
    assert "Cross-validation: 3 runs (0 failed)" in capsys.readouterr().out
    assert (
        main(
            [
                "experiment",
                "learning-curve",
                *common,
                "--fractions",
                "1/4,1/2,1",
                "--model",
                "memory",
                "--out",
                str(results / "lc"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "experiment",
                "compare",
                *common,
                "--detectors",
                "memory,rules",
                "--rounds",
                "100",
                "--set",
                "rules:x=2",
                "--out",
                str(results / "compare"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "evaluate",
                str(test),
                str(test),
                "--results",
                str(results / "eval"),
                "--bootstrap",
                "10",
                "-o",
                "json",
                "--out",
                str(tmp_path / "e.json"),
            ]
        )
        == 0
    )
    capsys.readouterr()
    page = tmp_path / "report.html"
    assert main(["report", str(results), "--out", str(page), "--note", "synthetic"]) == 0
    html = page.read_text()
    for title in ("Cross-validation", "Learning curve", "Detector comparison", "Evaluation of"):
        assert title in html
    assert "data:image/png;base64," in html


def test_bad_options_are_one_line_errors(corpora, tmp_path, capsys):
    train, _ = corpora
    out = str(tmp_path / "x")
    assert (
        main(
            [
                "experiment",
                "compare",
                "--train",
                str(train),
                "--out",
                out,
                "--detectors",
                "memory",
                "--set",
                "crf:c2=1",
                "--quiet",
            ]
        )
        == 1
    )
    assert "no detector 'crf'" in capsys.readouterr().err
    assert (
        main(
            [
                "experiment",
                "learning-curve",
                "--train",
                str(train),
                "--out",
                out,
                "--fractions",
                "a,b",
                "--quiet",
            ]
        )
        == 1
    )
    assert "--fractions" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "nothing-here"), "--out", str(tmp_path / "r.html")]) == 1


def test_parse_settings():
    assert parse_settings(["c2=0.1", "crf:kernel=gaussian", "svm:C=[1, 2]", "name=x=y"]) == {
        None: {"c2": 0.1, "name": "x=y"},
        "crf": {"kernel": "gaussian"},
        "svm": {"C": [1, 2]},
    }
    with pytest.raises(ConfigError):
        parse_settings(["novalue"])
