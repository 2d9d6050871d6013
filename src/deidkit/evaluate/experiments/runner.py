"""Running detectors for experiments: build, train, predict, evaluate, time; in parallel.

An experiment is a list of independent runs (a fold, a training fraction, a feature subset).
Each run builds a fresh detector from a ``DetectorSpec``, trains it, predicts the test documents
(gold spans removed) and evaluates the prediction. Runs go to worker processes with
``jobs > 1``; results come back in the order of the runs.
"""

from __future__ import annotations

import math
import random
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from deidkit.detector import Detector
from deidkit.errors import ConfigError, DeidkitError
from deidkit.evaluate.evaluation import ALL, NON_PHI, PHI, Evaluation, evaluate
from deidkit.models import build_detector
from deidkit.types import Document


@dataclass(frozen=True)
class DetectorSpec:
    """How to build a detector: its registry name, hyper-parameters and feature settings.

    ``feature_classes`` switches on exactly these feature classes (None: the detector's
    default); ``features`` overrides other ``FeatureConfig`` fields; ``label`` names the run in
    tables and plots.
    """

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)
    features: Mapping[str, Any] | None = None
    feature_classes: tuple[str, ...] | None = None
    label: str | None = None

    @property
    def display(self) -> str:
        return self.label or self.name

    def with_params(self, **params: Any) -> DetectorSpec:
        return replace(self, params={**self.params, **params})

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "params": dict(self.params),
            "features": None if self.features is None else dict(self.features),
            "feature_classes": None if self.feature_classes is None else list(self.feature_classes),
            "label": self.display,
        }


DetectorFactory = Callable[[DetectorSpec], Detector]
RunMeasure = Callable[[Sequence[Document], Sequence[Document]], Mapping[str, Any]]


def default_factory(spec: DetectorSpec) -> Detector:
    """Build a detector from deidkit's registry (``deidkit.models.build_detector``)."""
    return build_detector(
        spec.name,
        params=dict(spec.params),
        features=spec.features,
        feature_classes=spec.feature_classes,
    )


@dataclass(frozen=True)
class RunTask:
    """One run: train ``spec`` on ``train`` and evaluate it on ``test``."""

    key: str
    spec: DetectorSpec
    train: Sequence[Document]
    test: Sequence[Document]
    info: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RunResult:
    """What a run produced: its evaluation (None if it failed), timings and sizes."""

    key: str
    spec: DetectorSpec
    info: Mapping[str, Any]
    evaluation: Evaluation | None
    train_seconds: float
    predict_seconds: float
    train_documents: int
    test_documents: int
    error: str | None = None
    train_cpu_seconds: float = 0.0
    predict_cpu_seconds: float = 0.0
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Columns of the experiment's own measure (``RunSettings.measure``)."""

    @property
    def ok(self) -> bool:
        return self.evaluation is not None

    def row(self) -> dict[str, Any]:
        """The run as one table row: its info, sizes, timings and the standard metrics."""
        row: dict[str, Any] = {"run": self.key, **self.info}
        row["detector"] = self.spec.display
        row["train_docs"] = self.train_documents
        row["test_docs"] = self.test_documents
        row["train_seconds"] = round(self.train_seconds, 3)
        row["predict_seconds"] = round(self.predict_seconds, 3)
        row["train_cpu_seconds"] = round(self.train_cpu_seconds, 3)
        row["predict_cpu_seconds"] = round(self.predict_cpu_seconds, 3)
        row.update(metric_row(self.evaluation))
        row.update(self.extra)
        row["error"] = self.error or ""
        return row


@dataclass(frozen=True)
class RunSettings:
    """Settings shared by every run of an experiment."""

    factory: DetectorFactory | None = None
    """Builds detectors from specs; None means ``default_factory`` (deidkit's registry)."""
    bootstrap: int = 200
    confidence: float = 0.95
    seed: int = 0
    jobs: int = 1
    progress: bool = True
    measure: RunMeasure | None = None
    """An extra measure of each run's (gold, predicted) test documents, as table columns
    (a module-level function or a ``functools.partial`` of one: runs go to other processes)."""


