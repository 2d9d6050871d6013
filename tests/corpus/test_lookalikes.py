"""Non-PHI look-alikes (issue 17, precision): eponyms, place-named diseases, words that are
names or months, numbers shaped like dates, IDs or ages, generic units and brand names. Over
thousands of notes of every family they appear, in many phrasings, and never inside a gold
span; names ending in an initial keep its period, but not a sentence's full stop."""

from __future__ import annotations

import collections
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus import builder as builder_module
from deidkit.corpus.builder import NoteBuilder
from deidkit.corpus.families import FAMILIES
from deidkit.corpus.lookalikes import KINDS, LOOKALIKES
from deidkit.corpus.slots import SLOTS
from deidkit.corpus.synth import generate
from deidkit.corpus.template import parse, slots_of
from deidkit.types import Document

FILLER_SLOTS = {"num", "dec", "med", "abx", "brand", "temp"}
"""The only slots a look-alike may use: clinical filler, never PHI."""
NAME_LABELS = {"PATIENT", "DOCTOR", "RELATIVE"}

Written = list[tuple[int, int, str]]  # (start, end, kind) of each look-alike clause


@pytest.mark.parametrize("kind", KINDS)
def test_banks_parse_and_use_only_filler_slots(kind: str) -> None:
    bank = LOOKALIKES[kind]
    assert len(bank) >= 30
    for source in bank:
        parse(source)
        assert slots_of(source) <= FILLER_SLOTS, (kind, source)
        assert not source.rstrip().endswith("."), (kind, source)  # the caller ends it


@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Document], list[Written]]]:
    """3,000 notes (three variants), with where each look-alike clause was written."""
    written: dict[int, Written] = collections.defaultdict(list)
    by_text: dict[str, Written] = {}
    original_slot = SLOTS["lookalike"]
    original_build = builder_module.NoteBuilder.build

    def lookalike(ctx: Any, *args: str) -> None:
        start = ctx.out.size
        original_slot(ctx, *args)
        written[id(ctx.out)].append((start, ctx.out.size, args[0] if args else ""))

    def build(self: NoteBuilder) -> tuple[str, tuple[Any, ...]]:
        text, spans = original_build(self)
        by_text[text.rstrip()] = written.pop(id(self), [])
        return text, spans

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(SLOTS, "lookalike", lookalike)
        patch.setattr(builder_module.NoteBuilder, "build", build)
        documents = [*generate(2000, seed=41), *generate(500, seed=42, variant="ambiguous"),
                     *generate(500, seed=43, variant="out-of-dictionary")]
    yield documents, [by_text[document.text.rstrip()] for document in documents]


def test_look_alikes_are_never_inside_a_gold_span(
        traced: tuple[list[Document], list[Written]]) -> None:
    documents, written = traced
    clauses = 0
    for document, ranges in zip(documents, written, strict=True):
        for start, end, _ in ranges:
            clauses += 1
            assert document.text[start:end].strip(), document.id
            for span in document.spans:
                assert span.end <= start or span.start >= end, (document.id, span)
    assert clauses > 3000


def test_look_alikes_reach_every_family_in_many_phrasings(
        traced: tuple[list[Document], list[Written]]) -> None:
    documents, written = traced
    notes = collections.Counter(d.metadata["template"] for d in documents)
    reached = collections.Counter(d.metadata["template"] for d, ranges in
                                  zip(documents, written, strict=True) if ranges)
    assert set(notes) == {family.id for family in FAMILIES}
    missing = [family for family, count in notes.items() if count >= 5 and not reached[family]]
    assert not missing
    assert sum(reached.values()) > 0.5 * len(documents)
    phrasings: dict[str, set[str]] = collections.defaultdict(set)
    for document, ranges in zip(documents, written, strict=True):
        for start, end, kind in ranges:
            phrasings[kind].add(re.sub(r"\d", "9", document.text[start:end].casefold()))
    for kind in KINDS:
        assert len(phrasings[kind]) >= 25, kind  # asked for by kind; most come unasked
    assert len(set().union(*phrasings.values())) > 900


