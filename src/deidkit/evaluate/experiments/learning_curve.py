"""``learning-curve``: train on growing shares of the training set (the SVM paper, Figures 6-7).

Fractions default to 3.125% (1/32) ... 100%; the subsets are nested (each smaller set is part of
the larger ones). Precision and recall of PHI and non-PHI tokens per fraction, with the full
training set as the baseline; strict entity measures with their bootstrap intervals.
"""

from __future__ import annotations

from collections.abc import Sequence

from deidkit.evaluate.experiments.common import (
    ExperimentInput,
    column,
    summary_rows,
    write_runs,
)
from deidkit.evaluate.experiments.runner import RunResult, RunTask, nested_subsets, run_tasks
from deidkit.evaluate.results import ResultsWriter

TITLE = "Learning curve"
DEFAULT_FRACTIONS: tuple[float, ...] = (1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1.0)


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    fractions: Sequence[float] = DEFAULT_FRACTIONS,
    repeats: int = 1,
) -> list[RunResult]:
    train, test = data.split()
    fractions = sorted(set(fractions))
    tasks = []
    for repeat in range(repeats):
        subsets = nested_subsets(train, fractions, data.rng(repeat + 1))
        for fraction, subset in zip(fractions, subsets, strict=True):
            key = f"{fraction:.3%}" + (f" #{repeat + 1}" if repeats > 1 else "")
            tasks.append(
                RunTask(
                    key, data.detector, subset, test, {"fraction": fraction, "repeat": repeat + 1}
                )
            )
    results = run_tasks(tasks, data.settings, "learning curve")
    writer.parameters.update(
        data.parameters(fractions=list(fractions), repeats=repeats, test_documents=len(test))
    )
    rows = write_runs(writer, results)
    summary = summary_rows(rows, "fraction")
    for row, fraction in zip(summary, fractions, strict=True):
        row["percent_of_training_set"] = round(fraction * 100, 3)
        row["train_docs"] = next(r["train_docs"] for r in rows if r["fraction"] == fraction)
    writer.table("curve", "Mean per training fraction", summary)
    _plot(writer, summary, rows if repeats == 1 else [])
    return results


def _plot(writer: ResultsWriter, summary: list[dict], single: list[dict]) -> None:
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import line_plot

    x = [row["percent_of_training_set"] for row in summary]
    full = summary[-1]
    for measure, figure_no in (("precision", 6), ("recall", 7)):
        writer.figure(
            f"learning_curve_{measure}",
            f"{measure.capitalize()} by training set size (the SVM paper, Figure {figure_no})",
            line_plot(
                x,
                {
                    "PHI": column(summary, f"phi_{measure}"),
                    "non-PHI": column(summary, f"nonphi_{measure}"),
                },
                baselines={
                    "PHI baseline (100%)": full.get(f"phi_{measure}"),
                    "non-PHI baseline (100%)": full.get(f"nonphi_{measure}"),
                },
                title=f"Token {measure} vs training set size",
                xlabel="% of the training set",
                ylabel=measure,
                log2_x=True,
            ),
        )
    bands = {}
    if single:
        for measure in ("precision", "recall"):
            bands[f"entity strict {measure}"] = (
                column(single, f"strict_{measure}_low"),
                column(single, f"strict_{measure}_high"),
            )
    writer.figure(
        "learning_curve_entities",
        "Strict entity precision, recall and F1 by training set size",
        line_plot(
            x,
            {
                "entity strict precision": column(summary, "strict_precision"),
                "entity strict recall": column(summary, "strict_recall"),
                "entity strict F1": column(summary, "strict_f1"),
            },
            bands=bands,
            title="Entities (strict) vs training set size",
            xlabel="% of the training set",
            ylabel="",
            log2_x=True,
        ),
    )
