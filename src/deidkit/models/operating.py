"""Operating points: trading precision for recall with a detector's confidence.

A detector with a confidence (the CRF's marginal probabilities, the SVM's decision values
through a softmax, the boosted trees' weighted votes) gives each token a probability that it
is outside PHI. At a threshold ``T`` a token counts as PHI when that probability is below
``T``, with its most probable PHI label; without a threshold (``None``, "argmax") the model
decides as it always did. A higher ``T`` marks more tokens: recall rises, precision falls.

A saved model carries its threshold in its metadata (``operating_point``); a model saved
without one decides by argmax. An operating point may set a threshold of their own for some
PHI categories (``categories``: ``{"NAME": 0.97, "ID": 0.97}`` beside ``"threshold": 0.9``):
a token's threshold is then its most probable PHI label's category's, the threshold for the
others (CRF detectors; ``--threshold T`` puts every category at ``T``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deidkit.errors import ConfigError
from deidkit.labels import Category, category_of
from deidkit.models.spans import OUTSIDE, split_tag

CURVE_THRESHOLDS: tuple[float, ...] = (
    0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999,
)
"""The thresholds a precision-recall curve is measured at (and ``--recall-target`` picks
from)."""
OPERATING_POINT = "operating_point"
"""The metadata key of a saved model's threshold (and how it was chosen)."""
CATEGORIES = "categories"
"""The key of an operating point's thresholds per PHI category (``{"NAME": 0.97}``)."""


def check_threshold(value: float | None, *, option: str = "threshold") -> float | None:
    """``value`` if it is None or a probability in (0, 1]; else a ConfigError."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise ConfigError(f"{option} must be a number between 0 and 1")
    if not 0.0 < float(value) <= 1.0:
        raise ConfigError(f"{option} {value}: give a probability above 0 and at most 1")
    return float(value)


def threshold_of(metadata: Mapping[str, Any]) -> float | None:
    """The threshold a model's metadata stores (None: argmax)."""
    point = metadata.get(OPERATING_POINT)
    if not isinstance(point, Mapping):
        return None
    value = point.get("threshold")
    if value is None:
        return None
    return check_threshold(value, option="the model's operating_point threshold")


def check_categories(
    categories: Mapping[str, Any] | None, *, option: str = "category thresholds"
) -> dict[str, float]:
    """``categories`` (PHI category name -> threshold) checked: known categories, each
    threshold a probability; empty for None."""
    checked: dict[str, float] = {}
    for name, value in (categories or {}).items():
        if name not in Category.__members__:
            raise ConfigError(
                f"{option}: {name!r} is no PHI category ({', '.join(Category.__members__)})"
            )
        threshold = check_threshold(value, option=f"{option} {name}")
        if threshold is None:
            raise ConfigError(f"{option} {name}: give a probability above 0 and at most 1")
        checked[name] = threshold
    return checked


def categories_of(metadata: Mapping[str, Any]) -> dict[str, float]:
    """The thresholds per category a model's metadata stores (empty: one for all)."""
    point = metadata.get(OPERATING_POINT)
    if not isinstance(point, Mapping) or point.get(CATEGORIES) is None:
        return {}
    categories = point[CATEGORIES]
    if not isinstance(categories, Mapping):
        raise ConfigError("the model's operating_point categories must map categories to "
                          "thresholds; retrain or fix its metadata.json")
    return check_categories(categories, option="the model's operating_point categories")


def label_thresholds(
    labels: Sequence[str], threshold: float, categories: Mapping[str, float]
) -> list[float]:
    """Per label (tag labels too: "B-DOCTOR"): its category's threshold in ``categories``,
    else ``threshold``; 0.0 for the outside label "O" (never PHI by a threshold)."""
    return [
        0.0 if label == OUTSIDE
        else categories.get(category_of(split_tag(label)[1]).name, threshold)
        for label in labels
    ]


def thresholded_labels(
    outside: Sequence[float], best: Sequence[str], threshold: float, outside_label: str = "O"
) -> list[str]:
    """Per token: ``best`` (its most probable PHI label) where the probability of
    ``outside_label`` is below ``threshold``, else ``outside_label``."""
    return [
        label if p_out < threshold else outside_label
        for p_out, label in zip(outside, best, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """Token-level PHI recall and precision and the NAME/ID leak rate at one threshold
    (``threshold`` None: argmax)."""

    threshold: float | None
    recall: float
    precision: float
    leak: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "threshold": self.threshold,
            "recall": _round(self.recall),
            "precision": _round(self.precision),
            "leak": _round(self.leak),
        }


def choose_threshold(points: Sequence[CurvePoint], recall_target: float) -> CurvePoint:
    """The point reaching ``recall_target`` with the best precision: the lowest such threshold
    (recall rises with the threshold). If none reaches it, the one with the highest recall."""
    if not 0.0 < recall_target <= 1.0:
        raise ConfigError(f"--recall-target {recall_target}: give a recall above 0 and at most 1")
    measured = [point for point in points if point.threshold is not None]
    if not measured:
        raise ConfigError("no thresholds were measured")
    reaching = [point for point in measured if point.recall >= recall_target]
    if reaching:
        return max(reaching, key=lambda point: (point.precision, -float(point.threshold or 0)))
    return max(measured, key=lambda point: (point.recall, -float(point.threshold or 0)))


def _round(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)
