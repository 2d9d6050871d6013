"""Each experiment end to end on a tiny synthetic corpus, with a test-double detector."""

from __future__ import annotations

import csv
import json
import random

import pytest
from eval_synthetic import memory_factory, synthetic_corpus

from deidkit.errors import ConfigError
from deidkit.evaluate.experiments import EXPERIMENTS, DetectorSpec, ExperimentInput, RunSettings
from deidkit.evaluate.experiments.ablation import configurations
from deidkit.evaluate.experiments.runner import k_folds, nested_subsets
from deidkit.evaluate.html_report import build_report
from deidkit.evaluate.results import Results, ResultsWriter


def data(n: int = 24, jobs: int = 1, test: int | None = None, model: str = "memory"):
    corpus = synthetic_corpus(n + (test or 0))
    settings = RunSettings(factory=memory_factory, bootstrap=50, seed=1, jobs=jobs, progress=False)
    return ExperimentInput(corpus[:n], DetectorSpec(model), settings, corpus[n:] if test else None)


def run(name: str, folder, inputs, **options):
    writer = ResultsWriter(folder, kind=name, title=EXPERIMENTS[name].title)
    results = EXPERIMENTS[name].run(inputs, writer, **options)
    writer.finish()
    return results, Results.load(folder)


def table(results: Results, name: str) -> list[dict]:
    found = next(t for t in results.tables if t["name"] == name)
    on_disk = list(csv.DictReader((results.folder / found["file"]).open()))
    assert len(on_disk) == len(found["rows"])
    return found["rows"]


def assert_plots(results: Results, *names: str) -> None:
    plotted = {p["name"] for p in results.plots}
    assert set(names) <= plotted
    for plot in results.plots:
        assert (results.folder / plot["png"]).read_bytes().startswith(b"\x89PNG")
        assert b"<svg" in (results.folder / plot["svg"]).read_bytes()[:500]


def test_splits_are_disjoint_and_nested():
    corpus = synthetic_corpus(23)
    folds = k_folds(corpus, 5, random.Random(0))
    held_out = [d.id for _, test in folds for d in test]
    assert sorted(held_out) == sorted(d.id for d in corpus)
    for train, test in folds:
        assert not {d.id for d in train} & {d.id for d in test}
    subsets = nested_subsets(corpus, [1 / 8, 1 / 2, 1.0], random.Random(0))
    assert [len(s) for s in subsets] == [3, 12, 23]
    assert {d.id for d in subsets[0]} <= {d.id for d in subsets[1]}
    with pytest.raises(ConfigError):
        k_folds(corpus[:3], 5, random.Random(0))


def test_cv(tmp_path):
    results, saved = run("cv", tmp_path / "cv", data(20, jobs=2), folds=4)
    assert [r.key for r in results] == ["fold 1", "fold 2", "fold 3", "fold 4"]
    assert sum(r.test_documents for r in results) == 20
    folds = table(saved, "folds")
    assert all(0 < row["phi_recall"] <= 1 for row in folds)
    pooled = {row["measure"]: row for row in table(saved, "pooled")}
    assert pooled["token PHI"]["tp"] == sum(
        r.evaluation.counts(("token", "binary", "PHI")).tp for r in results
    )
    assert table(saved, "pooled_bio_confusion")[0]["true"].startswith("B-")
    assert_plots(saved, "folds")
    assert saved.parameters["folds"] == 4


def test_learning_curve(tmp_path):
    _, saved = run(
        "learning-curve", tmp_path / "lc", data(32, test=10), fractions=[1 / 32, 1 / 4, 1.0]
    )
    curve = table(saved, "curve")
    assert [row["train_docs"] for row in curve] == [1, 8, 32]
    assert curve[-1]["percent_of_training_set"] == 100.0
    # memorising more training PHI can only find more test PHI
    recalls = [row["phi_recall"] for row in curve]
    assert recalls == sorted(recalls) and recalls[-1] > recalls[0]
    assert_plots(
        saved, "learning_curve_precision", "learning_curve_recall", "learning_curve_entities"
    )


