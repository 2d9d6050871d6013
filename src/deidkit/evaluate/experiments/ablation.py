"""``ablation``: which feature classes matter (the SVM paper, Figures 2-5, HIDE, Figure 4).

Three designs, each against the baseline with every chosen class on:

- ``one-on``: one class enabled at a time (the SVM paper, Figures 2-3);
- ``one-off``: every class but one (the SVM paper, Figures 4-5);
- ``subsets``: every non-empty subset of the chosen classes (HIDE, Figure 4, which used
  regular expressions, affixes, context and dictionaries: 15 subsets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from deidkit.errors import ConfigError
from deidkit.evaluate.experiments.common import ExperimentInput, column, write_runs
from deidkit.evaluate.experiments.runner import DetectorSpec, RunResult, RunTask, run_tasks
from deidkit.evaluate.results import ResultsWriter

TITLE = "Feature ablation"
DESIGNS: tuple[str, ...] = ("one-on", "one-off", "subsets")
MAX_SUBSET_CLASSES = 6


def configurations(classes: Sequence[str], design: str) -> list[tuple[str, tuple[str, ...]]]:
    """(name, enabled classes) of every run of a design, baseline excluded."""
    classes = tuple(dict.fromkeys(classes))
    if design == "one-on":
        return [(c, (c,)) for c in classes]
    if design == "one-off":
        return [(f"all but {c}", tuple(x for x in classes if x != c)) for c in classes]
    if design == "subsets":
        if len(classes) > MAX_SUBSET_CLASSES:
            raise ConfigError(
                f"all subsets of {len(classes)} classes is {2 ** len(classes) - 1} runs; "
                f"choose at most {MAX_SUBSET_CLASSES} with --classes"
            )
        return [
            ("+".join(subset), subset)
            for size in range(1, len(classes))
            for subset in combinations(classes, size)
        ]
    raise ConfigError(f"unknown ablation design {design!r}; use one of: {', '.join(DESIGNS)}")


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    classes: Sequence[str],
    designs: Sequence[str] = DESIGNS,
    fixed: Sequence[str] = (),
) -> list[RunResult]:
    """``fixed`` classes stay on in every run (e.g. the word itself under HIDE's subsets)."""
    if len(classes) < 2:
        raise ConfigError("an ablation needs at least two feature classes (--classes)")
    overlap = set(classes) & set(fixed)
    if overlap:
        raise ConfigError(f"class {sorted(overlap)[0]!r} is both ablated and fixed; pick one")
    train, test = data.split()
    baseline_classes = tuple(dict.fromkeys(classes))
    always = tuple(dict.fromkeys(fixed))
    runs: dict[tuple[str, ...], tuple[str, str]] = {baseline_classes: ("all", "baseline")}
    for design in designs:
        for name, enabled in configurations(baseline_classes, design):
            runs.setdefault(enabled, (name, design))
    tasks = [
        RunTask(
            name,
            _spec(data, (*always, *enabled), name),
            train,
            test,
            {
                "design": design,
                "classes": "+".join(enabled),
                "n_classes": len(enabled),
                "fixed": "+".join(always),
            },
        )
        for enabled, (name, design) in runs.items()
    ]
    results = run_tasks(tasks, data.settings, "ablation")
    writer.parameters.update(
        data.parameters(
            classes=list(baseline_classes),
            fixed_classes=list(always),
            designs=list(designs),
            test_documents=len(test),
        )
    )
    rows = write_runs(writer, results)
    baseline = rows[0]
    by_classes = {row["classes"]: row for row in rows}
    for design in designs:
        design_rows = [
            by_classes["+".join(enabled)] for _, enabled in configurations(baseline_classes, design)
        ]
        writer.table(
            f"ablation_{design}",
            _design_title(design),
            [{**row, "design": design} for row in [*design_rows, baseline]],
            (
                "run",
                "classes",
                "phi_precision",
                "phi_recall",
                "phi_f1",
                "nonphi_precision",
                "nonphi_recall",
                "label_f1",
                "span_f1",
                "strict_f1",
                "train_seconds",
                "train_cpu_seconds",
            ),
        )
        _plot(writer, design, design_rows, baseline)
    return results


def _spec(data: ExperimentInput, enabled: tuple[str, ...], name: str) -> DetectorSpec:
    return replace(
        data.detector, feature_classes=enabled, label=f"{data.detector.display} [{name}]"
    )


def _design_title(design: str) -> str:
    return {
        "one-on": "One feature class enabled (the SVM paper, Figures 2-3)",
        "one-off": "One feature class disabled (the SVM paper, Figures 4-5)",
        "subsets": "Every subset of the feature classes (HIDE, Figure 4)",
    }[design]


def _plot(writer: ResultsWriter, design: str, rows: list[dict], baseline: dict) -> None:
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import bar_plot

    names = [row["run"] for row in rows]
    if design == "subsets":
        writer.figure(
            "ablation_subsets",
            _design_title(design),
            bar_plot(
                names,
                {
                    "label precision": column(rows, "label_precision"),
                    "label recall": column(rows, "label_recall"),
                    "label F1": column(rows, "label_f1"),
                },
                baselines={"F1, all classes": baseline.get("label_f1")},
                title="Token label P/R/F1 (true negatives excluded) per feature subset",
                ylabel="",
            ),
        )
        return
    for measure in ("precision", "recall"):
        writer.figure(
            f"ablation_{design}_{measure}",
            f"{_design_title(design)}: {measure}",
            bar_plot(
                names,
                {
                    "PHI": column(rows, f"phi_{measure}"),
                    "non-PHI": column(rows, f"nonphi_{measure}"),
                },
                baselines={
                    "PHI baseline": baseline.get(f"phi_{measure}"),
                    "non-PHI baseline": baseline.get(f"nonphi_{measure}"),
                },
                title=f"Token {measure}, {design.replace('-', ' ')}",
                ylabel=measure,
            ),
        )
