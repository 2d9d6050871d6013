"""``sampling``: HIDE's training-data sampling (HIDE, section 5, Figures 5-9).

- random O-sampling: keep every PHI token and each O token with probability p (HIDE always
  keeps a history of 4 tokens around PHI);
- window sampling: keep PHI tokens and a window of k tokens ("history size") around them.

Precision, recall and F-score (token labels, true negatives excluded, as HIDE reports) and the
training time against p and against k.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from deidkit.errors import ConfigError
from deidkit.evaluate.experiments.common import (
    ExperimentInput,
    column,
    summary_rows,
    write_runs,
)
from deidkit.evaluate.experiments.runner import RunResult, RunTask, k_folds, run_tasks
from deidkit.evaluate.results import ResultsWriter

TITLE = "Training-data sampling"
DEFAULT_PROBABILITIES: tuple[float, ...] = (0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0)
DEFAULT_WINDOWS: tuple[int, ...] = (1, 2, 4, 6, 8, 10)


def o_sampling_params(probability: float) -> Mapping[str, Any]:
    """CRF parameters for random O-sampling with selection probability p (the CRF keeps its
    default history of 4 tokens around PHI, as HIDE did)."""
    return {"sampling": "random", "sampling_p": probability}


def window_params(history: int) -> Mapping[str, Any]:
    """CRF parameters for window sampling with history size k."""
    return {"sampling": "window", "sampling_window": history}


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    probabilities: Sequence[float] = DEFAULT_PROBABILITIES,
    windows: Sequence[int] = DEFAULT_WINDOWS,
    folds: int = 0,
) -> list[RunResult]:
    """``folds`` > 1 cross-validates each setting as HIDE did; 0 uses one train/test split."""
    if any(not 0 < p <= 1 for p in probabilities):
        raise ConfigError("O-sampling probabilities must be in (0, 1]")
    if any(k < 0 for k in windows):
        raise ConfigError("window history sizes cannot be negative")
    if folds == 1 or folds < 0:
        raise ConfigError("--folds must be 0 (one split) or at least 2")
    if folds:
        splits = k_folds(list(data.train) + list(data.test or []), folds, data.rng())
    else:
        splits = [data.split()]
    settings: list[tuple[str, str, float, Mapping[str, Any]]] = [("none", "no sampling", 0.0, {})]
    settings += [("random", f"p={p:g}", p, o_sampling_params(p)) for p in probabilities]
    settings += [("window", f"k={k}", float(k), window_params(k)) for k in windows]
    tasks = []
    for method, name, value, params in settings:
        spec = replace(data.detector, params={**data.detector.params, **params}, label=name)
        for fold, (train, test) in enumerate(splits, start=1):
            key = name + (f" fold {fold}" if folds else "")
            info = {"method": method, "setting": name, "value": value, "fold": fold}
            tasks.append(RunTask(key, spec, train, test, info))
    results = run_tasks(tasks, data.settings, "sampling")
    writer.parameters.update(
        data.parameters(probabilities=list(probabilities), windows=list(windows), folds=folds)
    )
    rows = write_runs(writer, results)
    summary = summary_rows(rows, "setting")
    for row in summary:
        first = next(r for r in rows if r["setting"] == row["setting"])
        row["method"], row["value"] = first["method"], first["value"]
    writer.table(
        "sampling",
        "Mean per sampling setting",
        summary,
        (
            "method",
            "setting",
            "runs",
            "label_precision",
            "label_recall",
            "label_f1",
            "phi_precision",
            "phi_recall",
            "phi_f1",
            "train_seconds",
        ),
    )
    _plot(writer, summary)
    return results


def _plot(writer: ResultsWriter, summary: list[dict]) -> None:
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import line_plot

    base = next(row for row in summary if row["method"] == "none")
    baselines = {"F-score, no sampling": base.get("label_f1")}
    for method, xlabel, figures in (
        ("random", "O selection probability p", "Figures 5 and 7"),
        ("window", "window history size k", "Figures 6 and 8"),
    ):
        rows = sorted((r for r in summary if r["method"] == method), key=lambda r: r["value"])
        if not rows:
            continue
        x = [row["value"] for row in rows]
        writer.figure(
            f"sampling_{method}",
            f"Precision, recall and F-score vs {xlabel} (HIDE {figures})",
            line_plot(
                x,
                {
                    "precision": column(rows, "label_precision"),
                    "recall": column(rows, "label_recall"),
                    "F-score": column(rows, "label_f1"),
                },
                baselines=baselines,
                title=f"Token labels (true negatives excluded) vs {xlabel}",
                xlabel=xlabel,
                ylabel="",
            ),
        )
        writer.figure(
            f"sampling_{method}_time",
            f"Training time vs {xlabel}" + (" (HIDE, Figure 9)" if method == "window" else ""),
            line_plot(
                x,
                {
                    "training CPU time (s)": column(rows, "train_cpu_seconds"),
                    "training wall time (s)": column(rows, "train_seconds"),
                },
                baselines={"CPU time, no sampling": base.get("train_cpu_seconds")},
                title=f"Training time vs {xlabel}",
                xlabel=xlabel,
                ylabel="seconds",
                percent=False,
            ),
        )
