"""Bootstrap intervals, the paired randomization test and the sample-size formula."""

from __future__ import annotations

import math

import numpy as np
import pytest
from eval_synthetic import doc, whitespace_tokenize

from deidkit.errors import ConfigError
from deidkit.evaluate import (
    ALL,
    PHI,
    Counts,
    CountTable,
    bootstrap_intervals,
    compare,
    evaluate,
    margin_for,
    paired_test,
    sample_size,
    z_value,
)

GROUP = ("token", "binary", PHI)


def corpus(n: int, found_every: int) -> tuple[list, list]:
    """n documents with two names each; the prediction finds the names of every k-th doc."""
    gold, pred = [], []
    for i in range(n):
        d = doc(
            f"Ann Lee met Bob Ray on day {i}",
            ("Ann Lee", "PATIENT"),
            ("Bob Ray", "RELATIVE"),
            doc_id=f"d{i}",
        )
        gold.append(d)
        pred.append(d if i % found_every == 0 else d.with_spans(d.spans[:1]))
    return gold, pred


def test_interval_contains_estimate_and_is_deterministic():
    gold, pred = corpus(40, 3)
    a = evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=300, seed=7)
    b = evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=300, seed=7)
    interval = a.intervals[GROUP]["recall"]
    assert interval.low <= a.measure(GROUP, "recall") <= interval.high
    assert interval.low < interval.high
    assert interval == b.intervals[GROUP]["recall"]
    assert a.intervals[GROUP]["precision"].low == a.intervals[GROUP]["precision"].high == 1.0


def test_identical_documents_give_a_point_interval():
    gold, pred = corpus(10, 1)
    ev = evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=100)
    interval = ev.intervals[GROUP]["f1"]
    assert interval.low == interval.high == 1.0


def test_interval_narrows_with_more_documents():
    small = evaluate(*corpus(20, 2), tokenizer=whitespace_tokenize, bootstrap=400)
    large = evaluate(*corpus(320, 2), tokenizer=whitespace_tokenize, bootstrap=400)
    assert (
        large.intervals[GROUP]["recall"].half_width
        < small.intervals[GROUP]["recall"].half_width / 2
    )


def test_undefined_measure_has_no_interval():
    gold, _ = corpus(5, 1)
    ev = evaluate(
        gold, [d.with_spans(()) for d in gold], tokenizer=whitespace_tokenize, bootstrap=50
    )
    assert math.isnan(ev.intervals[GROUP]["precision"].low)
    assert ev.group_row(GROUP)["precision_low"] is None


def test_bootstrap_matches_manual_resampling():
    table = CountTable.from_documents(
        ["a", "b"], [{GROUP: Counts(tp=1, fn=1)}, {GROUP: Counts(tp=2, fn=0)}]
    )
    # resamples: aa -> 0.5, ab/ba -> 0.75, bb -> 1.0
    result = bootstrap_intervals(table, rounds=2000, confidence=0.5, rng=np.random.default_rng(1))
    interval = result[GROUP]["recall"]
    assert 0.5 <= interval.low <= 0.75 <= interval.high <= 1.0


def test_paired_test_identical_systems_is_not_significant():
    gold, pred = corpus(30, 2)
    a = evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=0)
    (test,) = compare(a, a, groups=[GROUP], measures=["f1"], rounds=500)
    assert test.difference == 0.0
    assert test.p_value == 1.0
    assert not test.significant()


def test_paired_test_detects_a_clear_difference():
    gold, weak = corpus(60, 4)
    strong = list(gold)
    a = evaluate(gold, weak, tokenizer=whitespace_tokenize, bootstrap=0)
    b = evaluate(gold, strong, tokenizer=whitespace_tokenize, bootstrap=0)
    (test,) = compare(a, b, groups=[GROUP], measures=["recall"], rounds=2000)
    assert test.b == 1.0 and test.a < 0.7
    assert test.p_value < 0.01
    assert test.difference_interval.low > 0
    assert test.to_dict()["method"].startswith("approximate randomization")


def test_paired_test_small_difference_is_not_significant():
    gold, pred_a = corpus(30, 1)
    pred_b = list(pred_a)
    pred_b[0] = pred_b[0].with_spans(pred_b[0].spans[:1])  # one name fewer in one document
    a = evaluate(gold, pred_a, tokenizer=whitespace_tokenize, bootstrap=0)
    b = evaluate(gold, pred_b, tokenizer=whitespace_tokenize, bootstrap=0)
    (test,) = compare(
        a, b, groups=[("entity-strict", "all", ALL)], measures=["recall"], rounds=2000
    )
    assert test.difference < 0
    assert (
        test.p_value > 0.3
    )  # only one document differs: swaps reach the observed gap half the time


def test_paired_test_needs_the_same_documents():
    a = evaluate(*corpus(3, 1), tokenizer=whitespace_tokenize, bootstrap=0)
    gold, pred = corpus(4, 1)
    b = evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=0)
    with pytest.raises(ConfigError, match="different documents"):
        paired_test(a.table, b.table, GROUP, rng=np.random.default_rng(0))
    with pytest.raises(ConfigError, match="unknown measure"):
        paired_test(a.table, a.table, GROUP, "accuracy", rng=np.random.default_rng(0))


def test_sample_size_seed_002():
    # PhysioNet deid, section 2.1: 90% vs 93% (E = 0.03), Z = 1.96, p = 0.5 -> at least 1068
    assert sample_size(0.03, z=1.96).instances == 1068
    assert sample_size(0.03).instances == 1068
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert sample_size(0.05, proportion=0.9).instances == math.ceil(1.959964**2 * 0.09 / 0.0025)
    assert margin_for(1068) == pytest.approx(0.02999, abs=1e-4)
    with pytest.raises(ConfigError):
        sample_size(0)
    with pytest.raises(ConfigError):
        sample_size(0.03, confidence=1.5)