def test_ablation_designs(tmp_path):
    assert [n for n, _ in configurations(["a", "b", "c"], "one-off")] == [
        "all but a",
        "all but b",
        "all but c",
    ]
    assert len(configurations(list("racd"), "subsets")) == 14  # 15 subsets minus the full set
    _, saved = run(
        "ablation",
        tmp_path / "ab",
        data(16, test=8),
        classes=["memory", "digits"],
        designs=["one-on", "one-off", "subsets"],
    )
    rows = {row["classes"]: row for row in table(saved, "runs")}
    assert set(rows) == {"memory+digits", "memory", "digits"}
    assert rows["digits"]["phi_recall"] < rows["memory+digits"]["phi_recall"]
    one_on = table(saved, "ablation_one-on")
    assert [row["run"] for row in one_on] == ["memory", "digits", "all"]
    assert_plots(saved, "ablation_one-on_precision", "ablation_one-off_recall", "ablation_subsets")
    with pytest.raises(ConfigError, match="at least two"):
        run("ablation", tmp_path / "ab2", data(8), classes=["memory"])


def test_kernels_pass_parameters_and_subset(tmp_path):
    results, saved = run("kernels", tmp_path / "k", data(20, test=6, model="svm"), subset=5)
    assert [r.spec.params["kernel"] for r in results] == ["linear", "quadratic", "gaussian"]
    assert all(r.train_documents == 5 and r.test_documents == 6 for r in results)
    assert [row["kernel"] for row in table(saved, "kernels")] == ["linear", "quadratic", "gaussian"]
    assert_plots(saved, "kernels")


def test_sampling(tmp_path):
    results, saved = run(
        "sampling",
        tmp_path / "s",
        data(12, test=4, model="crf"),
        probabilities=[0.1, 1.0],
        windows=[2],
    )
    assert [r.spec.display for r in results] == ["no sampling", "p=0.1", "p=1", "k=2"]
    assert results[1].spec.params == {"sampling": "random", "sampling_p": 0.1}
    settings = {row["setting"]: row for row in table(saved, "sampling")}
    assert settings["k=2"]["method"] == "window"
    assert_plots(saved, "sampling_random", "sampling_window", "sampling_window_time")


def test_compare_with_a_failing_detector(tmp_path):
    specs = [
        DetectorSpec("memory"),
        DetectorSpec("rules", {"x": 1}, label="rules"),
        DetectorSpec("tree"),
    ]
    inputs = data(16, test=8)
    results, saved = run("compare", tmp_path / "c", inputs, detectors=specs, rounds=200)
    assert [r.ok for r in results] == [True, True, False]
    assert "no detector 'tree'" in results[2].error
    assert any("tree failed" in note for note in saved.notes)
    tokens = table(saved, "tokens")
    assert [(row["method"], row["class"]) for row in tokens[:2]] == [
        ("memory", "PHI"),
        ("memory", "non-PHI"),
    ]
    significance = table(saved, "significance")
    assert {row["measure"] for row in significance} == {"recall", "f1"}
    best = significance[0]["best"]
    assert {row["method"] for row in significance} == {"memory", "rules"} - {best}
    assert_plots(saved, "compare_tokens", "compare_entities")


def test_report_embeds_everything(tmp_path):
    root = tmp_path / "results"
    run("kernels", root / "kernels", data(10, test=4, model="svm"), subset=3)
    run("learning-curve", root / "lc", data(8, test=4), fractions=[0.5, 1.0])
    (root / "incomplete").mkdir()  # no manifest: skipped
    page = build_report(root, title="Test report", notes=["synthetic data"])
    assert page.startswith("<!DOCTYPE html>")
    assert "SVM kernels" in page and "Learning curve" in page and "synthetic data" in page
    assert page.count("data:image/png;base64,") == 4
    assert 'src="http' not in page and "<link" not in page  # self-contained
    svg_page = build_report(root, svg=True)
    assert svg_page.count("<svg") == 4 and "data:image/png" not in svg_page
    json.dumps(page)  # plain text


def test_report_without_results_is_an_error(tmp_path):
    from deidkit.errors import InputError

    with pytest.raises(InputError, match="no finished results"):
        build_report(tmp_path)


class _BrokenDetector:
    def fit(self, documents):
        raise KeyError("Smith")  # a library error quoting a token

    def predict(self, documents):
        return documents


def test_library_error_is_a_failed_run_without_its_message(tmp_path):
    inputs = ExperimentInput(
        synthetic_corpus(8),
        DetectorSpec("broken"),
        RunSettings(factory=lambda spec: _BrokenDetector(), bootstrap=0, progress=False),
        test_fraction=0.5,
    )
    results, saved = run("learning-curve", tmp_path / "lc", inputs, fractions=[1.0])
    assert not results[0].ok
    assert results[0].error.startswith("KeyError in test_experiments.py")
    assert "Smith" not in results[0].error and "Smith" not in " ".join(saved.notes)
