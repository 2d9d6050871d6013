"""The agreement report: token labels, sensitivity/PPV, Table 1 unions, F1 and kappa."""

from __future__ import annotations

import csv
import io

import pytest

from deidkit.annotate.agreement import (
    ALL,
    DocumentWork,
    compute_report,
    report_csv,
    token_labels,
)

TOKENS = [(2 * i, 2 * i + 1) for i in range(10)]  # ten one-character tokens


def on(index: int, label: str, length: int = 1) -> tuple[int, int, str]:
    return (2 * index, 2 * (index + length - 1) + 1, label)


GOLD = [on(0, "PATIENT", 2), on(5, "DATE"), on(8, "PHONE")]
ALICE = [on(0, "PATIENT", 2), on(5, "DATE")]
BOB = [on(0, "PATIENT", 2), on(6, "DATE")]
MODEL = [on(3, "CITY"), on(8, "PHONE")]


def work(gold=GOLD, done=("alice", "bob")) -> DocumentWork:
    return DocumentWork(
        tokens=TOKENS,
        gold=gold,
        annotators={"alice": ALICE, "bob": BOB},
        done=frozenset(done),
        models={"m": MODEL},
        predicted_by=frozenset({"m"}),
    )


def test_token_labels_take_the_overlapping_span():
    assert token_labels([(0, 4), (5, 9), (10, 12)], [(2, 7, "CITY")]) == ["CITY", "CITY", None]
    assert token_labels([(0, 4)], []) == [None]


def test_sensitivity_and_ppv_against_the_gold():
    report = compute_report([work()])
    scores = {(s.subject, s.label): s.counts for s in report.annotators}
    alice, bob = scores[("alice", ALL)], scores[("bob", ALL)]
    assert (alice.tp, alice.fp, alice.fn) == (3, 0, 1)
    assert (alice.sensitivity, alice.ppv) == (0.75, 1.0)
    assert (bob.tp, bob.fp, bob.fn) == (2, 1, 2)
    assert bob.ppv == pytest.approx(2 / 3)
    assert (scores[("bob", "DATE")].tp, scores[("bob", "DATE")].fp) == (0, 1)
    assert scores[("alice", "PHONE")].fn == 1
    (model,) = [s.counts for s in report.models if s.label == ALL]
    assert (model.tp, model.fp, model.fn) == (1, 1, 3)


def test_table_1_unions_of_annotators():
    report = compute_report([work()])
    one, two = report.groups
    assert (one.size, one.groups, two.size, two.groups) == (1, 2, 2, 1)
    assert one.sensitivity == (0.5, 0.75, 0.625)
    assert one.ppv == pytest.approx((2 / 3, 1.0, 5 / 6))
    assert two.sensitivity == (0.75, 0.75, 0.75) and two.ppv == (0.75, 0.75, 0.75)


def test_pairwise_f1_and_kappa_match_hand_and_sklearn_values():
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    report = compute_report([work()])
    rows = {p.label: p for p in report.pairs}
    every = rows[ALL]
    assert (every.first, every.second, every.tokens) == ("alice", "bob", 10)
    assert every.f1 == pytest.approx(4 / 6)
    assert every.kappa == pytest.approx((0.8 - 0.54) / 0.46)
    first = [label or "O" for label in token_labels(TOKENS, ALICE)]
    second = [label or "O" for label in token_labels(TOKENS, BOB)]
    assert every.kappa == pytest.approx(sklearn_metrics.cohen_kappa_score(first, second))
    assert rows["PATIENT"].kappa == pytest.approx(1.0) and rows["PATIENT"].f1 == 1.0
    assert rows["DATE"].kappa == pytest.approx((0.8 - 0.82) / 0.18) and rows["DATE"].f1 == 0.0


def test_scope_finished_and_adjudicated_only():
    not_adjudicated = compute_report([work(gold=None)])
    assert not_adjudicated.adjudicated == 0 and not_adjudicated.annotators == []
    assert not_adjudicated.models == [] and len(not_adjudicated.pairs) > 0
    alice_only = compute_report([work(done=("alice",))])
    assert {s.subject for s in alice_only.annotators} == {"alice"} and alice_only.pairs == []


def test_kappa_is_undefined_when_nobody_marks_anything():
    empty = DocumentWork(TOKENS, [], {"a": [], "b": []}, frozenset({"a", "b"}), {})
    report = compute_report([empty])
    (row,) = report.pairs
    assert row.kappa is None and row.f1 is None
    assert report.annotators[0].counts.sensitivity is None


def test_csv_has_one_row_per_result():
    report = compute_report([work()])
    rows = list(csv.DictReader(io.StringIO(report_csv(report))))
    tables = [r["table"] for r in rows]
    assert tables.count("union_of_k") == 2
    alice = next(
        r
        for r in rows
        if r["table"] == "annotator" and r["subject"] == "alice" and r["label"] == ALL
    )
    assert (alice["tp"], alice["sensitivity"], alice["ppv"]) == ("3", "0.7500", "1.0000")
    pair = next(r for r in rows if r["table"] == "pair" and r["label"] == ALL)
    assert pair["kappa"] == f"{(0.8 - 0.54) / 0.46:.4f}"
