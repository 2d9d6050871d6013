"""Metrics on hand-computed cases: every number below was worked out by hand."""

from __future__ import annotations

import math

import pytest
from eval_synthetic import doc, span_of, whitespace_tokenize

from deidkit.errors import InputError
from deidkit.evaluate import (
    ALL,
    LEAK_GROUP,
    NON_PHI,
    PHI,
    Counts,
    evaluate,
    f_beta,
    label_tokens,
)
from deidkit.types import Document, Span, Token

TEXT = "Seen by Dr Ann Lee on 3/4/2020 at Mercy General Hospital , MRN 998877 ."
# whitespace tokens: Seen by Dr Ann Lee on 3/4/2020 at Mercy General Hospital , MRN 998877 .
GOLD = doc(
    TEXT,
    ("Ann Lee", "DOCTOR"),
    ("3/4/2020", "DATE"),
    ("Mercy General Hospital", "HOSPITAL"),
    ("998877", "MEDICALRECORD"),
)


def run(gold: list[Document], pred: list[Document], **kwargs):
    return evaluate(gold, pred, tokenizer=whitespace_tokenize, bootstrap=0, **kwargs)


def test_f_beta_conventions():
    assert f_beta(0.5, 1.0) == pytest.approx(2 / 3)
    assert f_beta(0.62, 0.98, 10) == pytest.approx(101 * 0.62 * 0.98 / (100 * 0.62 + 0.98))
    assert f_beta(0.0, 0.0) == 0.0
    assert f_beta(math.nan, 0.0) == 0.0  # nothing predicted, something missed
    assert math.isnan(f_beta(math.nan, math.nan))
    with pytest.raises(ValueError):
        f_beta(0.5, 0.5, 0)


def test_counts_add_and_measures():
    total = Counts(3, 1, 2, 10) + Counts(1, 0, 0, 5)
    assert total == Counts(4, 1, 2, 15)
    assert total.precision == pytest.approx(4 / 5)
    assert total.recall == pytest.approx(4 / 6)
    assert math.isnan(Counts(fn=2).precision)
    assert math.isnan(Counts(fp=2).recall)
    overlap = Counts(tp=2, fp=0, fn=0, tp_pred=1)  # one prediction covering two gold spans
    assert overlap.precision == 1.0 and overlap.recall == 1.0
    assert (overlap + Counts(tp=1, fp=1)).matched_pred == 2


def test_perfect_prediction():
    ev = run([GOLD], [GOLD])
    for group in (
        ("token", "binary", PHI),
        ("token", "binary", NON_PHI),
        ("entity-strict", "all", ALL),
        ("entity-span", "all", ALL),
        ("entity-overlap", "all", ALL),
        ("instance", "all", ALL),
    ):
        assert ev.measure(group, "f1") == 1.0, group
    assert ev.counts(("token", "binary", PHI)) == Counts(tp=7, fp=0, fn=0, tn=8)
    assert ev.leak_rate == 0.0
    assert ev.tokens == 15


