"""Operating points: thresholds on the detectors' confidence, saved with the model, chosen for
a recall target, applied from the command line and the API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import deidkit
from deidkit.cli.main import main
from deidkit.corpus.synth import generate
from deidkit.errors import ConfigError
from deidkit.evaluate.curve import split_held_out, threshold_curve
from deidkit.io import write_documents
from deidkit.labels import Category, category_of
from deidkit.models import build_detector, load_model
from deidkit.models.base import BaseDetector
from deidkit.models.operating import CURVE_THRESHOLDS, CurvePoint, choose_threshold
from deidkit.types import Document

LEAN = {"classes": ["word", "orthography", "regex", "affix", "context"], "window": 2}
THRESHOLDS = (0.3, 0.5, 0.7, 0.9, 0.99, 0.9999)


@pytest.fixture(scope="module")
def synth_crf() -> BaseDetector:
    """A small CRF trained on 200 synthetic notes (out-of-dictionary names: it is unsure)."""
    documents = list(generate(200, seed=5, variant="out-of-dictionary"))
    detector = build_detector(
        "crf", {"max_iterations": 25, "tagging": "io-bio-names", "c1": 0.05, "c2": 0.05},
        LEAN,
    )
    return detector.fit(documents)


@pytest.fixture(scope="module")
def held_notes() -> list[Document]:
    return list(generate(60, seed=6, variant="out-of-dictionary"))


def _phi_tokens(detector: BaseDetector, documents: list[Document]) -> int:
    predicted = detector.predict([d.with_spans(()) for d in documents])
    return sum(len(d.text[s.start : s.end].split()) for d in predicted for s in d.spans)


def test_threshold_moves_recall_up_and_precision_down(
    synth_crf: BaseDetector, held_notes: list[Document]
) -> None:
    points = threshold_curve(synth_crf, held_notes, THRESHOLDS, argmax=False)
    recalls = [p.recall for p in points]
    precisions = [p.precision for p in points]
    assert recalls == sorted(recalls)
    assert precisions == sorted(precisions, reverse=True)
    assert recalls[-1] > recalls[0] and precisions[-1] < precisions[0]
    assert synth_crf.decision_threshold is None  # the curve puts the detector back


def test_threshold_marks_more_tokens_and_none_is_argmax(
    synth_crf: BaseDetector, held_notes: list[Document]
) -> None:
    texts = [d.with_spans(()) for d in held_notes]
    argmax = synth_crf.predict(texts)
    counts = []
    for threshold in THRESHOLDS:
        synth_crf.set_threshold(threshold)
        counts.append(_phi_tokens(synth_crf, held_notes))
    synth_crf.set_threshold(None)
    assert counts == sorted(counts) and counts[-1] > counts[0]
    assert [d.spans for d in synth_crf.predict(texts)] == [d.spans for d in argmax]


def test_saved_model_round_trips_its_threshold(
    synth_crf: BaseDetector, held_notes: list[Document], tmp_path: Path
) -> None:
    texts = [d.with_spans(()) for d in held_notes[:10]]
    argmax = synth_crf.predict(texts)
    synth_crf.save(tmp_path / "plain")
    plain = load_model(tmp_path / "plain")
    assert plain.decision_threshold is None
    assert [d.spans for d in plain.predict(texts)] == [d.spans for d in argmax]

    synth_crf.set_threshold(0.97)
    expected = synth_crf.predict(texts)
    synth_crf.save(tmp_path / "at-097")
    synth_crf.set_threshold(None)
    loaded = load_model(tmp_path / "at-097")
    assert loaded.decision_threshold == 0.97
    metadata = json.loads((tmp_path / "at-097" / "metadata.json").read_text())
    assert metadata["operating_point"]["threshold"] == 0.97
    assert [d.spans for d in loaded.predict(texts)] == [d.spans for d in expected]
    assert [d.spans for d in expected] != [d.spans for d in argmax]
    # the API's threshold overrides the saved one
    found = deidkit.detect(texts, model=loaded, threshold=0.5)
    assert loaded.decision_threshold == 0.5 and len(found) == len(texts)


def test_ensemble_puts_its_members_at_its_threshold(
    synth_crf: BaseDetector, tmp_path: Path
) -> None:
    documents = list(generate(40, seed=7))
    ensemble = build_detector("ensemble", {"members": [
        {"detector": "crf", "params": {"max_iterations": 5, "features": LEAN}},
        {"detector": "rules"},
    ]}).fit(documents)
    ensemble.set_threshold(0.9)
    crf, rules = ensemble.detectors_  # type: ignore[attr-defined]
    assert crf.decision_threshold == 0.9 and rules.decision_threshold is None
    ensemble.save(tmp_path / "ensemble")
    loaded = load_model(tmp_path / "ensemble")
    assert loaded.decision_threshold == 0.9
    assert loaded.detectors_[0].decision_threshold == 0.9  # type: ignore[attr-defined]


def test_detectors_without_confidence_and_bad_thresholds_are_refused(
    synth_crf: BaseDetector,
) -> None:
    with pytest.raises(ConfigError, match="no confidence"):
        build_detector("rules").fit([]).set_threshold(0.9)
    for bad in (0.0, 1.5, -1.0, float("nan")):
        with pytest.raises(ConfigError):
            synth_crf.set_threshold(bad)
    assert synth_crf.decision_threshold is None


def _name_tokens(documents: list[Document]) -> int:
    return sum(
        len(d.text[s.start : s.end].split()) for d in documents for s in d.spans
        if category_of(s.label) is Category.NAME
    )


def test_thresholds_per_category_move_their_category_only(
    synth_crf: BaseDetector, held_notes: list[Document], tmp_path: Path
) -> None:
    """A category's own threshold marks more of its tokens and none of the others'; the same
    value for every category is the one threshold; it is saved, loaded and overridden."""
    texts = [d.with_spans(()) for d in held_notes]
    synth_crf.set_threshold(0.7)
    plain = synth_crf.predict(texts)
    synth_crf.set_threshold(0.7, {"NAME": 0.7, "ID": 0.7})
    assert [d.spans for d in synth_crf.predict(texts)] == [d.spans for d in plain]
    synth_crf.set_threshold(0.7, {"NAME": 0.9999})
    names = synth_crf.predict(texts)
    assert _name_tokens(names) > _name_tokens(plain)
    others = [[s for s in d.spans if category_of(s.label) is not Category.NAME] for d in names]
    assert others == [[s for s in d.spans if category_of(s.label) is not Category.NAME]
                      for d in plain]
    synth_crf.save(tmp_path / "names")
    loaded = load_model(tmp_path / "names")
    metadata = json.loads((tmp_path / "names" / "metadata.json").read_text())
    assert metadata["operating_point"] == {"threshold": 0.7, "categories": {"NAME": 0.9999}}
    assert dict(loaded.category_thresholds) == {"NAME": 0.9999}
    assert [d.spans for d in loaded.predict(texts)] == [d.spans for d in names]
    loaded.set_threshold(0.7)  # --threshold T: one threshold for every category again
    assert not loaded.category_thresholds
    assert [d.spans for d in loaded.predict(texts)] == [d.spans for d in plain]
    synth_crf.set_threshold(None)


def test_bad_thresholds_per_category_are_refused(synth_crf: BaseDetector) -> None:
    with pytest.raises(ConfigError, match="no PHI category"):
        synth_crf.set_threshold(0.9, {"NAMES": 0.97})
    with pytest.raises(ConfigError, match="above 0"):
        synth_crf.set_threshold(0.9, {"NAME": 1.5})
    with pytest.raises(ConfigError, match="threshold for the other categories"):
        synth_crf.set_threshold(None, {"NAME": 0.97})
    svm = build_detector("svm").fit(list(generate(20, seed=8)))
    with pytest.raises(ConfigError, match="no threshold per category"):
        svm.set_threshold(0.9, {"NAME": 0.97})
    assert synth_crf.decision_threshold is None and not synth_crf.category_thresholds


@pytest.mark.parametrize("model", ["svm", "tree"])
def test_svm_and_tree_thresholds_mark_more_tokens_and_half_is_argmax(
    model: str, held_notes: list[Document]
) -> None:
    params = {"rounds": 10, "max_depth": 4} if model == "tree" else {}
    train = list(generate(60, seed=5, variant="out-of-dictionary"))
    detector = build_detector(model, params).fit(train)
    test = held_notes[:20]
    argmax = _phi_tokens(detector, test)
    counts = []
    for threshold in (0.05, 0.5, 0.95, 0.99999):
        detector.set_threshold(threshold)
        counts.append(_phi_tokens(detector, test))
    assert counts == sorted(counts) and counts[-1] > counts[0]
    assert counts[1] == argmax


def test_choose_threshold_takes_the_best_precision_reaching_the_target() -> None:
    points = [CurvePoint(0.5, 0.95, 0.99, 0.1), CurvePoint(0.9, 0.985, 0.97, 0.05),
              CurvePoint(0.99, 0.995, 0.9, 0.01)]
    assert choose_threshold(points, 0.98).threshold == 0.9
    assert choose_threshold(points, 0.9).threshold == 0.5
    assert choose_threshold(points, 0.999).threshold == 0.99  # none reaches: the best recall


def test_held_out_split_keeps_patients_together() -> None:
    documents = list(generate(80, seed=8))
    train, held = split_held_out(documents, 0.25)
    assert {d.patient_id for d in train}.isdisjoint({d.patient_id for d in held})
    assert len(train) + len(held) == 80 and held


def test_train_with_recall_target_stores_the_point(
    train_notes: list[Document], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "train.jsonl"
    write_documents(train_notes, corpus, "jsonl")
    out = tmp_path / "model"
    code = main(["train", "--model", "crf", "--corpus", str(corpus), "--out", str(out),
                 "--recall-target", "0.99", "--held-out", "0.3"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    point = json.loads((out / "metadata.json").read_text())["operating_point"]
    assert point["threshold"] in CURVE_THRESHOLDS and point["recall_target"] == 0.99
    assert len(point["curve"]) == len(CURVE_THRESHOLDS)
    assert load_model(out).decision_threshold == point["threshold"]
    code = main(["models", str(out)])
    assert f"operating point: threshold {point['threshold']}" in capsys.readouterr().out


def test_models_states_the_shipped_point(capsys: pytest.CaptureFixture[str]) -> None:
    from deidkit.models import SHIPPED_MODELS, read_model

    threshold = read_model(SHIPPED_MODELS["en"].path).metadata["operating_point"]["threshold"]
    assert main(["models", "en"]) == 0
    point = "argmax" if threshold is None else f"threshold {threshold:g}"
    assert f"operating point: {point}" in capsys.readouterr().out


def test_models_en_reports_the_hand_written_set_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "en"]) == 0
    measured = [line for line in capsys.readouterr().out.splitlines() if "measured:" in line]
    assert measured and "hand-written set" in measured[0]
    assert any("held-out template families" in line for line in measured[1:])
    from deidkit.models import SHIPPED_MODELS, read_model

    point = read_model(SHIPPED_MODELS["en"].path).metadata["operating_point"]
    if point.get("categories"):  # the held-out figures measured at the point itself
        assert any("at the shipped point: token recall" in line for line in measured)
    elif point["threshold"] is not None:  # the held-out figures at the shipped point
        assert any(f"at the shipped threshold {point['threshold']}: token recall" in line
                   for line in measured)


def test_evaluate_curve_table_and_threshold_option(
    train_notes: list[Document], test_notes: list[Document], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    model = tmp_path / "crf"
    build_detector("crf").fit(train_notes).save(model)
    gold = tmp_path / "gold.jsonl"
    write_documents(test_notes, gold, "jsonl")
    out = tmp_path / "eval.json"
    code = main(["evaluate", str(gold), "--model", str(model), "--curve", "--bootstrap", "0",
                 "--output", "json", "--out", str(out), "--threshold", "0.9"])
    assert code == 0, capsys.readouterr().err
    rows = json.loads(out.read_text())["threshold_curve"]
    assert [r["threshold"] for r in rows] == ["argmax", *CURVE_THRESHOLDS]
    code = main(["evaluate", str(gold), str(gold), "--threshold", "0.9"])
    assert code == 1 and "apply to --model only" in capsys.readouterr().err
