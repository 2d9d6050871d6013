"""``compare``: several detectors on one train/test split (Stat De-id, Tables 2-5).

Per detector: precision, recall and F-measure of PHI and non-PHI tokens (Stat De-id's table
layout), strict entity measures, F10 and the leak rate; each detector is tested against the
best one (by PHI token F1) with the paired randomization test. ``hmm`` (IdentiFinder-style)
and ``winnow`` (SNoW-style) are Stat De-id's global-context baselines.
"""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.errors import ConfigError
from deidkit.evaluate.evaluation import ALL, PHI, compare
from deidkit.evaluate.experiments.common import ExperimentInput, column, write_runs
from deidkit.evaluate.experiments.runner import DetectorSpec, RunResult, RunTask, run_tasks
from deidkit.evaluate.results import ResultsWriter

TITLE = "Detector comparison"
DEFAULT_DETECTORS: tuple[str, ...] = ("rules", "svm", "crf", "tree", "ensemble", "hmm", "winnow")


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    detectors: Sequence[DetectorSpec],
    rounds: int = 10000,
) -> list[RunResult]:
    if not detectors:
        raise ConfigError("name at least one detector to compare")
    labels = [spec.display for spec in detectors]
    if len(set(labels)) != len(labels):
        raise ConfigError("the detectors to compare need distinct names")
    train, test = data.split()
    tasks = [
        RunTask(spec.display, spec, train, test, {"method": spec.display}) for spec in detectors
    ]
    results = run_tasks(tasks, data.settings, "compare")
    writer.parameters.update(
        data.parameters(
            detectors=[spec.to_dict() for spec in detectors],
            test_documents=len(test),
            significance_rounds=rounds,
        )
    )
    rows = write_runs(writer, results)
    seed_table = []
    for row in rows:
        for cls, prefix in (("PHI", "phi"), ("non-PHI", "nonphi")):
            seed_table.append(
                {
                    "method": row["method"],
                    "class": cls,
                    "precision": row[f"{prefix}_precision"],
                    "recall": row[f"{prefix}_recall"],
                    "f1": row[f"{prefix}_f1"],
                }
            )
    writer.table(
        "tokens", "Token precision, recall and F-measure (Stat De-id, Tables 2-5)", seed_table
    )
    writer.table(
        "entities",
        "Entities, instances and leak rate",
        rows,
        (
            "method",
            "strict_precision",
            "strict_recall",
            "strict_f1",
            "span_f1",
            "instance_recall",
            "leak_rate",
            "phi_f10",
            "train_seconds",
            "train_cpu_seconds",
            "predict_seconds",
        ),
    )
    _significance(writer, results, rounds, data.settings.seed)
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import bar_plot

    names = [row["method"] for row in rows]
    writer.figure(
        "compare_tokens",
        "PHI token precision, recall and F1 per detector",
        bar_plot(
            names,
            {
                "precision": column(rows, "phi_precision"),
                "recall": column(rows, "phi_recall"),
                "F1": column(rows, "phi_f1"),
            },
            title="PHI tokens",
            ylabel="",
        ),
    )
    writer.figure(
        "compare_entities",
        "Strict entity F1, instance recall and leak rate per detector",
        bar_plot(
            names,
            {
                "entity strict F1": column(rows, "strict_f1"),
                "instance recall": column(rows, "instance_recall"),
                "leak rate (NAME+ID)": column(rows, "leak_rate"),
            },
            title="Entities and instances",
            ylabel="",
        ),
    )
    return results


def _significance(writer: ResultsWriter, results: list[RunResult], rounds: int, seed: int) -> None:
    scored = [r for r in results if r.evaluation is not None]
    if len(scored) < 2:
        return
    best = max(scored, key=lambda r: _score(r))
    rows = []
    for result in scored:
        if result is best:
            continue
        assert result.evaluation is not None and best.evaluation is not None
        for test in compare(
            result.evaluation,
            best.evaluation,
            groups=(("token", "binary", PHI), ("entity-strict", "all", ALL)),
            measures=("recall", "f1"),
            rounds=rounds,
            seed=seed,
        ):
            rows.append({**test.to_dict(), "method": result.key, "best": best.key})
    writer.table(
        "significance",
        f"Each detector against the best ({best.key}): paired approximate randomization",
        rows,
        (
            "method",
            "best",
            "group",
            "measure",
            "a",
            "b",
            "difference",
            "difference_low",
            "difference_high",
            "p_value",
        ),
    )


def _score(result: RunResult) -> float:
    assert result.evaluation is not None
    value = result.evaluation.measure(("token", "binary", PHI), "f1")
    return -1.0 if value != value else value
