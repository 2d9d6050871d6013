"""Strict scores in a corpus's own label scheme, as shared tasks compute them.

``scheme_scores(gold, pred, scheme)`` matches spans on (document, start, end, label in the
scheme): with ``meddocan`` that is MEDDOCAN's subtask 1 (NER); the same function gives
subtask 2 ``strict`` (offsets only) and ``merged`` (spans separated only by non-alphanumeric
characters are joined first, and a span inside a matched joined span counts as found). Like
MEDDOCAN's official script, only documents present on both sides are scored, and repeated
spans count once. Each span's scheme label is its own corpus label when that belongs to the
scheme, else the scheme's name for its canonical label (``deidkit.io.schemes``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from deidkit.io.schemes import OutputScheme, output_scheme
from deidkit.types import Document

Key = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Score:
    """True positives, false positives and false negatives, with micro P/R/F1."""

    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": round(self.precision, 4), "recall": round(self.recall, 4),
                "f1": round(self.f1, 4)}


@dataclass(frozen=True, slots=True)
class SchemeScores:
    """Strict label match (overall and per scheme label), strict spans and merged spans."""

    scheme: str
    documents: int
    labelled: Score
    by_label: dict[str, Score]
    spans_strict: Score
    spans_merged: Score

    def to_dict(self) -> dict[str, Any]:
        return {
            "scheme": self.scheme,
            "documents": self.documents,
            "strict_labels": self.labelled.to_dict(),
            "by_label": {name: score.to_dict() for name, score in self.by_label.items()},
            "strict_spans": self.spans_strict.to_dict(),
            "merged_spans": self.spans_merged.to_dict(),
        }


def scheme_scores(
    gold: Iterable[Document], pred: Iterable[Document], scheme: str | OutputScheme
) -> SchemeScores:
    """Score ``pred`` against ``gold`` in ``scheme`` (documents matched by id)."""
    chosen = scheme if isinstance(scheme, OutputScheme) else output_scheme(scheme)
    gold_by_id = {document.id: document for document in gold}
    pred_by_id = {document.id: document for document in pred}
    shared = sorted(gold_by_id.keys() & pred_by_id.keys())
    totals: Counter[str] = Counter()
    per_label: dict[str, Counter[str]] = {}
    for doc_id in shared:
        gold_doc, pred_doc = gold_by_id[doc_id], pred_by_id[doc_id]
        gold_labelled = _labelled(gold_doc, chosen)
        pred_labelled = _labelled(pred_doc, chosen)
        for kind, items in (("tp", gold_labelled & pred_labelled),
                            ("fp", pred_labelled - gold_labelled),
                            ("fn", gold_labelled - pred_labelled)):
            totals[kind] += len(items)
            for _, _, label in items:
                per_label.setdefault(label, Counter())[kind] += 1
        gold_spans = {(s.start, s.end) for s in gold_doc.spans}
        pred_spans = {(s.start, s.end) for s in pred_doc.spans}
        totals["s_tp"] += len(gold_spans & pred_spans)
        totals["s_fp"] += len(pred_spans - gold_spans)
        totals["s_fn"] += len(gold_spans - pred_spans)
        tp, fp, fn = _merged_counts(gold_spans, pred_spans, gold_doc.text)
        totals["m_tp"] += tp
        totals["m_fp"] += fp
        totals["m_fn"] += fn
    return SchemeScores(
        scheme=chosen.name,
        documents=len(shared),
        labelled=Score(totals["tp"], totals["fp"], totals["fn"]),
        by_label={name: Score(c["tp"], c["fp"], c["fn"]) for name, c in sorted(per_label.items())},
        spans_strict=Score(totals["s_tp"], totals["s_fp"], totals["s_fn"]),
        spans_merged=Score(totals["m_tp"], totals["m_fp"], totals["m_fn"]),
    )


def _labelled(document: Document, scheme: OutputScheme) -> set[tuple[int, int, str]]:
    return {(span.start, span.end, scheme.label_for(span)[0]) for span in document.spans}


def merge_spans(spans: Iterable[Key], text: str) -> list[Key]:
    """Sorted spans with neighbours joined when only non-alphanumeric characters lie
    between them (MEDDOCAN's merged spans)."""
    merged: list[Key] = []
    for start, end in sorted(spans):
        if merged and not any(c.isalnum() for c in text[merged[-1][1]:start]):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _merged_counts(gold: set[Key], pred: set[Key], text: str) -> tuple[int, int, int]:
    found = (gold & pred) | (set(merge_spans(gold, text)) & set(merge_spans(pred, text)))

    def inside(span: Key) -> bool:
        return any(outer[0] <= span[0] and span[1] <= outer[1] for outer in found)

    fp = sum(1 for span in pred - gold if not inside(span))
    fn = sum(1 for span in gold - pred if not inside(span))
    return len(found), fp, fn