@pytest.mark.parametrize(("word", "minimum"), [
    ("Swan-Ganz", 3), ("Foley", 5), ("Hickman", 2), ("Babinski", 2), ("Kernig", 2),
    ("Apgar", 2), ("Glasgow", 2), ("Gram stain", 2), ("Whipple", 2), ("Nissen", 2),
    ("Roux-en-Y", 2), ("Parkinson's", 2), ("Alzheimer's", 2), ("Crohn's", 2), ("Hodgkin", 1),
    ("Bell's palsy", 2), ("Graves'", 2), ("Hashimoto", 2), ("Guillain-Barre", 2),
    ("Wolff-Parkinson-White", 2), ("Mallory-Weiss", 2), ("Lyme", 2), ("West Nile", 2),
    ("Rocky Mountain", 2), ("Norwalk", 2), ("Ebola", 2), ("Coxsackie", 2), ("Klebsiella", 2),
    ("Legionella", 2), ("Brown", 5), ("White", 5), ("Black", 5), ("Green", 5), ("May", 5),
    ("Will", 5), ("Bill", 2), ("Rose", 2), ("Hope", 2), ("Faith", 2), ("Page", 2),
    ("Mark", 2), ("Sat", 2), ("Sun", 2), ("1/2", 5), ("2/6", 2), ("5/5", 2), ("3/4", 2),
    ("20/20", 2), ("0/10", 2), ("C5-C6", 1), ("L4-L5", 1), ("V5", 1), ("18 gauge", 1),
    ("14 French", 1), ("room air", 2), ("ICU", 5), ("Cardiology", 1),
])
def test_known_false_positive_words_appear_capitalised_outside_spans(
        traced: tuple[list[Document], list[Written]], word: str, minimum: int) -> None:
    """Each word the shipped model mistakes for PHI appears as written (capitalised, often
    at the start of a sentence) in look-alike clauses, outside every span."""
    documents, written = traced
    found = 0
    pattern = re.compile(rf"(?<![\w/-]){re.escape(word)}(?![\w/])")
    for document, ranges in zip(documents, written, strict=True):
        for start, end, _ in ranges:
            found += len(pattern.findall(document.text, start, end))
    assert found >= minimum


@pytest.mark.parametrize(("pieces", "expected"), [
    # the initial's own period belongs to the name ...
    ([("t", "Seen by "), ("p", "LEE, SARA R."), ("t", ", MD\n")], ["LEE, SARA R."]),
    ([("t", "Attending: "), ("p", "Lee, Sara R."), ("t", "\n")], ["Lee, Sara R."]),
    ([("p", "Sara R."), ("t", " was seen")], ["Sara R."]),
    # ... a sentence's full stop does not, also when one full stop ends both
    ([("t", "Seen by "), ("p", "LEE, SARA R"), ("t", ". Next")], ["LEE, SARA R"]),
    ([("t", "Seen by "), ("p", "LEE, SARA R."), ("t", ". Next")], ["LEE, SARA R"]),
    ([("t", "Seen by "), ("p", "Sara R."), ("t", ".\n")], ["Sara R"]),
    # other values ending in a period keep it (a suffix, initials run together)
    ([("t", "Seen by "), ("p", "Smith Jr."), ("t", ".\n")], ["Smith Jr."]),
    ([("t", "per "), ("p", "J.R.S."), ("t", ". ")], ["J.R.S."]),
])
def test_a_sentence_full_stop_stays_out_of_a_name(
        pieces: list[tuple[str, str]], expected: list[str]) -> None:
    out = NoteBuilder()
    for kind, value in pieces:
        out.phi(value, "DOCTOR") if kind == "p" else out.text(value)
    text, spans = out.build()
    assert [text[span.start : span.end] for span in spans] == expected
    assert "".join(value for _, value in pieces).replace("..", ".") == text


def test_both_period_cases_occur_in_the_corpus(
        traced: tuple[list[Document], list[Written]]) -> None:
    """Names ending in an initial with its period inside the span, and names ending in an
    initial followed by a full stop outside it, both occur; LAST, FIRST M too."""
    documents, _ = traced
    inside = outside = no_period = 0
    for document in documents:
        text = document.text
        for span in document.spans:
            if span.label not in NAME_LABELS:
                continue
            value = text[span.start : span.end]
            if re.search(r"[\s,][^\W\d_]\.$", value):
                inside += 1
            elif re.search(r"[\s,][^\W\d_]$", value) and text[span.end : span.end + 1] == ".":
                outside += 1
            if re.fullmatch(r"[^\W\d_][\w' -]*, [^\W\d_][\w'-]* [^\W\d_]", value):
                no_period += 1
    assert inside > 200 and outside > 20 and no_period > 100
