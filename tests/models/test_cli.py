"""deidkit train / detect / models from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.cli.models import merge_settings, parse_value
from deidkit.errors import ConfigError
from deidkit.io import read_documents, write_documents
from deidkit.types import Document


@pytest.fixture(scope="module")
def corpus(train_notes: list[Document], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "train.jsonl"
    write_documents(train_notes, path, "jsonl")
    return path


@pytest.fixture(scope="module")
def notes(test_notes: list[Document], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("notes") / "notes.jsonl"
    write_documents([d.with_spans(()) for d in test_notes], path, "jsonl")
    return path


@pytest.mark.parametrize(
    ("model", "extra"),
    [
        ("crf", ["--set", "c2=0.5", "--set", "sampling=random", "--set", "sampling_p=0.5"]),
        ("svm", ["--set", "C=0.5"]),
        ("tree", ["--set", "rounds=3", "--set", "features.window=2"]),
        ("rules", []),
        ("ensemble", ["--set", 'members=[{"detector": "rules"}, {"detector": "svm"}]']),
    ],
)
def test_train_then_detect(model: str, extra: list[str], corpus: Path, notes: Path,
                           tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / model
    code = main(["train", "--model", model, "--corpus", str(corpus), "--out", str(out), *extra])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert f"trained {model} on 40 documents" in captured.out and "s; saved to" in captured.out
    config = json.loads((out / "config.json").read_text())
    assert config["detector"] == model
    if model == "tree":
        assert config["params"]["rounds"] == 3 and config["params"]["features"]["window"] == 2
    predicted = tmp_path / "predicted.jsonl"
    code = main(["detect", str(notes), str(predicted), "--model", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "PHI spans in 16 documents" in captured.out
    documents = list(read_documents(predicted))
    assert len(documents) == 16 and sum(len(d.spans) for d in documents) > 0


def test_train_reports_progress_and_time(corpus: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--model", "crf", "--corpus", str(corpus),
                 "--out", str(tmp_path / "m"), "--meta", "credit=synthetic notes, CC0"]) == 0
    captured = capsys.readouterr()
    assert "read 40 documents" in captured.err and "crf: stopped after" in captured.err
    metadata = json.loads((tmp_path / "m" / "metadata.json").read_text())
    assert metadata["credit"] == "synthetic notes, CC0"
    assert metadata["corpora"] == [{"path": "train.jsonl", "format": "jsonl", "documents": 40,
                                    "spans": 320}]


def test_detect_with_default_model_and_output_format(notes: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "brat"
    assert main(["detect", str(notes), str(out), "--to", "brat"]) == 0
    assert "jsonl -> brat" in capsys.readouterr().out
    assert sorted(out.glob("*.ann"))


def test_tampered_model_is_refused_on_the_command_line(
    corpus: Path, notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "svm"
    assert main(["train", "--model", "svm", "--corpus", str(corpus), "--out", str(out)]) == 0
    capsys.readouterr()
    weights = out / "svm.npz"
    weights.write_bytes(weights.read_bytes()[:-10] + b"0123456789")
    code = main(["detect", str(notes), str(tmp_path / "x.jsonl"), "--model", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and "[E310]" in err and "svm.npz" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.jsonl").exists()


def test_models_lists_shipped_models(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "en (default for en): ensemble" in out
    assert main(["models", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {row["name"] for row in rows} >= {"en", "es"}
    assert main(["models", "en"]) == 0
    assert "ensemble model" in capsys.readouterr().out


def test_bad_options_are_one_line_errors(corpus: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--model", "crf", "--corpus", str(corpus), "--out",
                 str(tmp_path / "m"), "--set", "c9=1"]) == 1
    assert "no parameter 'c9'" in capsys.readouterr().err
    assert main(["train", "--model", "lstm", "--corpus", str(corpus), "--out",
                 str(tmp_path / "m")]) == 1
    assert "use one of" in capsys.readouterr().err
    assert main(["train", "--model", "crf", "--out", str(tmp_path / "m")]) == 1
    assert "needs --corpus" in capsys.readouterr().err
    assert main(["detect", str(corpus), str(tmp_path / "o.jsonl"), "--model", "nope"]) == 1
    assert "no shipped model or folder named 'nope'" in capsys.readouterr().err


def test_config_file_and_set(tmp_path: Path) -> None:
    assert parse_value("0.5") == 0.5 and parse_value("true") is True
    assert parse_value("quadratic") == "quadratic"
    params, features = merge_settings({"c2": 0.1, "features": {"window": 3}},
                                      ["c1=0.2", "features.affix_max=4"])
    assert params == {"c2": 0.1, "c1": "0.2"} and features == {"window": 3, "affix_max": 4}
    with pytest.raises(ConfigError, match="key=value"):
        merge_settings({}, ["c1"])
    config = tmp_path / "crf.toml"
    config.write_text('c2 = 0.2\n[features]\nwindow = 2\n')
    out = tmp_path / "m"
    assert main(["train", "--model", "rules", "--out", str(out), "--config", str(config)]) == 1
