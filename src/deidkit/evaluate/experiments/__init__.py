"""The seeds' experiments, each writing tables and plots into a results folder.

``EXPERIMENTS`` is the registry: name -> (title, run function, description). Every run function
takes an ``ExperimentInput`` (corpora, detector, run settings) and a ``ResultsWriter`` plus its
own keyword options, and returns the list of ``RunResult``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deidkit.evaluate.experiments import (
    ablation,
    compare,
    cv,
    kernels,
    learning_curve,
    sampling,
    variants,
)
from deidkit.evaluate.experiments.common import ExperimentInput
from deidkit.evaluate.experiments.runner import (
    DetectorSpec,
    RunResult,
    RunSettings,
    RunTask,
    default_factory,
    run_task,
    run_tasks,
)


@dataclass(frozen=True, slots=True)
class Experiment:
    name: str
    title: str
    run: Callable[..., list[RunResult]]
    description: str


EXPERIMENTS: dict[str, Experiment] = {
    e.name: e
    for e in (
        Experiment("cv", cv.TITLE, cv.run, "k-fold cross-validation by document"),
        Experiment(
            "learning-curve",
            learning_curve.TITLE,
            learning_curve.run,
            "training fractions 3.125% ... 100%, precision and recall per fraction",
        ),
        Experiment(
            "ablation",
            ablation.TITLE,
            ablation.run,
            "one feature class on, one off, and all subsets of chosen classes",
        ),
        Experiment(
            "kernels",
            kernels.TITLE,
            kernels.run,
            "linear, quadratic and Gaussian SVM on a 50-document training subset",
        ),
        Experiment(
            "sampling",
            sampling.TITLE,
            sampling.run,
            "random O-sampling probability and window size vs precision, recall, time",
        ),
        Experiment(
            "compare",
            compare.TITLE,
            compare.run,
            "rules, SVM, CRF, boosted tree, ensemble, HMM and winnow on one split",
        ),
        Experiment(
            "variants",
            variants.TITLE,
            variants.run,
            "detectors trained and tested on each corpus variant, recall on PHI in no dictionary",
        ),
    )
}

__all__ = [
    "EXPERIMENTS",
    "DetectorSpec",
    "Experiment",
    "ExperimentInput",
    "RunResult",
    "RunSettings",
    "RunTask",
    "default_factory",
    "run_task",
    "run_tasks",
]
