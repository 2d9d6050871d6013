"""Every experiment end to end with deidkit's real detectors, on a tiny synthetic corpus."""

from __future__ import annotations

import pytest

from deidkit.corpus.synth import generate
from deidkit.evaluate.experiments import EXPERIMENTS, DetectorSpec, ExperimentInput, RunSettings
from deidkit.evaluate.results import Results, ResultsWriter

pytestmark = pytest.mark.slow

SETTINGS = RunSettings(bootstrap=20, seed=3, jobs=1, progress=False)


@pytest.fixture(scope="module")
def corpus():
    return list(generate(24, seed=11))


def run(tmp_path, name, corpus, spec, **options):
    data = ExperimentInput(corpus[:16], spec, SETTINGS, corpus[16:])
    writer = ResultsWriter(tmp_path / name, kind=name, title=EXPERIMENTS[name].title)
    results = EXPERIMENTS[name].run(data, writer, **options)
    writer.finish()
    failed = [(r.key, r.error) for r in results if not r.ok]
    assert not failed
    return results, Results.load(tmp_path / name)


def test_compare_all_detectors(tmp_path, corpus):
    specs = [DetectorSpec(n) for n in ("rules", "svm", "crf", "tree", "ensemble")]
    specs[1] = DetectorSpec("svm", {"max_iter": 2000})
    results, saved = run(tmp_path, "compare", corpus, None, detectors=specs, rounds=200)
    assert [r.key for r in results] == ["rules", "svm", "crf", "tree", "ensemble"]
    assert all(r.evaluation.counts(("token", "binary", "PHI")).gold > 0 for r in results)
    assert {t["name"] for t in saved.tables} >= {"tokens", "entities", "significance"}


def test_crf_cv_learning_curve_and_sampling(tmp_path, corpus):
    crf = DetectorSpec("crf", {"max_iterations": 30})
    results, _ = run(tmp_path, "cv", corpus, crf, folds=3)
    assert len(results) == 3
    results, _ = run(tmp_path, "learning-curve", corpus, crf, fractions=[0.25, 1.0])
    assert [r.train_documents for r in results] == [4, 16]
    results, _ = run(tmp_path, "sampling", corpus, crf, probabilities=[0.2], windows=[1])
    assert [r.spec.params.get("sampling") for r in results] == [None, "random", "window"]


def test_ablation_switches_feature_classes(tmp_path, corpus):
    crf = DetectorSpec("crf", {"max_iterations": 30})
    results, _ = run(
        tmp_path,
        "ablation",
        corpus,
        crf,
        classes=["orthography", "context", "regex"],
        fixed=["word"],
        designs=["one-on", "one-off"],
    )
    assert {r.spec.feature_classes for r in results} == {
        ("word", "orthography", "context", "regex"),
        ("word", "orthography"),
        ("word", "context"),
        ("word", "regex"),
        ("word", "context", "regex"),
        ("word", "orthography", "regex"),
        ("word", "orthography", "context"),
    }
    classes = {r.info["classes"]: r for r in results}
    word_only_context = classes["context"].evaluation.measure(("token", "binary", "PHI"), "f1")
    assert word_only_context <= 1.0


def test_svm_kernels(tmp_path, corpus):
    svm = DetectorSpec("svm", {"max_samples": 2000})
    results, _ = run(tmp_path, "kernels", corpus, svm, subset=6)
    assert [r.spec.params["kernel"] for r in results] == ["linear", "quadratic", "gaussian"]
    assert all(r.train_documents == 6 for r in results)