def test_partial_prediction_token_entity_instance():
    pred = doc(
        TEXT,
        ("Ann", "PATIENT"),  # right PHI, wrong label, one of two tokens
        ("3/4/2020", "DATE"),  # exact
        ("Mercy General", "HOSPITAL"),  # two of three tokens
        ("Seen", "DATE"),  # false positive
    )
    ev = run([GOLD], [pred])
    # tokens: gold PHI = Ann Lee 3/4/2020 Mercy General Hospital 998877 (7)
    # predicted PHI = Seen Ann 3/4/2020 Mercy General (5): tp 4, fp 1, fn 3, tn 7
    assert ev.counts(("token", "binary", PHI)) == Counts(4, 1, 3, 7)
    assert ev.counts(("token", "binary", NON_PHI)) == Counts(7, 3, 1, 4)
    assert ev.phi_confusion() == {
        "predicted PHI": {"actual PHI": 4, "actual non-PHI": 1},
        "predicted non-PHI": {"actual PHI": 3, "actual non-PHI": 7},
    }
    # per label: DOCTOR tp0 fn2; PATIENT fp1; DATE tp1 fp1; HOSPITAL tp2 fn1; MRN fn1
    assert ev.counts(("token", "label", "DOCTOR")) == Counts(0, 0, 2)
    assert ev.counts(("token", "label", "PATIENT")) == Counts(0, 1, 0)
    assert ev.counts(("token", "label", "DATE")) == Counts(1, 1, 0)
    assert ev.counts(("token", "label", "HOSPITAL")) == Counts(2, 0, 1)
    # per category: NAME tp1 (Ann: DOCTOR vs PATIENT, both NAME) fn1 (Lee)
    assert ev.counts(("token", "category", "NAME")) == Counts(1, 0, 1)
    assert ev.counts(("token", "category", "ID")) == Counts(0, 0, 1)
    # HIDE, labels must match: exact PHI = 3/4/2020 Mercy General (3); wrong predictions =
    # Seen, Ann (2); missed or wrong gold = Ann Lee Hospital 998877 (4); correct O = 7
    assert ev.counts(("token", "hide", "excluding-tn")) == Counts(3, 2, 4, 7)
    counting = ev.counts(("token", "hide", "counting-tn"))
    assert counting.precision == pytest.approx(10 / 12)
    assert counting.recall == pytest.approx(10 / 14)
    # entities: strict only the date; span the date; overlap: gold Ann Lee, date, hospital
    # found (3 of 4), predictions Ann, date, Mercy General right, Seen wrong
    assert ev.counts(("entity-strict", "all", ALL)) == Counts(1, 3, 3)
    assert ev.counts(("entity-span", "all", ALL)) == Counts(1, 3, 3)
    overlap = ev.counts(("entity-overlap", "all", ALL))
    assert (overlap.tp, overlap.fn, overlap.matched_pred, overlap.fp) == (3, 1, 3, 1)
    # instances (PhysioNet deid): only the date fully found; the hospital counts as one miss
    inst = ev.counts(("instance", "all", ALL))
    assert (inst.tp, inst.fn) == (1, 3)
    any_token = ev.counts(("instance-any-token", "all", ALL))
    assert (any_token.tp, any_token.fn) == (3, 1)
    # leak: NAME (Ann Lee, partly missed) and ID (998877, missed) both leak
    assert ev.leak_rate == 1.0
    assert math.isnan(ev.measure(LEAK_GROUP, "precision"))  # no prediction is counted there
    assert ev.measure(("entity-strict", "all", ALL), "f10") == pytest.approx(f_beta(0.25, 0.25, 10))


def test_missed_multiword_instance_counts_once():
    text = "Lives in New York City with wife"
    gold = doc(text, ("New York City", "CITY"))
    ev = run([gold], [gold.with_spans(())])
    assert ev.counts(("token", "binary", PHI)).fn == 3
    assert ev.counts(("instance", "all", ALL)) == Counts(tp=0, fn=1)
    assert ev.counts(("instance", "category", "LOCATION")).fn == 1


def test_no_predictions():
    ev = run([GOLD], [GOLD.with_spans(())])
    binary = ev.counts(("token", "binary", PHI))
    assert binary == Counts(0, 0, 7, 8)
    assert math.isnan(binary.precision)
    assert binary.recall == 0.0 and binary.f1 == 0.0
    assert ev.leak_rate == 1.0
    row = ev.group_row(("entity-strict", "all", ALL))
    assert row["precision"] is None and row["recall"] == 0.0


def test_empty_documents_and_no_gold():
    empty = Document("e", "")
    blank = Document("b", "   \n ")
    no_phi = Document("n", "nothing to see here")
    fp = no_phi.with_spans([span_of(no_phi.text, "here", "CITY")])
    ev = run([empty, blank, no_phi], [empty, blank, fp])
    assert ev.tokens == 4
    binary = ev.counts(("token", "binary", PHI))
    assert binary == Counts(0, 1, 0, 3)
    assert binary.precision == 0.0 and math.isnan(binary.recall) and binary.f1 == 0.0
    assert math.isnan(ev.leak_rate)
    only_empty = run([empty], [empty])
    assert only_empty.tokens == 0
    assert math.isnan(only_empty.measure(("token", "binary", PHI), "f1"))
    assert only_empty.to_dict()["summary"][0]["f1"] is None


