"""``evaluate(gold, pred)``: every metric of one system on one corpus, with bootstrap intervals.

The result keeps per-document counts, so two systems evaluated on the same documents can be
compared with ``compare(a, b)`` (a paired significance test).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from deidkit.errors import ConfigError
from deidkit.evaluate.counts import Counts
from deidkit.evaluate.entity_level import LEAK_NAME, entity_counts
from deidkit.evaluate.pairing import DocumentPair, Tokenizer, pair_documents
from deidkit.evaluate.significance import (
    MEASURES,
    CountTable,
    Interval,
    PairedTest,
    bootstrap_intervals,
    paired_test,
)
from deidkit.evaluate.token_level import (
    ALL,
    NON_PHI,
    OUTSIDE,
    PHI,
    GroupKey,
    bio_confusion,
    label_tokens,
    token_counts,
)
from deidkit.labels import LABEL_NAMES, Category
from deidkit.text import tokenize
from deidkit.types import Document

HEADLINE: tuple[tuple[GroupKey, str, str], ...] = (
    (("token", "binary", PHI), "token PHI", "token, PHI vs non-PHI"),
    (("token", "binary", NON_PHI), "token non-PHI", "token, non-PHI"),
    (
        ("token", "hide", "excluding-tn"),
        "token label, no TN",
        "token label, true negatives excluded (HIDE)",
    ),
    (
        ("token", "hide", "counting-tn"),
        "token label, TN counted",
        "token label, true negatives counted (i2b2 2006)",
    ),
    (("entity-strict", "all", ALL), "entity strict", "entity, strict (start, end, type)"),
    (("entity-span", "all", ALL), "entity span", "entity, span only (type ignored)"),
    (("entity-overlap", "all", ALL), "entity overlap", "entity, overlap (type ignored)"),
    (
        ("instance", "all", ALL),
        "instance, all tokens",
        "PHI instance, every token found (PhysioNet deid)",
    ),
    (("instance-any-token", "all", ALL), "instance, any token", "PHI instance, any token found"),
    (
        ("leak", "all", LEAK_NAME),
        "NAME+ID not leaked",
        "NAME and ID instances fully found (1 - leak rate)",
    ),
)
"""The summary rows of an evaluation, in display order: group, short name, description."""

LEAK_GROUP: GroupKey = ("leak", "all", LEAK_NAME)
DEFAULT_BOOTSTRAP = 1000


def default_tokenizer() -> Tokenizer:
    """deidkit's tokenizer (``deidkit.text.tokenize``)."""
    return tokenize


