"""The precision-recall curve of a detector over operating points (thresholds).

``threshold_curve`` runs a detector with a confidence on gold documents (their spans
removed) at argmax and at each threshold, and measures token-level PHI recall and precision
and the NAME/ID leak rate (``deidkit.evaluate``) at each; ``deidkit evaluate --curve`` prints
it, ``deidkit train --recall-target`` picks its threshold from it.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from typing import Any

from deidkit.agerule import apply_age_rule
from deidkit.errors import InputError
from deidkit.evaluate.evaluation import LEAK_GROUP, evaluate
from deidkit.evaluate.token_level import PHI
from deidkit.models.adjust import adjusted
from deidkit.models.operating import CURVE_THRESHOLDS, CurvePoint, choose_threshold
from deidkit.types import Document

TOKEN_GROUP = ("token", "binary", PHI)


def point_of(gold: Sequence[Document], pred: Sequence[Document], threshold: float | None
             ) -> CurvePoint:
    """Token PHI recall and precision and the leak rate of ``pred`` against ``gold``."""
    evaluation = evaluate(gold, pred, bootstrap=0)
    counts = evaluation.counts(TOKEN_GROUP)
    leak = evaluation.counts(LEAK_GROUP)
    return CurvePoint(
        threshold,
        counts.recall,
        counts.precision,
        leak.fn / leak.gold if leak.gold else math.nan,
    )


def threshold_curve(
    detector: Any,
    gold: Sequence[Document],
    thresholds: Sequence[float] = CURVE_THRESHOLDS,
    *,
    ages: str = "all",
    propagate: bool = False,
    lang: str = "en",
    argmax: bool = True,
    progress: Callable[[str], None] | None = None,
) -> list[CurvePoint]:
    """The curve of ``detector`` (with ``set_threshold``) on ``gold``: argmax first (if
    ``argmax``), then each threshold (one for every category). The detector's own operating
    point is restored after."""
    original = getattr(detector, "decision_threshold", None)
    original_categories = dict(getattr(detector, "category_thresholds", {}))
    texts = [document.with_spans(()) for document in gold]
    scored_gold = apply_age_rule(gold, ages)
    points = []
    try:
        for threshold in [*([None] if argmax else []), *thresholds]:
            detector.set_threshold(threshold)
            predictor = adjusted(detector, ages=ages, propagate=propagate, lang=lang)
            points.append(point_of(scored_gold, predictor.predict(texts), threshold))
            if progress is not None:
                progress(f"curve: threshold {threshold or 'argmax'} measured")
    finally:
        detector.set_threshold(original, original_categories)  # none: one threshold for all
    return points


def curve_rows(points: Sequence[CurvePoint]) -> list[dict[str, Any]]:
    """The curve as table rows (threshold ``argmax`` for the model's own decision)."""
    return [
        {**point.to_dict(), "threshold": "argmax" if point.threshold is None else point.threshold}
        for point in points
    ]


def split_held_out(
    documents: Sequence[Document], share: float
) -> tuple[list[Document], list[Document]]:
    """(training, held-out) documents: about ``share`` of them held out, whole patients
    together when documents have patient ids (by a digest of the id: the same split every
    run)."""
    def bucket(document: Document) -> float:
        key = document.patient_id or document.id
        return int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) / 0xFFFFFFFF

    buckets = [bucket(document) for document in documents]
    cut = share
    if buckets and not any(value < cut for value in buckets):  # few patients: hold one out
        cut = min(buckets) + 1e-12
    train = [d for d, value in zip(documents, buckets, strict=True) if value >= cut]
    held = [d for d, value in zip(documents, buckets, strict=True) if value < cut]
    if not held or not train:
        raise InputError(
            f"cannot hold out {share:.0%} of {len(documents)} documents to choose a threshold",
            fix="train on more documents (or patients), or drop --recall-target",
        )
    return train, held


def choose_operating_point(
    make_detector: Callable[[], Any],
    documents: Sequence[Document],
    *,
    recall_target: float,
    held_out: float = 0.2,
    lang: str = "en",
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The operating point reaching ``recall_target`` on held-out documents: a detector
    from ``make_detector`` is trained on the rest and measured over ``CURVE_THRESHOLDS``;
    returns what a model's metadata stores under ``operating_point``."""
    train, held = split_held_out(documents, held_out)
    detector = make_detector()
    detector.progress = progress
    if progress is not None:
        progress(
            f"operating point: training on {len(train):,} documents, choosing on "
            f"{len(held):,} held out"
        )
    detector.fit(train)
    points = threshold_curve(detector, held, lang=lang, argmax=False, progress=progress)
    chosen = choose_threshold(points, recall_target)
    if progress is not None and chosen.recall < recall_target:
        progress(
            f"note: no threshold reaches recall {recall_target} on the held-out documents; "
            f"using {chosen.threshold} (recall {chosen.recall:.4f})"
        )
    return {
        "threshold": chosen.threshold,
        "recall_target": recall_target,
        "recall": chosen.to_dict()["recall"],
        "precision": chosen.to_dict()["precision"],
        "leak": chosen.to_dict()["leak"],
        "held_out_documents": len(held),
        "method": "token-level PHI recall on a held-out split (by patient), best precision "
        "among the thresholds reaching the target",
        "curve": [point.to_dict() for point in points],
    }
