"""Agreement report: each annotator and model against the adjudicated gold, and between pairs.

Everything is counted per token (``deidkit.text.tokenize``), as in PhysioNet deid, where "someone
missing 'New York City' has missed one instance" is handled by its adjudicators; here a
multi-token span counts once per token for everyone alike. A token takes the label of the span
that overlaps it.

- Sensitivity and PPV of each annotator (documents the annotator marked done) and of each
  model (documents it pre-annotated) against the gold of adjudicated documents: any PHI vs
  none (``ALL``) and per PHI type (label must match).
- PhysioNet deid, Table 1: sensitivity and PPV of the union of k annotators' selections, min / max /
  mean over the groups of k annotators who worked on the same documents.
- Pairwise agreement between annotators on the documents both marked done, per PHI type:
  F1 (positive specific agreement) and Cohen's kappa over all tokens; ``ALL`` is the
  multi-class kappa over labels and "not PHI", and F1 over same-label PHI tokens.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from statistics import mean

from deidkit.annotate.adjudication import annotator_spans, gold_spans, model_spans
from deidkit.annotate.annotator import token_offsets
from deidkit.annotate.consensus import SpanKey
from deidkit.annotate.project import get_document

ALL = "ALL"


def token_labels(tokens: Sequence[tuple[int, int]], spans: Iterable[SpanKey]) -> list[str | None]:
    """The label of each token: that of the first span overlapping it, else None."""
    ordered = sorted(spans)
    labels: list[str | None] = [None] * len(tokens)
    j = 0
    for i, (start, end) in enumerate(tokens):
        while j < len(ordered) and ordered[j][1] <= start:
            j += 1
        k = j
        while k < len(ordered) and ordered[k][0] < end:
            if ordered[k][1] > start:
                labels[i] = ordered[k][2]
                break
            k += 1
    return labels


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


@dataclass(slots=True)
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def sensitivity(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def ppv(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def f1(self) -> float | None:
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def add(self, gold: Sequence[str | None], pred: Sequence[str | None], label: str) -> None:
        for g, p in zip(gold, pred, strict=True):
            g_in = g is not None if label == ALL else g == label
            p_in = p is not None if label == ALL else p == label
            if g_in and p_in:
                self.tp += 1
            elif p_in:
                self.fp += 1
            elif g_in:
                self.fn += 1


@dataclass(frozen=True, slots=True)
class Score:
    """Sensitivity and PPV of one annotator or model for one label (or ``ALL``)."""

    subject: str
    label: str
    documents: int
    counts: Counts


@dataclass(frozen=True, slots=True)
class GroupRow:
    """PhysioNet deid, Table 1: the union of ``size`` annotators, over every such group."""

    size: int
    groups: int
    documents: int
    sensitivity: tuple[float, float, float] | None
    ppv: tuple[float, float, float] | None


@dataclass(frozen=True, slots=True)
class PairRow:
    """Agreement of two annotators on one label (or ``ALL``) over their shared documents."""

    first: str
    second: str
    label: str
    documents: int
    tokens: int
    first_count: int
    second_count: int
    both: int
    f1: float | None
    kappa: float | None


@dataclass(frozen=True, slots=True)
class DocumentWork:
    """What the report needs from one document."""

    tokens: list[tuple[int, int]]
    gold: list[SpanKey] | None
    annotators: Mapping[str, list[SpanKey]]
    done: frozenset[str]
    models: Mapping[str, list[SpanKey]]
    predicted_by: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True, slots=True)
class Report:
    adjudicated: int
    annotators: list[Score]
    models: list[Score]
    groups: list[GroupRow]
    pairs: list[PairRow]


def _scores(per_subject: Mapping[str, tuple[int, dict[str, Counts]]]) -> list[Score]:
    rows: list[Score] = []
    for subject in sorted(per_subject):
        documents, by_label = per_subject[subject]
        for label in sorted(by_label, key=lambda name: (name != ALL, name)):
            rows.append(Score(subject, label, documents, by_label[label]))
    return rows


def _add_scores(
    target: dict[str, tuple[int, dict[str, Counts]]],
    subject: str,
    gold: Sequence[str | None],
    pred: Sequence[str | None],
) -> None:
    documents, by_label = target.get(subject, (0, {}))
    labels = {ALL} | {label for label in (*gold, *pred) if label is not None}
    for label in labels:
        by_label.setdefault(label, Counts()).add(gold, pred, label)
    target[subject] = (documents + 1, by_label)


def _kappa(confusion: Counter[tuple[str | None, str | None]], label: str) -> float | None:
    n = sum(confusion.values())
    if not n:
        return None
    if label == ALL:
        observed = sum(c for (a, b), c in confusion.items() if a == b) / n
        first: Counter[str | None] = Counter()
        second: Counter[str | None] = Counter()
        for (a, b), count in confusion.items():
            first[a] += count
            second[b] += count
        expected = sum(first[x] * second[x] for x in first) / (n * n)
    else:
        both = sum(c for (a, b), c in confusion.items() if a == label and b == label)
        neither = sum(c for (a, b), c in confusion.items() if a != label and b != label)
        pa = sum(c for (a, _), c in confusion.items() if a == label) / n
        pb = sum(c for (_, b), c in confusion.items() if b == label) / n
        observed = (both + neither) / n
        expected = pa * pb + (1 - pa) * (1 - pb)
    if expected >= 1:
        return None
    return (observed - expected) / (1 - expected)


def _pair_rows(
    first: str, second: str, documents: int, confusion: Counter[tuple[str | None, str | None]]
) -> list[PairRow]:
    tokens = sum(confusion.values())
    labels = sorted({x for pair in confusion for x in pair if x is not None})
    rows: list[PairRow] = []
    for label in [ALL, *labels]:
        if label == ALL:
            a = sum(c for (x, _), c in confusion.items() if x is not None)
            b = sum(c for (_, y), c in confusion.items() if y is not None)
            both = sum(c for (x, y), c in confusion.items() if x is not None and x == y)
        else:
            a = sum(c for (x, _), c in confusion.items() if x == label)
            b = sum(c for (_, y), c in confusion.items() if y == label)
            both = confusion[(label, label)]
        rows.append(
            PairRow(
                first,
                second,
                label,
                documents,
                tokens,
                a,
                b,
                both,
                _ratio(2 * both, a + b),
                _kappa(confusion, label),
            )
        )
    return rows


def compute_report(documents: Iterable[DocumentWork]) -> Report:
    """The agreement report over a project's documents (a pure function)."""
    annotator_scores: dict[str, tuple[int, dict[str, Counts]]] = {}
    model_scores: dict[str, tuple[int, dict[str, Counts]]] = {}
    group_counts: dict[tuple[str, ...], tuple[int, Counts]] = {}
    pair_confusion: dict[tuple[str, str], tuple[int, Counter[tuple[str | None, str | None]]]] = {}
    adjudicated = 0
    for work in documents:
        labels = {name: token_labels(work.tokens, spans) for name, spans in work.annotators.items()}
        done = sorted(name for name in work.done if name in labels)
        if work.gold is not None:
            adjudicated += 1
            gold = token_labels(work.tokens, work.gold)
            for name in done:
                _add_scores(annotator_scores, name, gold, labels[name])
            for source in sorted(work.predicted_by):
                predicted = token_labels(work.tokens, work.models.get(source, []))
                _add_scores(model_scores, source, gold, predicted)
            for size in range(1, len(done) + 1):
                for group in combinations(done, size):
                    union = [
                        next((labels[name][i] for name in group if labels[name][i]), None)
                        for i in range(len(work.tokens))
                    ]
                    count, counts = group_counts.get(group, (0, Counts()))
                    counts.add(gold, union, ALL)
                    group_counts[group] = (count + 1, counts)
        for first, second in combinations(done, 2):
            count, confusion = pair_confusion.get((first, second), (0, Counter()))
            confusion.update(zip(labels[first], labels[second], strict=True))
            pair_confusion[(first, second)] = (count + 1, confusion)
    groups: list[GroupRow] = []
    for size in sorted({len(group) for group in group_counts}):
        chosen = [value for group, value in group_counts.items() if len(group) == size]
        sens = [c.sensitivity for _, c in chosen if c.sensitivity is not None]
        ppv = [c.ppv for _, c in chosen if c.ppv is not None]
        groups.append(
            GroupRow(
                size=size,
                groups=len(chosen),
                documents=sum(n for n, _ in chosen),
                sensitivity=(min(sens), max(sens), mean(sens)) if sens else None,
                ppv=(min(ppv), max(ppv), mean(ppv)) if ppv else None,
            )
        )
    pairs = [
        row
        for (first, second), (count, confusion) in sorted(pair_confusion.items())
        for row in _pair_rows(first, second, count, confusion)
    ]
    return Report(adjudicated, _scores(annotator_scores), _scores(model_scores), groups, pairs)


