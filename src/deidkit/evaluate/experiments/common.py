"""What every experiment shares: its inputs, the runs table, summaries and plot helpers."""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deidkit.errors import ConfigError
from deidkit.evaluate.experiments.runner import (
    METRIC_NAMES,
    DetectorSpec,
    RunResult,
    RunSettings,
    split_train_test,
)
from deidkit.evaluate.results import ResultsWriter
from deidkit.types import Document


@dataclass(frozen=True)
class ExperimentInput:
    """The corpora and detector of an experiment.

    Without ``test`` documents, experiments that need a test set split ``train`` at random
    (``test_fraction`` of the documents, the SVM paper used 25%). ``spec`` is the detector of every
    run (None for ``compare``, which names its own detectors).
    """

    @property
    def detector(self) -> DetectorSpec:
        if self.spec is None:
            raise ConfigError("this experiment needs a detector (--model)")
        return self.spec

    train: Sequence[Document]
    spec: DetectorSpec | None
    settings: RunSettings = field(default_factory=RunSettings)
    test: Sequence[Document] | None = None
    test_fraction: float = 0.25
    corpus_names: Mapping[str, str] = field(default_factory=dict)

    def rng(self, salt: int = 0) -> random.Random:
        return random.Random(self.settings.seed * 1000003 + salt)

    def split(self) -> tuple[list[Document], list[Document]]:
        if self.test is not None:
            return list(self.train), list(self.test)
        return split_train_test(self.train, self.test_fraction, self.rng())

    def parameters(self, **extra: Any) -> dict[str, Any]:
        """What to record in the manifest: detector, corpora, seeds, machine."""
        return {
            **({} if self.spec is None else {"detector": self.spec.to_dict()}),
            "train_corpus": self.corpus_names.get("train", ""),
            "test_corpus": self.corpus_names.get("test", "")
            or f"random {self.test_fraction:.0%} of the training corpus",
            "train_documents": len(self.train),
            "test_documents": None if self.test is None else len(self.test),
            "seed": self.settings.seed,
            "jobs": self.settings.jobs,
            "bootstrap_rounds": self.settings.bootstrap,
            "cpu_count": os.cpu_count(),
            **extra,
        }


def note_untyped(writer: ResultsWriter, spec: DetectorSpec | None) -> None:
    """Say so when a detector predicts PHI without its type (two-class SVM, the SVM paper)."""
    if spec is not None and spec.params.get("mode") == "binary":
        writer.note(
            "Two-class detector (PHI / non-PHI, as the SVM paper): its spans carry no PHI type, so "
            "only the type-blind measures apply (token PHI/non-PHI, entity span, overlap, "
            "instances, leak rate); label-aware and strict measures are not meaningful here."
        )


def write_runs(
    writer: ResultsWriter,
    results: Sequence[RunResult],
    *,
    name: str = "runs",
    title: str = "Every run",
) -> list[dict[str, Any]]:
    """The runs table (one row per run: info, sizes, timings, standard metrics)."""
    rows = [result.row() for result in results]
    if results:
        note_untyped(writer, results[0].spec)
    writer.table(name, title, rows)
    failed = [r for r in results if not r.ok]
    for result in failed:
        writer.note(f"run {result.key} failed: {result.error}")
    return rows


def mean_sd(values: Sequence[float | None]) -> tuple[float | None, float | None]:
    present = [v for v in values if v is not None and not math.isnan(v)]
    if not present:
        return None, None
    sd = statistics.stdev(present) if len(present) > 1 else 0.0
    return statistics.fmean(present), sd


def summary_rows(
    rows: Sequence[Mapping[str, Any]],
    by: str,
    metrics: Sequence[str] = METRIC_NAMES,
) -> list[dict[str, Any]]:
    """Mean and standard deviation of each metric per value of ``by`` (in first-seen order)."""
    groups: dict[Any, list[Mapping[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row[by], []).append(row)
    result = []
    for key, members in groups.items():
        out: dict[str, Any] = {by: key, "runs": len(members)}
        for metric in (*metrics, "train_seconds", "train_cpu_seconds"):
            mean, sd = mean_sd([m.get(metric) for m in members])
            out[metric] = mean
            if len(members) > 1:
                out[f"{metric}_sd"] = sd
        result.append(out)
    return result


def column(rows: Sequence[Mapping[str, Any]], name: str) -> list[float | None]:
    return [row.get(name) for row in rows]


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ConfigError(message)


ExperimentFunction = Callable[..., list[RunResult]]
