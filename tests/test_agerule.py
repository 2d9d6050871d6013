"""HIPAA's age rule (``--ages over-89``): ages under 90 are not PHI, in detection output of
every format, in de-identified output and in scoring."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

import deidkit
from deidkit.agerule import age_rule_spans, apply_age_rule, is_phi_age
from deidkit.batch import run_deidentify, run_detect
from deidkit.batch.sources import carries_spans
from deidkit.cli.main import main
from deidkit.errors import ConfigError
from deidkit.io import FORMATS, read_documents, write_documents
from deidkit.redact.engine import RedactOptions
from deidkit.types import Document, Span

TEXT = "Pt is 45 years old; his father died at 96 and his son is 7 months.\n"
AGES = ("45", "96", "7 months")


class AgeFinder:
    """A detector marking the ages of ``TEXT`` (and nothing else)."""

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        out = []
        for document in documents:
            spans = []
            for value in AGES:
                start = document.text.find(value)
                if start >= 0:
                    spans.append(Span(start, start + len(value), "AGE"))
            out.append(document.with_spans(sorted(spans, key=lambda s: s.start)))
        return out


def _texts(documents: Sequence[Document]) -> set[str]:
    return {d.span_text(s) for d in documents for s in d.spans if s.label == "AGE"}


@pytest.mark.parametrize(
    ("text", "phi"),
    [("45", False), ("89", False), ("90", True), ("96", True), ("104", True),
     ("ninety-two", True), ("eighty-nine", False), ("7 months", False), ("noventa y dos", True),
     ("a very old age", True)],
)
def test_is_phi_age(text: str, phi: bool) -> None:
    assert is_phi_age(text) is phi


def test_all_keeps_every_age_and_bad_rule_is_refused() -> None:
    document = AgeFinder().predict([Document("d", TEXT)])[0]
    assert age_rule_spans(document.text, document.spans, "all") == list(document.spans)
    assert _texts(apply_age_rule([document], "over-89")) == {"96"}
    with pytest.raises(ConfigError, match="over-89"):
        apply_age_rule([document], "over89")


@pytest.mark.parametrize("fmt", [f for f in FORMATS if carries_spans(f)])
def test_detect_over_89_in_every_format(fmt: str, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    write_documents([Document("note-1", TEXT, patient_id="p1")], source, "jsonl")
    for ages, expected in (("over-89", {"96"}), ("all", set(AGES))):
        target = tmp_path / f"out-{ages}-{fmt}"
        if not FORMATS[fmt].writes_folder:
            target = target.with_suffix(".csv" if fmt == "csv" else ".out")
        run_detect(source, target, model=AgeFinder(), to=fmt, ages=ages,
                   read_options={}, write_options={})
        assert _texts(list(read_documents(target, fmt))) == expected


def test_deidentify_over_89_leaves_younger_ages(tmp_path: Path) -> None:
    found = deidkit.deidentify(TEXT, model=AgeFinder(), mode="tag", ages="over-89")
    assert "45 years" in found.text and "7 months" in found.text and "96" not in found.text
    source = tmp_path / "in.jsonl"
    write_documents([Document("note-1", TEXT, patient_id="p1")], source, "jsonl")
    target = tmp_path / "out.jsonl"
    run_deidentify(source, target, model=AgeFinder(), ages="over-89",
                   options=RedactOptions(mode="tag"))
    text = json.loads(target.read_text().splitlines()[0])["text"]
    assert "45 years" in text and " 96 " not in text


def test_evaluate_over_89_drops_young_ages_from_gold_and_predictions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = AgeFinder().predict([Document("note-1", TEXT)])
    only_old = [gold[0].with_spans([s for s in gold[0].spans if gold[0].span_text(s) == "96"])]
    gold_path, pred_path = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    write_documents(gold, gold_path, "jsonl")
    write_documents(only_old, pred_path, "jsonl")
    scores = {}
    for ages in ("all", "over-89"):
        out = tmp_path / f"{ages}.json"
        code = main(["evaluate", str(gold_path), str(pred_path), "--ages", ages,
                     "--bootstrap", "0", "--output", "json", "--out", str(out)])
        assert code == 0, capsys.readouterr().err
        groups = json.loads(out.read_text())["summary"]
        token = next(g for g in groups if g["level"] == "token" and g["scope"] == "binary")
        scores[ages] = token["recall"]
    assert scores["over-89"] == 1.0 and scores["all"] < 1.0
