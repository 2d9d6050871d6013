"""Confusion counts and the measures computed from them (precision, recall, F-beta).

Every metric deidkit reports is a function of summed counts, so that per-document counts can be
resampled for bootstrap intervals and significance tests. A measure whose denominator is zero is
undefined and reported as NaN (``n/a`` in tables), never as a made-up 0 or 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

NAN = float("nan")


@dataclass(frozen=True, slots=True)
class Counts:
    """True/false positives and negatives of one group (a label, a category, all PHI, ...).

    ``tp`` counts gold items that were found (recall side) and ``tp_pred`` predicted items that
    were right (precision side). They differ only for overlap matching, where one prediction can
    cover two gold entities; ``tp_pred`` defaults to ``tp``.
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    tp_pred: int | None = None

    @property
    def matched_pred(self) -> int:
        return self.tp if self.tp_pred is None else self.tp_pred

    @property
    def gold(self) -> int:
        """Gold positives (support)."""
        return self.tp + self.fn

    @property
    def predicted(self) -> int:
        return self.matched_pred + self.fp

    @property
    def precision(self) -> float:
        return ratio(self.matched_pred, self.predicted)

    @property
    def recall(self) -> float:
        return ratio(self.tp, self.gold)

    @property
    def f1(self) -> float:
        return self.f_beta(1.0)

    def f_beta(self, beta: float) -> float:
        return f_beta(self.precision, self.recall, beta)

    def __add__(self, other: Counts) -> Counts:
        if not isinstance(other, Counts):
            return NotImplemented
        tp_pred = (
            None
            if self.tp_pred is None and other.tp_pred is None
            else self.matched_pred + other.matched_pred
        )
        return Counts(
            self.tp + other.tp,
            self.fp + other.fp,
            self.fn + other.fn,
            self.tn + other.tn,
            tp_pred,
        )

    def as_row(self) -> tuple[int, int, int, int, int]:
        """(tp, fp, fn, tn, tp_pred): the column order of count matrices."""
        return (self.tp, self.fp, self.fn, self.tn, self.matched_pred)


COUNT_FIELDS: tuple[str, ...] = ("tp", "fp", "fn", "tn", "tp_pred")


def ratio(numerator: float, denominator: float) -> float:
    """numerator / denominator, NaN when the denominator is zero."""
    return numerator / denominator if denominator else NAN


def f_beta(precision: float, recall: float, beta: float = 1.0) -> float:
    """The weighted harmonic mean (1 + b^2) P R / (b^2 P + R); beta > 1 favours recall.

    Undefined parts: with no predictions (precision undefined) and some gold, recall is 0 and
    F is 0; with no gold (recall undefined) and some wrong predictions, F is 0; with neither,
    F is NaN.
    """
    if beta <= 0:
        raise ValueError("beta must be positive")
    p_missing, r_missing = math.isnan(precision), math.isnan(recall)
    if p_missing and r_missing:
        return NAN
    if p_missing:
        return 0.0 if recall == 0 else NAN
    if r_missing:
        return 0.0 if precision == 0 else NAN
    b2 = beta * beta
    denominator = b2 * precision + recall
    return (1 + b2) * precision * recall / denominator if denominator else 0.0