def test_all_phi_document():
    text = "John Smith 555-1234"
    gold = doc(text, ("John Smith", "PATIENT"), ("555-1234", "PHONE"))
    everything = Document("d1", text, (Span(0, len(text), "PATIENT"),))
    ev = run([gold], [everything])
    assert ev.counts(("token", "binary", PHI)) == Counts(3, 0, 0, 0)
    assert ev.counts(("token", "binary", NON_PHI)) == Counts(0, 0, 0, 3)
    # one prediction covers both gold spans: overlap recall 2/2, precision 1/1
    overlap = ev.counts(("entity-overlap", "all", ALL))
    assert overlap.recall == 1.0 and overlap.precision == 1.0
    assert ev.counts(("entity-strict", "all", ALL)) == Counts(0, 1, 2)
    assert ev.leak_rate == 0.0  # the name's tokens are all removed


def test_prediction_overlapping_gold_boundaries():
    text = "Dr Ann Lee-Smith visited"
    gold = Document("d1", text, (Span(3, 16, "DOCTOR"),))  # "Ann Lee-Smith"
    pred = Document("d1", text, (Span(0, 6, "DOCTOR"), Span(11, 24, "DOCTOR")))
    ev = run([gold], [pred])
    # tokens: Dr(0-2) Ann(3-6) Lee-Smith(7-16) visited(17-24)
    assert ev.counts(("token", "binary", PHI)) == Counts(2, 2, 0, 0)
    overlap = ev.counts(("entity-overlap", "all", ALL))
    assert (overlap.tp, overlap.matched_pred, overlap.fp) == (1, 2, 0)
    assert ev.counts(("entity-strict", "all", ALL)) == Counts(0, 2, 1)
    assert ev.counts(("instance", "all", ALL)).tp == 1


def test_token_takes_label_of_largest_overlap():
    tokens = [Token("AB12CD", 0, 6)]
    spans = [Span(0, 2, "PATIENT"), Span(2, 6, "IDNUM")]
    labels = label_tokens(tokens, spans)
    assert labels.labels == ("IDNUM",)
    assert labels.tags() == ("B-IDNUM",)


def test_bio_tags_and_rows():
    text = "Mercy General Hospital on 3/4/2020"
    gold = doc(text, ("Mercy General Hospital", "HOSPITAL"), ("3/4/2020", "DATE"))
    pred = doc(text, ("Mercy", "HOSPITAL"), ("General Hospital", "HOSPITAL"), ("on", "DATE"))
    ev = run([gold], [pred])
    assert ev.bio_tags() == ["B-HOSPITAL", "B-DATE", "I-HOSPITAL", "O"]
    rows = {row["tag"]: row for row in ev.bio_rows()}
    assert rows["B-HOSPITAL"]["cells"]["B-HOSPITAL"] == 1
    # "General" is I-HOSPITAL in gold but B-HOSPITAL (second span starts) in the prediction
    assert rows["I-HOSPITAL"]["cells"] == {"B-HOSPITAL": 1, "B-DATE": 0, "I-HOSPITAL": 1, "O": 0}
    assert rows["I-HOSPITAL"]["recall"] == 0.5 and rows["I-HOSPITAL"]["precision"] == 1.0
    assert rows["B-HOSPITAL"]["precision"] == 0.5
    assert rows["B-DATE"]["cells"]["O"] == 1 and rows["B-DATE"]["recall"] == 0.0
    assert rows["O"]["cells"]["B-DATE"] == 1
    coarse = run([gold], [pred], coarse_bio=True)
    assert "B-LOCATION" in coarse.bio_tags()


def test_micro_average_over_documents():
    a = doc("Ann came", ("Ann", "PATIENT"), doc_id="a")
    b = doc("Bob and Cy came", ("Bob", "PATIENT"), ("Cy", "PATIENT"), doc_id="b")
    ev = run([a, b], [a.with_spans(()), b])
    assert ev.counts(("token", "binary", PHI)) == Counts(2, 0, 1, 3)
    assert ev.documents == 2


def test_pairing_errors_name_ids_not_text():
    other = Document("zz", "x")
    with pytest.raises(InputError, match="no prediction for gold document 'd1'"):
        run([GOLD], [other])
    with pytest.raises(InputError, match="have no gold document"):
        run([GOLD], [GOLD, other])
    changed = Document("d1", TEXT.replace("Ann", "Bob"))
    with pytest.raises(InputError) as error:
        run([GOLD], [changed])
    assert "Bob" not in str(error.value) and "Ann" not in str(error.value)
    assert "differs" in str(error.value)
    with pytest.raises(InputError, match="twice"):
        run([GOLD, GOLD], [GOLD])