@dataclass(frozen=True)
class Evaluation:
    """The metrics of one system on one corpus.

    ``table`` holds per-document counts of every group (see ``HEADLINE`` for the main ones),
    ``intervals`` the bootstrap intervals (empty when bootstrap is off), ``bio`` the
    (true tag, predicted tag) counts and ``settings`` how it was computed.
    """

    table: CountTable
    tokens: int
    bio: Mapping[tuple[str, str], int]
    intervals: Mapping[GroupKey, Mapping[str, Interval]] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def documents(self) -> int:
        return len(self.table.doc_ids)

    @cached_property
    def totals(self) -> dict[GroupKey, Counts]:
        """Counts of every group summed over all documents."""
        return self.table.totals()

    def counts(self, group: GroupKey) -> Counts:
        return self.totals.get(group, Counts())

    def measure(self, group: GroupKey, name: str) -> float:
        counts = self.counts(group)
        if name == "precision":
            return counts.precision
        if name == "recall":
            return counts.recall
        if name in ("f1", "f2", "f10"):
            return counts.f_beta(float(name[1:]))
        raise ConfigError(f"unknown measure {name!r}; use one of: {', '.join(MEASURES)}")

    @property
    def leak_rate(self) -> float:
        """Share of gold NAME and ID instances with any token missed (NaN if there are none)."""
        counts = self.counts(LEAK_GROUP)
        return counts.fn / counts.gold if counts.gold else math.nan

    def groups(self, level: str | None = None, scope: str | None = None) -> list[GroupKey]:
        """The groups present, in a stable reading order."""
        found = [
            key
            for key in self.table.groups
            if (level is None or key[0] == level) and (scope is None or key[1] == scope)
        ]
        return sorted(found, key=_group_order)

    def phi_confusion(self) -> dict[str, dict[str, int]]:
        """The SVM paper, Table 2: rows predicted PHI / non-PHI, columns actual PHI / non-PHI."""
        c = self.counts(("token", "binary", PHI))
        return {
            "predicted PHI": {"actual PHI": c.tp, "actual non-PHI": c.fp},
            "predicted non-PHI": {"actual PHI": c.fn, "actual non-PHI": c.tn},
        }

    def bio_tags(self) -> list[str]:
        tags = {tag for pair in self.bio for tag in pair}
        scope = str(self.settings.get("bio_level", "label"))
        return sorted(tags, key=lambda tag: _tag_order(tag, scope))

    def bio_rows(self) -> list[dict[str, Any]]:
        """HIDE, Tables 3-4: per true tag, its row of counts, total, precision, recall, F1."""
        tags = self.bio_tags()
        column_totals = Counter[str]()
        for (_, pred), count in self.bio.items():
            column_totals[pred] += count
        rows = []
        for true in tags:
            cells = {pred: int(self.bio.get((true, pred), 0)) for pred in tags}
            total = sum(cells.values())
            hit = cells[true]
            counts = Counts(tp=hit, fp=column_totals[true] - hit, fn=total - hit)
            rows.append(
                {
                    "tag": true,
                    "cells": cells,
                    "total": total,
                    "precision": counts.precision,
                    "recall": counts.recall,
                    "f1": counts.f1,
                }
            )
        return rows

    def group_row(self, group: GroupKey) -> dict[str, Any]:
        counts = self.counts(group)
        row: dict[str, Any] = {
            "level": group[0],
            "scope": group[1],
            "name": group[2],
            "tp": counts.tp,
            "fp": counts.fp,
            "fn": counts.fn,
            "tn": counts.tn,
            "tp_pred": counts.matched_pred,
        }
        for name in MEASURES:
            row[name] = _clean(self.measure(group, name))
            interval = self.intervals.get(group, {}).get(name)
            row[f"{name}_low"] = None if interval is None else _clean(interval.low)
            row[f"{name}_high"] = None if interval is None else _clean(interval.high)
        return row

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "tokens": self.tokens,
            "settings": dict(self.settings),
            "leak_rate": _clean(self.leak_rate),
            "summary": [
                {**self.group_row(group), "measure": short, "description": text}
                for group, short, text in HEADLINE
            ],
            "groups": [self.group_row(group) for group in self.groups()],
            "phi_confusion": self.phi_confusion(),
            "bio_confusion": {
                "tags": self.bio_tags(),
                "rows": [
                    {**row, **{k: _clean(row[k]) for k in ("precision", "recall", "f1")}}
                    for row in self.bio_rows()
                ],
            },
        }


def evaluate(
    gold: Iterable[Document],
    pred: Iterable[Document],
    *,
    tokenizer: Tokenizer | None = None,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    confidence: float = 0.95,
    seed: int = 0,
    coarse_bio: bool = False,
    gold_path: Path | str | None = None,
    pred_path: Path | str | None = None,
) -> Evaluation:
    """Evaluate predicted spans against gold spans (documents matched by id).

    ``bootstrap`` is the number of resampling rounds for the confidence intervals (0 turns them
    off); ``coarse_bio`` builds the BIO matrix over categories instead of fine labels.
    """
    pairs = pair_documents(gold, pred, gold_path=gold_path, pred_path=pred_path)
    return evaluate_pairs(
        pairs,
        tokenizer=tokenizer,
        bootstrap=bootstrap,
        confidence=confidence,
        seed=seed,
        coarse_bio=coarse_bio,
    )


