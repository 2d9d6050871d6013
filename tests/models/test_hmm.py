"""The IdentiFinder-style HMM detector: word features, Viterbi, training, saving, crafted notes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from deidkit.cli.main import main
from deidkit.corpus.notes import printouts
from deidkit.corpus.synth import generate
from deidkit.errors import ConfigError, NotFittedError
from deidkit.io import read_documents, write_documents
from deidkit.models import build_detector, load_model
from deidkit.models.hmm import HMMDetector, sentences, word_feature
from deidkit.text import tokenize
from deidkit.types import Document

from .crafted import CRAFTED


@pytest.fixture(scope="module")
def synthetic() -> list[Document]:
    return list(generate(300, seed=5))


@pytest.fixture(scope="module")
def hmm(synthetic: list[Document]) -> HMMDetector:
    detector = build_detector("hmm").fit(synthetic)
    assert isinstance(detector, HMMDetector)
    return detector


@pytest.mark.parametrize(
    ("word", "first", "feature"),
    [
        ("12", False, "twoDigitNum"), ("2011", False, "fourDigitNum"),
        ("123", False, "otherNum"), ("A1c", False, "containsDigitAndAlpha"),
        ("3-7-2011", False, "containsDigitAndDash"), ("120/80", False, "containsDigitAndSlash"),
        ("1,000", False, "containsDigitAndComma"), ("98.6", False, "containsDigitAndPeriod"),
        ("1:15", False, "containsDigitAndOther"), ("ICU", False, "allCaps"),
        ("J.", False, "capPeriod"), ("Patient", True, "firstWord"),
        ("Brenning", False, "initCap"), ("fever", False, "lowerCase"),
        ("-", False, "punctuation"), ("McDonald", False, "initCap"), ("iPhone", False, "other"),
        ("García", False, "initCap"), ("NIÑO", True, "allCaps"),
    ],
)
def test_word_features_follow_identifinder(word: str, first: bool, feature: str) -> None:
    assert word_feature(word, first) == feature


def test_sentences_cover_every_token_once() -> None:
    text = "Seen by Dr. Smith today.\nBP 120/80. Plan: follow up.\n\nSigned"
    tokens = tokenize(text)
    ranges = list(sentences(text, tokens))
    assert [i for r in ranges for i in r] == list(range(len(tokens)))
    assert len(ranges) >= 3


def test_learns_obvious_phi_in_crafted_notes(hmm: HMMDetector) -> None:
    for note in CRAFTED:
        predicted = hmm.predict([note.with_spans(())])[0].spans
        for gold in note.spans:
            assert any(p.start < gold.end and gold.start < p.end for p in predicted), gold.label
        for word in ("hospital", "pneumonia", "antibiotic", "appointments"):
            at = note.text.index(word)
            assert not any(p.start <= at < p.end for p in predicted), word


def test_predicted_types_and_sources(hmm: HMMDetector) -> None:
    predicted = hmm.predict([CRAFTED[0].with_spans(())])[0].spans
    by_text = {CRAFTED[0].text[s.start : s.end]: s for s in predicted}
    assert by_text["(617) 555-0199"].label == "PHONE"
    assert all(span.source == "hmm" for span in predicted)


def test_held_out_synthetic_notes_score_well(hmm: HMMDetector) -> None:
    from deidkit.evaluate.evaluation import PHI, evaluate

    test = list(generate(40, seed=77))
    result = evaluate(test, hmm.predict([d.with_spans(()) for d in test]))
    assert result.measure(("token", "binary", PHI), "recall") > 0.85
    assert result.measure(("token", "binary", PHI), "precision") > 0.85


def test_viterbi_prefers_the_trained_class_sequence(hmm: HMMDetector) -> None:
    text = "Call (617) 555-0199 today."
    tokens = tokenize(text)
    path, starts = hmm.viterbi(hmm._encode(tokens, range(len(tokens))))
    labels = [hmm.classes_[state] for state in path]
    assert labels[0] == "O" and labels[-1] == "O"
    assert set(labels[1:-2]) == {"PHONE"} and starts[1]


def test_save_load_round_trip_is_identical(hmm: HMMDetector, tmp_path: Path) -> None:
    test = list(generate(10, seed=8))
    hmm.save(tmp_path / "hmm")
    loaded = load_model(tmp_path / "hmm")
    assert isinstance(loaded, HMMDetector)
    assert loaded.predict(test) == hmm.predict(test)
    config = json.loads((tmp_path / "hmm" / "config.json").read_text())
    assert config["detector"] == "hmm" and config["params"] == {"lang": "en", "min_count": 2}


def test_probabilities_are_normalised(hmm: HMMDetector) -> None:
    """Each back-off distribution sums to 1 over its outcomes."""
    k = len(hmm.classes_)
    word = hmm.words_["dr."]
    assert np.allclose(np.exp(hmm._log_trans(word)).sum(axis=1), 1.0)
    words = np.arange(hmm.word_class_.shape[0])
    assert np.allclose(hmm._p_word[words].sum(axis=0), 1.0)
    assert hmm._p_feature.sum(axis=0) == pytest.approx(np.ones(k))


@pytest.mark.parametrize("params", [{"min_count": 0}, {"lang": "fr"}, {"min_count": 1.5}])
def test_bad_parameters_are_one_line_errors(params: dict[str, object]) -> None:
    with pytest.raises(ConfigError) as caught:
        build_detector("hmm", params).fit(CRAFTED)
    assert "\n" not in str(caught.value) and "hmm:" in str(caught.value)


def test_predict_before_fit_raises() -> None:
    with pytest.raises(NotFittedError):
        HMMDetector().predict(CRAFTED)


def test_train_and_detect_from_the_command_line(
    synthetic: list[Document], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "train.jsonl"
    write_documents(synthetic[:120], corpus, "jsonl")
    notes = tmp_path / "notes.jsonl"
    write_documents([d.with_spans(()) for d in CRAFTED], notes, "jsonl")
    out = tmp_path / "model"
    code = main(["train", "--model", "hmm", "--corpus", str(corpus), "--out", str(out),
                 "--set", "min_count=1"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "trained hmm on 120 documents" in captured.out
    predicted = tmp_path / "predicted.jsonl"
    assert main(["detect", str(notes), str(predicted), "--model", str(out)]) == 0
    documents = list(read_documents(predicted))
    assert any(span.label == "PHONE" for span in documents[0].spans)
    code = main(["train", "--model", "hmm", "--corpus", str(corpus), "--out",
                 str(tmp_path / "bad"), "--set", "min_count=0"])
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if "error" in line]
    assert code == 1 and len(errors) == 1 and errors[0].startswith("deidkit: error: [E")
    assert "min_count" in errors[0] and captured.err.endswith(errors[0] + "\n")


@pytest.mark.slow
def test_hmm_and_winnow_in_compare_cv_and_variants(tmp_path: Path) -> None:
    from deidkit.evaluate.results import Results

    # the 65 families this smoke test's F1 bar was set on: a 16-note HMM or one-epoch winnow
    # learns little from the printout and log tables added since (corpus.notes.printouts)
    later = tuple(family.id for family in printouts.FAMILIES)
    notes = list(generate(24, seed=11, exclude=later))
    write_documents(notes[:16], tmp_path / "train.jsonl", "jsonl")
    write_documents(notes[16:], tmp_path / "test.jsonl", "jsonl")
    for side, part in (("train", notes[:16]), ("test", notes[16:])):
        write_documents(part, tmp_path / "variants" / side / "plain.jsonl", "jsonl")
    common = ["--bootstrap", "0", "--quiet", "--set", "winnow:epochs=1"]
    split = ["--train", str(tmp_path / "train.jsonl"), "--test", str(tmp_path / "test.jsonl")]
    out = tmp_path / "results"
    assert main(["experiment", "compare", *split, "--detectors", "hmm,winnow", "--rounds",
                 "50", *common, "--out", str(out / "compare")]) == 0
    tokens = next(t for t in Results.load(out / "compare").tables if t["name"] == "tokens")
    assert [row["method"] for row in tokens["rows"]] == ["hmm", "hmm", "winnow", "winnow"]
    assert all(row["f1"] > 0.5 for row in tokens["rows"])
    assert main(["experiment", "variants", "--train", str(tmp_path / "variants" / "train"),
                 "--test", str(tmp_path / "variants" / "test"), "--detectors", "hmm,winnow",
                 *common, "--out", str(out / "variants")]) == 0
    assert len(Results.load(out / "variants").tables[0]["rows"]) == 2
    assert main(["experiment", "cv", "--train", str(tmp_path / "train.jsonl"), "--model",
                 "hmm", "--folds", "2", "--bootstrap", "0", "--quiet",
                 "--out", str(out / "cv")]) == 0
    assert len(Results.load(out / "cv").tables[0]["rows"]) == 2