def load_report(conn: sqlite3.Connection) -> Report:
    """Gather every document's spans from the project database and compute the report."""
    adjudicated = {
        int(r[0])
        for r in conn.execute("SELECT document_id FROM adjudications WHERE status = 'adjudicated'")
    }
    done: dict[int, set[str]] = {}
    for row in conn.execute(
        "SELECT a.document_id, u.username FROM assignments a JOIN users u ON u.id = a.user_id "
        "WHERE a.status = 'done'"
    ):
        done.setdefault(int(row[0]), set()).add(str(row[1]))
    predicted: dict[int, set[str]] = {}
    for row in conn.execute("SELECT document_id, source FROM predicted"):
        predicted.setdefault(int(row[0]), set()).add(str(row[1]))

    def works() -> Iterable[DocumentWork]:
        for key in sorted(adjudicated | {k for k, names in done.items() if len(names) > 1}):
            text = get_document(conn, key).text
            is_gold = key in adjudicated
            yield DocumentWork(
                tokens=token_offsets(text),
                gold=[(g.start, g.end, g.label) for g in gold_spans(conn, key)]
                if is_gold
                else None,
                annotators=annotator_spans(conn, key),
                done=frozenset(done.get(key, ())),
                models=model_spans(conn, key) if is_gold else {},
                predicted_by=frozenset(predicted.get(key, ())) if is_gold else frozenset(),
            )

    return compute_report(works())