def evaluate_pairs(
    pairs: Sequence[DocumentPair],
    *,
    tokenizer: Tokenizer | None = None,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    confidence: float = 0.95,
    seed: int = 0,
    coarse_bio: bool = False,
) -> Evaluation:
    """``evaluate`` over already paired documents."""
    if bootstrap < 0:
        raise ConfigError(f"bootstrap rounds cannot be negative (got {bootstrap})")
    tokenize = tokenizer or default_tokenizer()
    per_document: list[dict[GroupKey, Counts]] = []
    bio = Counter[tuple[str, str]]()
    n_tokens = 0
    for pair in pairs:
        tokens = list(tokenize(pair.gold.text))
        n_tokens += len(tokens)
        gold_tokens = label_tokens(tokens, pair.gold.spans)
        pred_tokens = label_tokens(tokens, pair.pred.spans)
        groups = token_counts(gold_tokens, pred_tokens)
        groups.update(
            entity_counts(pair.gold.spans, pair.pred.spans, tokens, gold_tokens, pred_tokens)
        )
        per_document.append(groups)
        bio.update(bio_confusion(gold_tokens, pred_tokens, coarse=coarse_bio))
    table = CountTable.from_documents([p.id for p in pairs], per_document)
    intervals = (
        bootstrap_intervals(
            table, rounds=bootstrap, confidence=confidence, rng=np.random.default_rng(seed)
        )
        if bootstrap
        else {}
    )
    settings = {
        "bootstrap_rounds": bootstrap,
        "confidence": confidence,
        "seed": seed,
        "bio_level": "category" if coarse_bio else "label",
        "interval_method": "percentile bootstrap over documents",
    }
    return Evaluation(table, n_tokens, dict(bio), intervals, settings)


def merge_evaluations(
    evaluations: Sequence[Evaluation], *, bootstrap: int | None = None, seed: int = 0
) -> Evaluation:
    """Pool evaluations of disjoint document sets (e.g. the folds of a cross-validation) into
    one micro-averaged evaluation, with fresh bootstrap intervals over all documents."""
    if not evaluations:
        raise ConfigError("nothing to merge: no evaluations")
    table = CountTable.concat([e.table for e in evaluations])
    if len(set(table.doc_ids)) != len(table.doc_ids):
        raise ConfigError("the evaluations to pool share documents; pool disjoint folds only")
    bio = Counter[tuple[str, str]]()
    for evaluation in evaluations:
        bio.update(evaluation.bio)
    settings = dict(evaluations[0].settings)
    rounds = int(settings.get("bootstrap_rounds", 0)) if bootstrap is None else bootstrap
    confidence = float(settings.get("confidence", 0.95))
    intervals = (
        bootstrap_intervals(
            table, rounds=rounds, confidence=confidence, rng=np.random.default_rng(seed)
        )
        if rounds
        else {}
    )
    settings.update(bootstrap_rounds=rounds, seed=seed, pooled_from=len(evaluations))
    return Evaluation(table, sum(e.tokens for e in evaluations), dict(bio), intervals, settings)


def compare(
    a: Evaluation,
    b: Evaluation,
    *,
    groups: Sequence[GroupKey] = (("token", "binary", PHI), ("entity-strict", "all", ALL)),
    measures: Sequence[str] = ("precision", "recall", "f1"),
    rounds: int = 10000,
    seed: int = 0,
) -> list[PairedTest]:
    """Paired significance tests of system B against system A on the same documents."""
    rng = np.random.default_rng(seed)
    return [
        paired_test(
            a.table,
            b.table,
            group,
            measure,
            rounds=rounds,
            confidence=float(a.settings.get("confidence", 0.95)),
            rng=rng,
        )
        for group in groups
        for measure in measures
    ]


_LEVELS = (
    "token",
    "entity-strict",
    "entity-span",
    "entity-overlap",
    "instance",
    "instance-any-token",
    "leak",
)
_SCOPES = ("binary", "hide", "all", "category", "label")
_FIXED = (PHI, NON_PHI, "excluding-tn", "counting-tn", ALL, LEAK_NAME)
_CATEGORIES = tuple(str(c) for c in Category)


def _name_order(name: str, scope: str) -> int:
    order = {"label": LABEL_NAMES, "category": _CATEGORIES}.get(scope, _FIXED)
    return order.index(name) if name in order else len(order)


def _group_order(key: GroupKey) -> tuple[int, int, int, str]:
    level, scope, name = key
    return (
        _LEVELS.index(level) if level in _LEVELS else len(_LEVELS),
        _SCOPES.index(scope) if scope in _SCOPES else len(_SCOPES),
        _name_order(name, scope),
        name,
    )


def _tag_order(tag: str, scope: str) -> tuple[int, int, str]:
    """B- tags, then I- tags, each in label (or category) order, then O (HIDE, Table 3)."""
    if tag == OUTSIDE:
        return (2, 0, tag)
    prefix, _, name = tag.partition("-")
    return (0 if prefix == "B" else 1, _name_order(name, scope), name)


def _clean(value: float) -> float | None:
    """NaN becomes None (JSON null, "n/a" in tables)."""
    return None if value is None or math.isnan(value) else float(value)
