"""Evaluation: metrics over (gold, predicted) documents, significance, sample size,
the seeds' experiments and the HTML report.

Start with ``evaluate(gold, pred)``; see docs/evaluation.md for every metric's definition.
"""

from __future__ import annotations

from deidkit.evaluate.counts import Counts, f_beta
from deidkit.evaluate.evaluation import (
    HEADLINE,
    LEAK_GROUP,
    Evaluation,
    compare,
    evaluate,
    evaluate_pairs,
    merge_evaluations,
)
from deidkit.evaluate.pairing import DocumentPair, pair_documents
from deidkit.evaluate.sample_size import SampleSize, margin_for, sample_size, z_value
from deidkit.evaluate.significance import (
    MEASURES,
    CountTable,
    Interval,
    PairedTest,
    bootstrap_intervals,
    paired_test,
)
from deidkit.evaluate.token_level import ALL, NON_PHI, OUTSIDE, PHI, label_tokens

__all__ = [
    "ALL",
    "HEADLINE",
    "LEAK_GROUP",
    "MEASURES",
    "NON_PHI",
    "OUTSIDE",
    "PHI",
    "CountTable",
    "Counts",
    "DocumentPair",
    "Evaluation",
    "Interval",
    "PairedTest",
    "SampleSize",
    "bootstrap_intervals",
    "compare",
    "evaluate",
    "evaluate_pairs",
    "f_beta",
    "label_tokens",
    "margin_for",
    "merge_evaluations",
    "pair_documents",
    "paired_test",
    "sample_size",
    "z_value",
]
