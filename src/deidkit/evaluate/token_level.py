"""Token-level labels and counts: binary PHI, per label, per category, HIDE's two conventions,
the 2x2 PHI confusion matrix (the SVM paper, Table 2) and the BIO label matrix (HIDE, Tables 3-4).

A token is PHI when it overlaps a span; when it overlaps several, it takes the label of the span
it overlaps most (the first on a tie). The first token of a span is tagged ``B-``, the others
``I-``; non-PHI tokens are ``O``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from deidkit.evaluate.counts import Counts
from deidkit.labels import category_of
from deidkit.types import Span, Token

OUTSIDE = "O"
PHI = "PHI"
NON_PHI = "non-PHI"
ALL = "ALL"

GroupKey = tuple[str, str, str]
"""(level, scope, name), e.g. ("token", "label", "DATE") or ("entity-strict", "all", "ALL")."""


@dataclass(frozen=True, slots=True)
class TokenLabels:
    """The labels of a document's tokens: fine label (or ``O``) and the span each came from."""

    labels: tuple[str, ...]
    span_index: tuple[int, ...]

    def tags(self, *, coarse: bool = False) -> tuple[str, ...]:
        """BIO tags (``B-DATE``, ``I-DATE``, ``O``); with ``coarse`` over categories."""
        tags: list[str] = []
        seen: set[int] = set()
        for label, index in zip(self.labels, self.span_index, strict=True):
            if label == OUTSIDE:
                tags.append(OUTSIDE)
                continue
            name = str(category_of(label)) if coarse else label
            tags.append(("I-" if index in seen else "B-") + name)
            seen.add(index)
        return tuple(tags)

    @property
    def is_phi(self) -> tuple[bool, ...]:
        return tuple(label != OUTSIDE for label in self.labels)


def label_tokens(tokens: Sequence[Token], spans: Sequence[Span]) -> TokenLabels:
    """Assign each token the label of the span it overlaps most (``O`` if none).

    ``tokens`` and ``spans`` must be sorted by offset (as tokenizers and Documents give them).
    """
    labels: list[str] = []
    indexes: list[int] = []
    first = 0
    for token in tokens:
        while first < len(spans) and spans[first].end <= token.start:
            first += 1
        best, best_overlap = -1, 0
        index = first
        while index < len(spans) and spans[index].start < token.end:
            overlap = min(token.end, spans[index].end) - max(token.start, spans[index].start)
            if overlap > best_overlap:
                best, best_overlap = index, overlap
            index += 1
        labels.append(spans[best].label if best >= 0 else OUTSIDE)
        indexes.append(best)
    return TokenLabels(tuple(labels), tuple(indexes))


def token_counts(gold: TokenLabels, pred: TokenLabels) -> dict[GroupKey, Counts]:
    """Token-level counts of one document, for every group reported at token level.

    True negatives are kept for the binary and HIDE groups only (per label they would depend
    on which labels a document happens to contain).
    """
    binary = Counter[tuple[bool, bool]]()
    per_label: dict[str, list[int]] = {}
    per_category: dict[str, list[int]] = {}
    exact_phi = wrong_pred = wrong_gold = exact_o = 0
    for g, p in zip(gold.labels, pred.labels, strict=True):
        g_phi, p_phi = g != OUTSIDE, p != OUTSIDE
        binary[(g_phi, p_phi)] += 1
        if g == p:
            if g_phi:
                exact_phi += 1
            else:
                exact_o += 1
        else:
            wrong_pred += p_phi
            wrong_gold += g_phi
        _tally(per_label, g, p)
        _tally(
            per_category,
            str(category_of(g)) if g_phi else OUTSIDE,
            str(category_of(p)) if p_phi else OUTSIDE,
        )
    tp, fp = binary[(True, True)], binary[(False, True)]
    fn, tn = binary[(True, False)], binary[(False, False)]
    groups: dict[GroupKey, Counts] = {
        ("token", "binary", PHI): Counts(tp, fp, fn, tn),
        ("token", "binary", NON_PHI): Counts(tn, fn, fp, tp),
        # HIDE ( section 6): labels must match; true negatives (correct O) excluded ...
        ("token", "hide", "excluding-tn"): Counts(exact_phi, wrong_pred, wrong_gold, exact_o),
        # ... or counted as correct, as the i2b2 2006 challenge did (HIDE, section 6.3).
        ("token", "hide", "counting-tn"): Counts(exact_phi + exact_o, wrong_pred, wrong_gold),
    }
    for scope, table in (("label", per_label), ("category", per_category)):
        for name, (hit, pred_only, gold_only) in table.items():
            groups[("token", scope, name)] = Counts(hit, pred_only, gold_only)
    return groups


def _tally(table: dict[str, list[int]], gold: str, pred: str) -> None:
    """Count one token into per-name [tp, fp, fn] lists (O is not a name)."""
    if gold == pred:
        if gold != OUTSIDE:
            table.setdefault(gold, [0, 0, 0])[0] += 1
        return
    if pred != OUTSIDE:
        table.setdefault(pred, [0, 0, 0])[1] += 1
    if gold != OUTSIDE:
        table.setdefault(gold, [0, 0, 0])[2] += 1


def bio_confusion(gold: TokenLabels, pred: TokenLabels, *, coarse: bool = False) -> Counter:
    """Counts of (true tag, predicted tag) pairs over a document's tokens."""
    return Counter(zip(gold.tags(coarse=coarse), pred.tags(coarse=coarse), strict=True))