METRIC_COLUMNS: tuple[tuple[str, tuple[str, str, str], str], ...] = (
    ("phi_precision", ("token", "binary", PHI), "precision"),
    ("phi_recall", ("token", "binary", PHI), "recall"),
    ("phi_f1", ("token", "binary", PHI), "f1"),
    ("phi_f10", ("token", "binary", PHI), "f10"),
    ("nonphi_precision", ("token", "binary", NON_PHI), "precision"),
    ("nonphi_recall", ("token", "binary", NON_PHI), "recall"),
    ("nonphi_f1", ("token", "binary", NON_PHI), "f1"),
    ("label_precision", ("token", "hide", "excluding-tn"), "precision"),
    ("label_recall", ("token", "hide", "excluding-tn"), "recall"),
    ("label_f1", ("token", "hide", "excluding-tn"), "f1"),
    ("strict_precision", ("entity-strict", "all", ALL), "precision"),
    ("strict_recall", ("entity-strict", "all", ALL), "recall"),
    ("strict_f1", ("entity-strict", "all", ALL), "f1"),
    ("span_f1", ("entity-span", "all", ALL), "f1"),
    ("instance_recall", ("instance", "all", ALL), "recall"),
)
"""Standard per-run columns: (column, group, measure). Plus ``leak_rate``."""

METRIC_NAMES: tuple[str, ...] = (*(c for c, _, _ in METRIC_COLUMNS), "leak_rate")


def metric_row(evaluation: Evaluation | None) -> dict[str, float | None]:
    """The standard metrics of an evaluation (None where undefined or the run failed)."""
    row: dict[str, float | None] = {}
    for column, group, measure in METRIC_COLUMNS:
        value = math.nan if evaluation is None else evaluation.measure(group, measure)
        row[column] = None if math.isnan(value) else value
        if evaluation is not None and evaluation.intervals and measure in ("precision", "recall"):
            interval = evaluation.intervals.get(group, {}).get(measure)
            if interval is not None:
                row[f"{column}_low"] = None if math.isnan(interval.low) else interval.low
                row[f"{column}_high"] = None if math.isnan(interval.high) else interval.high
    leak = math.nan if evaluation is None else evaluation.leak_rate
    row["leak_rate"] = None if math.isnan(leak) else leak
    return row


def run_task(task: RunTask, settings: RunSettings) -> RunResult:
    """Build, train, predict and evaluate one run. An error becomes a failed run.

    Times are wall-clock seconds and CPU seconds of this process (all its threads): CPU time
    does not grow when other work shares the machine, wall time does.
    """
    train_seconds = predict_seconds = train_cpu = predict_cpu = 0.0
    extra: dict[str, Any] = {}
    try:
        factory = settings.factory or default_factory
        detector = factory(task.spec)
        started, cpu = time.perf_counter(), time.process_time()
        detector.fit(list(task.train))
        train_seconds = time.perf_counter() - started
        train_cpu = time.process_time() - cpu
        started, cpu = time.perf_counter(), time.process_time()
        predicted = detector.predict([document.with_spans(()) for document in task.test])
        predict_seconds = time.perf_counter() - started
        predict_cpu = time.process_time() - cpu
        evaluation = evaluate(
            task.test,
            predicted,
            bootstrap=settings.bootstrap,
            confidence=settings.confidence,
            seed=settings.seed,
        )
        extra = dict(settings.measure(task.test, predicted)) if settings.measure else {}
        error = None
    except DeidkitError as failure:
        evaluation, error = None, f"{type(failure).__name__}: {failure}"
    except Exception as failure:  # a library error in one run must not end the experiment
        evaluation, error = None, describe_failure(failure)
    return RunResult(
        task.key,
        task.spec,
        task.info,
        evaluation,
        train_seconds,
        predict_seconds,
        len(task.train),
        len(task.test),
        error,
        train_cpu,
        predict_cpu,
        extra,
    )


