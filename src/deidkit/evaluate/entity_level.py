"""Entity-level counts (strict, span-only, overlap), PHI instances as PhysioNet deid counts them,
and the leak rate.

- strict: a prediction is right when start, end and label all match a gold span;
- span: start and end match, the label is ignored;
- overlap: any character overlap with a gold span, the label is ignored (for recall a gold
  span is found if any prediction overlaps it; for precision a prediction is right if it
  overlaps any gold span);
- instance (PhysioNet deid, section 2.5): a gold PHI instance is found only when every one of its
  tokens is predicted PHI (any label); a missed multi-word instance ("New York City") counts
  once, not once per word. A prediction is a false positive when it overlaps no gold span;
- leak: the share of gold NAME and ID instances with any token missed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from deidkit.evaluate.counts import Counts
from deidkit.evaluate.token_level import ALL, GroupKey, TokenLabels
from deidkit.labels import Category, category_of
from deidkit.types import Span, Token

LEAK_CATEGORIES: tuple[Category, ...] = (Category.NAME, Category.ID)
LEAK_NAME = "+".join(LEAK_CATEGORIES)


def entity_counts(
    gold: Sequence[Span],
    pred: Sequence[Span],
    tokens: Sequence[Token],
    gold_tokens: TokenLabels,
    pred_tokens: TokenLabels,
) -> dict[GroupKey, Counts]:
    """Entity, instance and leak counts of one document (spans sorted, as in a Document)."""
    groups: dict[GroupKey, Counts] = {}
    _strict(gold, pred, groups)
    gold_bounds = {(s.start, s.end) for s in gold}
    pred_bounds = {(s.start, s.end) for s in pred}
    hits = len(gold_bounds & pred_bounds)
    groups[("entity-span", "all", ALL)] = Counts(
        hits, len(pred_bounds) - hits, len(gold_bounds) - hits
    )
    gold_hit = _overlapped(gold, pred)
    pred_hit = _overlapped(pred, gold)
    groups[("entity-overlap", "all", ALL)] = Counts(
        tp=sum(gold_hit),
        fp=len(pred) - sum(pred_hit),
        fn=len(gold) - sum(gold_hit),
        tp_pred=sum(pred_hit),
    )
    _instances(gold, pred, tokens, pred_tokens, pred_hit, groups)
    return groups


def _strict(gold: Sequence[Span], pred: Sequence[Span], groups: dict[GroupKey, Counts]) -> None:
    gold_keys = {s.key for s in gold}
    pred_keys = {s.key for s in pred}
    hit_keys = gold_keys & pred_keys
    table: dict[GroupKey, list[int]] = {}
    for keys, column in ((hit_keys, 0), (pred_keys - hit_keys, 1), (gold_keys - hit_keys, 2)):
        for _, _, label in keys:
            for group in (
                ("entity-strict", "all", ALL),
                ("entity-strict", "label", label),
                ("entity-strict", "category", str(category_of(label))),
            ):
                table.setdefault(group, [0, 0, 0])[column] += 1
    groups.setdefault(("entity-strict", "all", ALL), Counts())
    for group, (tp, fp, fn) in table.items():
        groups[group] = Counts(tp, fp, fn)


def _overlapped(spans: Sequence[Span], others: Sequence[Span]) -> list[bool]:
    """For each span (sorted), whether any of the other spans (sorted) overlaps it."""
    result: list[bool] = []
    first = 0
    for span in spans:
        while first < len(others) and others[first].end <= span.start:
            first += 1
        result.append(first < len(others) and others[first].start < span.end)
    return result


def _instances(
    gold: Sequence[Span],
    pred: Sequence[Span],
    tokens: Sequence[Token],
    pred_tokens: TokenLabels,
    pred_hit: Sequence[bool],
    groups: dict[GroupKey, Counts],
) -> None:
    found = Counter[str]()
    partial = Counter[str]()
    missed = Counter[str]()
    pred_right = Counter[str]()
    pred_wrong = Counter[str]()
    predicted_phi = pred_tokens.is_phi
    pred_covering = _overlapped(gold, pred)
    first = 0
    for index, span in enumerate(gold):
        while first < len(tokens) and tokens[first].end <= span.start:
            first += 1
        covered: list[bool] = []
        position = first
        while position < len(tokens) and tokens[position].start < span.end:
            covered.append(predicted_phi[position])
            position += 1
        if not covered:  # no token inside the span (e.g. only spaces): any overlap finds it
            covered = [pred_covering[index]]
        category = str(category_of(span.label))
        if all(covered):
            found[category] += 1
        elif any(covered):
            partial[category] += 1
        else:
            missed[category] += 1
    for span, hit in zip(pred, pred_hit, strict=True):
        (pred_right if hit else pred_wrong)[str(category_of(span.label))] += 1

    def instance_counts(names: Sequence[str] | None, *, any_token: bool = False) -> Counts:
        def total(counter: Counter[str]) -> int:
            return counter.total() if names is None else sum(counter[n] for n in names)

        tp = total(found) + (total(partial) if any_token else 0)
        fn = total(missed) + (0 if any_token else total(partial))
        return Counts(tp=tp, fp=total(pred_wrong), fn=fn, tp_pred=total(pred_right))

    groups[("instance", "all", ALL)] = instance_counts(None)
    groups[("instance-any-token", "all", ALL)] = instance_counts(None, any_token=True)
    names = set(found) | set(partial) | set(missed) | set(pred_right) | set(pred_wrong)
    for name in names:
        groups[("instance", "category", name)] = instance_counts([name])
    leak = instance_counts([str(c) for c in LEAK_CATEGORIES])
    # only recall means something here: no prediction is counted (precision stays undefined)
    groups[("leak", "all", LEAK_NAME)] = Counts(tp=leak.tp, fn=leak.fn, tp_pred=0)
