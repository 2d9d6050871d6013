"""The SNoW-style winnow detector: the learner, the constraint step, training, saving, notes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.errors import ConfigError, NotFittedError
from deidkit.io import read_documents, write_documents
from deidkit.models import build_detector, load_model
from deidkit.models.winnow import (
    WinnowDetector,
    WinnowUnits,
    constrain,
    context_features,
    incompatible_pairs,
)
from deidkit.text import tokenize
from deidkit.types import Document

from .crafted import CRAFTED


@pytest.fixture(scope="module")
def synthetic() -> list[Document]:
    return list(generate(250, seed=5))


@pytest.fixture(scope="module")
def winnow(synthetic: list[Document]) -> WinnowDetector:
    detector = build_detector("winnow").fit(synthetic)
    assert isinstance(detector, WinnowDetector)
    return detector


def test_units_learn_a_separable_problem() -> None:
    """Feature 0 means label 1, feature 1 means label 2, feature 2 is noise on everything."""
    units = WinnowUnits(3, 3, promotion=1.5, demotion=0.7, threshold=1.0, margin=0.2,
                        initial_weight=0.5)
    examples = [(np.asarray([0, 2]), 1), (np.asarray([1, 2]), 2), (np.asarray([2]), 0)] * 30
    for ids, label in examples:
        units.learn(ids, label)
    for ids, label in examples[:3]:
        assert int(units.activations(ids).argmax()) == label
    assert units.weights[1, 1] == 0.0  # never seen with label 1: not linked (sparse network)
    assert units.weights[0, 1] > units.initial_weight  # promoted


def test_units_update_only_on_mistakes() -> None:
    units = WinnowUnits(2, 2, promotion=2.0, demotion=0.5, threshold=1.0, margin=0.0,
                        initial_weight=1.0)
    units.learn(np.asarray([0]), 1)  # linked at 1.0: activation reaches the threshold
    assert units.mistakes == 0 and units.weights[0, 1] == 1.0
    units.learn(np.asarray([0]), 0)  # unit 1 fires on a negative example: demoted
    assert units.weights[0, 1] == 0.5 and units.mistakes == 1


def test_context_features_have_words_tags_conjunctions_and_ngrams() -> None:
    names = list(context_features(["seen", "by", "dr.", "smith"], ["V", "P", "N", "N"], 3))
    assert "w-1=dr." in names and "w+1=</s>" in names and "t-2=P" in names
    assert "t-1&w0=N&smith" in names and "w-1w0=dr. smith" in names
    assert "t-2t-1t0=P N N" in names and "w-1w0w+1=dr. smith </s>" in names


def test_incompatible_pairs_need_enough_evidence() -> None:
    sentences = [{"DATE"}] * 10 + [{"PHONE"}] * 10 + [{"DATE", "AGE"}] * 5 + [{"ZIP"}]
    pairs = incompatible_pairs(sentences, ("O", "AGE", "DATE", "PHONE", "ZIP"), 3.0)
    assert ("DATE", "PHONE") in pairs  # 15 x 10 / 26 = 5.8 expected, never together
    assert ("AGE", "DATE") not in pairs  # seen together
    assert not any("ZIP" in pair for pair in pairs)  # too rare to tell


def test_constraints_relabel_the_weaker_entity() -> None:
    text = "Smith called John"
    tokens = tokenize(text)
    classes = ("O", "DOCTOR", "PATIENT")
    scores = np.asarray([[0.1, 5.0, 1.0], [9.0, 0.0, 0.0], [0.5, 2.0, 1.8]])
    labels = ["DOCTOR", "O", "DOCTOR"]
    constrain(tokens, range(3), scores, labels, classes, {("DOCTOR", "DOCTOR")}, text)
    assert labels == ["DOCTOR", "O", "PATIENT"]
    labels = ["DOCTOR", "O", "DOCTOR"]
    constrain(tokens, range(3), scores, labels, classes, {("DOCTOR", "PATIENT")}, text)
    assert labels == ["DOCTOR", "O", "DOCTOR"]  # compatible: unchanged
    both = {("DOCTOR", "PATIENT"), ("DOCTOR", "DOCTOR")}
    constrain(tokens, range(3), scores, labels, classes, both, text)
    assert labels == ["DOCTOR", "O", "O"]  # no compatible name label left


def test_one_label_per_entity() -> None:
    text = "John Smith left"
    tokens = tokenize(text)
    classes = ("O", "DOCTOR", "PATIENT")
    scores = np.asarray([[0.0, 1.0, 3.0], [0.0, 2.0, 1.5], [5.0, 0.0, 0.0]])
    labels = ["PATIENT", "DOCTOR", "O"]
    constrain(tokens, range(3), scores, labels, classes, set(), text)
    assert labels == ["PATIENT", "PATIENT", "O"]


@pytest.mark.slow
def test_learns_obvious_phi_in_crafted_notes(winnow: WinnowDetector) -> None:
    for note in CRAFTED:
        predicted = winnow.predict([note.with_spans(())])[0].spans
        for gold in note.spans:
            assert any(p.start < gold.end and gold.start < p.end for p in predicted), gold.label
        for word in ("hospital", "pneumonia", "antibiotic", "appointments"):
            at = note.text.index(word)
            assert not any(p.start <= at < p.end for p in predicted), word
        assert all(p.source == "winnow" and 0 < (p.score or 0) <= 1 for p in predicted)


@pytest.mark.slow
def test_held_out_synthetic_notes_score_well(winnow: WinnowDetector) -> None:
    from deidkit.evaluate.evaluation import PHI, evaluate

    test = list(generate(40, seed=77))
    result = evaluate(test, winnow.predict([d.with_spans(()) for d in test]))
    assert result.measure(("token", "binary", PHI), "recall") > 0.8
    assert result.measure(("token", "binary", PHI), "precision") > 0.9


@pytest.mark.slow
def test_save_load_round_trip_is_identical(winnow: WinnowDetector, tmp_path: Path) -> None:
    test = list(generate(10, seed=8))
    winnow.save(tmp_path / "winnow")
    loaded = load_model(tmp_path / "winnow")
    assert isinstance(loaded, WinnowDetector)
    assert loaded.predict(test) == winnow.predict(test)
    config = json.loads((tmp_path / "winnow" / "config.json").read_text())
    assert config["detector"] == "winnow"
    assert config["params"]["features"]["classes"] == [
        "word", "orthography", "affix", "pos", "dictionary"
    ]


@pytest.mark.parametrize(
    "params",
    [{"promotion": 0.9}, {"demotion": 1.2}, {"threshold": 0}, {"margin": 5.0},
     {"epochs": 0}, {"min_count": 0}, {"min_expected": -1}, {"lang": "fr"}],
)
def test_bad_parameters_are_one_line_errors(params: dict[str, object]) -> None:
    with pytest.raises(ConfigError) as caught:
        build_detector("winnow", params).fit(CRAFTED)
    assert "\n" not in str(caught.value)


def test_predict_before_fit_raises() -> None:
    with pytest.raises(NotFittedError):
        WinnowDetector().predict(CRAFTED)


@pytest.mark.slow
def test_train_and_detect_from_the_command_line(
    synthetic: list[Document], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "train.jsonl"
    write_documents(synthetic[:60], corpus, "jsonl")
    notes = tmp_path / "notes.jsonl"
    write_documents([d.with_spans(()) for d in CRAFTED], notes, "jsonl")
    out = tmp_path / "model"
    code = main(["train", "--model", "winnow", "--corpus", str(corpus), "--out", str(out),
                 "--set", "epochs=2", "--set", "constraints=false"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "trained winnow on 60 documents" in captured.out
    config = json.loads((out / "config.json").read_text())
    assert config["params"]["epochs"] == 2 and config["params"]["constraints"] is False
    predicted = tmp_path / "predicted.jsonl"
    assert main(["detect", str(notes), str(predicted), "--model", str(out)]) == 0
    documents = list(read_documents(predicted))
    assert any(span.label == "PHONE" for span in documents[0].spans)
    code = main(["train", "--model", "winnow", "--corpus", str(corpus), "--out",
                 str(tmp_path / "bad"), "--set", "promotion=0.5"])
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if "error" in line]
    assert code == 1 and len(errors) == 1 and errors[0].startswith("deidkit: error: [E")
    assert "promotion" in errors[0] and captured.err.endswith(errors[0] + "\n")
