"""``kernels``: linear, quadratic and Gaussian SVMs (the SVM paper, section 5.5, Table 3).

Each kernel is trained on the same random subset of the training set (50 documents in seed
000: kernel SVMs do not scale to the full set) and evaluated on the full test set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from deidkit.errors import ConfigError
from deidkit.evaluate.experiments.common import ExperimentInput, column, write_runs
from deidkit.evaluate.experiments.runner import RunResult, RunTask, run_tasks
from deidkit.evaluate.results import ResultsWriter

TITLE = "SVM kernels"
KERNELS: Mapping[str, Mapping[str, Any]] = {
    "linear": {"kernel": "linear"},
    "quadratic": {"kernel": "quadratic"},
    "gaussian": {"kernel": "gaussian"},
}
"""Kernel name -> SVM detector parameters (the SVM paper, equations 3-5)."""


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    kernels: Sequence[str] = tuple(KERNELS),
    subset: int = 50,
) -> list[RunResult]:
    unknown = [k for k in kernels if k not in KERNELS]
    if unknown:
        raise ConfigError(f"unknown kernel {unknown[0]!r}; use: {', '.join(KERNELS)}")
    if subset < 1:
        raise ConfigError(f"the training subset needs at least one document (got {subset})")
    train, test = data.split()
    order = list(train)
    data.rng(7).shuffle(order)
    chosen = order[:subset]
    tasks = [
        RunTask(
            kernel,
            replace(
                data.detector, params={**data.detector.params, **KERNELS[kernel]}, label=kernel
            ),
            chosen,
            test,
            {"kernel": kernel},
        )
        for kernel in kernels
    ]
    results = run_tasks(tasks, data.settings, "kernels")
    writer.parameters.update(
        data.parameters(
            kernels=list(kernels), training_subset=len(chosen), test_documents=len(test)
        )
    )
    if len(chosen) < subset:
        writer.note(f"the training set has only {len(chosen)} documents (asked {subset})")
    rows = write_runs(writer, results)
    writer.table(
        "kernels",
        f"Kernels trained on {len(chosen)} documents, tested on {len(test)} "
        "(the SVM paper, Table 3)",
        rows,
        (
            "kernel",
            "phi_precision",
            "phi_recall",
            "nonphi_precision",
            "nonphi_recall",
            "phi_f1",
            "span_f1",
            "train_seconds",
            "train_cpu_seconds",
            "predict_seconds",
        ),
    )
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import bar_plot

    writer.figure(
        "kernels",
        "Precision and recall per kernel",
        bar_plot(
            [row["kernel"] for row in rows],
            {
                "PHI precision": column(rows, "phi_precision"),
                "PHI recall": column(rows, "phi_recall"),
                "non-PHI precision": column(rows, "nonphi_precision"),
                "non-PHI recall": column(rows, "nonphi_recall"),
            },
            title=f"SVM kernels ({len(chosen)} training documents)",
            ylabel="",
        ),
    )
    return results