def describe_failure(failure: BaseException) -> str:
    """The error's type and where it was raised, without its message (which could quote note
    text, e.g. a KeyError on a token)."""
    frames = traceback.extract_tb(failure.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" in {Path(last.filename).name}:{last.lineno} ({last.name})"
    return f"{type(failure).__name__}{where}; message withheld (it may quote note text)"


def run_tasks(tasks: Sequence[RunTask], settings: RunSettings, title: str) -> list[RunResult]:
    """Run every task (in ``settings.jobs`` processes), showing progress on stderr."""
    if settings.jobs < 1:
        raise ConfigError(f"--jobs must be at least 1 (got {settings.jobs})")
    results: dict[int, RunResult] = {}
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} runs"),
        TimeElapsedColumn(),
        console=console,
        disable=not settings.progress,
    ) as progress:
        bar = progress.add_task(title, total=len(tasks))

        def done(index: int, result: RunResult) -> None:
            results[index] = result
            status = (
                f"trained in {result.train_seconds:.1f} s ({result.train_cpu_seconds:.1f} s CPU)"
                if result.ok
                else "failed"
            )
            if settings.progress:
                progress.console.print(f"  {title}: {result.key} {status}", highlight=False)
            progress.advance(bar)

        if settings.jobs == 1 or len(tasks) <= 1:
            for index, task in enumerate(tasks):
                done(index, run_task(task, settings))
        else:
            with ProcessPoolExecutor(max_workers=min(settings.jobs, len(tasks))) as pool:
                futures = {pool.submit(run_task, task, settings): i for i, task in enumerate(tasks)}
                pending = dict(futures)
                while pending:
                    finished = [f for f in pending if f.done()]
                    if not finished:
                        time.sleep(0.05)
                        continue
                    for future in finished:
                        done(pending.pop(future), future.result())
    return [results[i] for i in range(len(tasks))]


# --- corpus splits ------------------------------------------------------------------------


def split_train_test(
    documents: Sequence[Document], test_fraction: float, rng: random.Random
) -> tuple[list[Document], list[Document]]:
    """A random split by document (at least one document on each side)."""
    if not 0 < test_fraction < 1:
        raise ConfigError(f"the test fraction must be between 0 and 1 (got {test_fraction})")
    if len(documents) < 2:
        raise ConfigError("need at least two documents to split into train and test")
    order = list(documents)
    rng.shuffle(order)
    n_test = min(len(order) - 1, max(1, round(len(order) * test_fraction)))
    return order[n_test:], order[:n_test]


def k_folds(
    documents: Sequence[Document],
    k: int,
    rng: random.Random,
    *,
    group_by_patient: bool = False,
) -> list[tuple[list[Document], list[Document]]]:
    """k (train, test) splits: documents (or patients) shuffled and dealt into k folds."""
    if k < 2:
        raise ConfigError(f"cross-validation needs at least 2 folds (got {k})")
    groups: dict[str, list[Document]] = {}
    for document in documents:
        key = document.patient_id if group_by_patient and document.patient_id else document.id
        groups.setdefault(key, []).append(document)
    keys = list(groups)
    if len(keys) < k:
        unit = "patients" if group_by_patient else "documents"
        raise ConfigError(f"{k} folds need at least {k} {unit} (got {len(keys)})")
    rng.shuffle(keys)
    folds: list[list[Document]] = [[] for _ in range(k)]
    for index, key in enumerate(keys):
        folds[index % k].extend(groups[key])
    return [
        ([d for j, fold in enumerate(folds) if j != i for d in fold], folds[i]) for i in range(k)
    ]


def nested_subsets(
    documents: Sequence[Document], fractions: Sequence[float], rng: random.Random
) -> list[list[Document]]:
    """For each fraction, the first ceil(fraction * n) documents of one shuffled order, so
    smaller training sets are contained in larger ones."""
    order = list(documents)
    rng.shuffle(order)
    subsets = []
    for fraction in fractions:
        if not 0 < fraction <= 1:
            raise ConfigError(f"training fractions must be in (0, 1] (got {fraction})")
        subsets.append(order[: max(1, math.ceil(fraction * len(order)))])
    return subsets