CSV_COLUMNS = (
    "table",
    "subject",
    "other",
    "label",
    "documents",
    "tokens",
    "tp",
    "fp",
    "fn",
    "sensitivity",
    "ppv",
    "f1",
    "kappa",
    "sensitivity_min",
    "sensitivity_max",
    "ppv_min",
    "ppv_max",
    "groups",
)


def _fmt(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def report_csv(report: Report) -> str:
    """The whole report as one CSV table (column ``table`` says which part a row is from)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for table, scores in (("annotator", report.annotators), ("model", report.models)):
        for score in scores:
            c = score.counts
            writer.writerow(
                {
                    "table": table,
                    "subject": score.subject,
                    "label": score.label,
                    "documents": score.documents,
                    "tp": c.tp,
                    "fp": c.fp,
                    "fn": c.fn,
                    "sensitivity": _fmt(c.sensitivity),
                    "ppv": _fmt(c.ppv),
                    "f1": _fmt(c.f1),
                }
            )
    for group in report.groups:
        sens = group.sensitivity or (None, None, None)
        ppv = group.ppv or (None, None, None)
        writer.writerow(
            {
                "table": "union_of_k",
                "subject": f"{group.size}",
                "label": ALL,
                "documents": group.documents,
                "groups": group.groups,
                "sensitivity_min": _fmt(sens[0]),
                "sensitivity_max": _fmt(sens[1]),
                "sensitivity": _fmt(sens[2]),
                "ppv_min": _fmt(ppv[0]),
                "ppv_max": _fmt(ppv[1]),
                "ppv": _fmt(ppv[2]),
            }
        )
    for pair in report.pairs:
        writer.writerow(
            {
                "table": "pair",
                "subject": pair.first,
                "other": pair.second,
                "label": pair.label,
                "documents": pair.documents,
                "tokens": pair.tokens,
                "tp": pair.both,
                "fp": pair.second_count - pair.both,
                "fn": pair.first_count - pair.both,
                "f1": _fmt(pair.f1),
                "kappa": _fmt(pair.kappa),
            }
        )
    return buffer.getvalue()
