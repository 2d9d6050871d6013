"""``cv``: k-fold cross-validation by document (Stat De-id and HIDE use 10 folds).

Each fold trains on the other k-1 folds and predicts its own documents. Reported: every fold,
the mean and standard deviation over folds, and the pooled (micro-averaged) evaluation of all
held-out predictions with its bootstrap intervals, confusion matrices included.
"""

from __future__ import annotations

from deidkit.evaluate.evaluation import HEADLINE, merge_evaluations
from deidkit.evaluate.experiments.common import ExperimentInput, summary_rows, write_runs
from deidkit.evaluate.experiments.runner import RunResult, RunTask, k_folds, run_tasks
from deidkit.evaluate.render import bio_flat_rows
from deidkit.evaluate.results import ResultsWriter

TITLE = "Cross-validation"


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    folds: int = 10,
    group_by_patient: bool = False,
) -> list[RunResult]:
    documents = list(data.train)
    if data.test is not None:
        writer.note("the folds cover the training corpus only; the --test corpus is not used")
    splits = k_folds(documents, folds, data.rng(), group_by_patient=group_by_patient)
    tasks = [
        RunTask(f"fold {i + 1}", data.detector, train, test, {"fold": i + 1})
        for i, (train, test) in enumerate(splits)
    ]
    results = run_tasks(tasks, data.settings, f"cv ({folds} folds)")
    writer.parameters.update(
        data.parameters(folds=folds, group_by_patient=group_by_patient, documents=len(documents))
    )
    rows = write_runs(writer, results, name="folds", title=f"{folds} folds")
    for row in rows:
        row["all"] = "mean over folds"
    writer.table(
        "fold_summary", "Mean and standard deviation over folds", summary_rows(rows, "all")
    )
    good = [r.evaluation for r in results if r.evaluation is not None]
    if good:
        pooled = merge_evaluations(good, seed=data.settings.seed)
        writer.table(
            "pooled",
            "Pooled held-out predictions (micro-averaged over all documents)",
            [{"measure": short, **pooled.group_row(group)} for group, short, _ in HEADLINE],
            (
                "measure",
                "tp",
                "fp",
                "fn",
                "precision",
                "precision_low",
                "precision_high",
                "recall",
                "recall_low",
                "recall_high",
                "f1",
                "f1_low",
                "f1_high",
                "f10",
            ),
        )
        writer.table(
            "pooled_phi_confusion",
            "PHI confusion matrix, pooled (tokens)",
            [{"": name, **cells} for name, cells in pooled.phi_confusion().items()],
        )
        columns, bio_rows = bio_flat_rows(pooled)
        writer.table("pooled_bio_confusion", "BIO confusion matrix, pooled", bio_rows, columns)
        writer.table(
            "pooled_by_category",
            "Pooled, by category",
            [pooled.group_row(g) for g in pooled.groups("token", "category")]
            + [pooled.group_row(g) for g in pooled.groups("entity-strict", "category")],
            ("level", "name", "tp", "fp", "fn", "precision", "recall", "f1"),
        )
    _plot(writer, rows)
    return results


def _plot(writer: ResultsWriter, rows: list[dict]) -> None:
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import line_plot

    x = [row["fold"] for row in rows]
    writer.figure(
        "folds",
        "Precision, recall and F1 per fold",
        line_plot(
            x,
            {
                "PHI token precision": [r["phi_precision"] for r in rows],
                "PHI token recall": [r["phi_recall"] for r in rows],
                "entity strict F1": [r["strict_f1"] for r in rows],
            },
            title="Per fold",
            xlabel="fold",
            ylabel="",
        ),
    )
