"""The clinical non-PHI bank: every clause renders, without PHI, in every family, never
inside a gold span (issue 17, precision on notes written by other hands)."""

from __future__ import annotations

import collections
import random
import re
import types
from collections.abc import Iterator
from typing import Any

import pytest

from deidkit.corpus import clinical_words as words
from deidkit.corpus.builder import NoteBuilder
from deidkit.corpus.clinical import BANKS, CLINICAL, EXPANDED, LISTS, expand
from deidkit.corpus.context import NoteContext
from deidkit.corpus.families import FAMILIES
from deidkit.corpus.lookalikes import KINDS, LOOKALIKES
from deidkit.corpus.slots import SLOTS
from deidkit.corpus.synth import generate
from deidkit.corpus.template import parse, render, slots_of
from deidkit.types import Document

from .tracing import ClauseTrace, Written, clauses_outside_spans

BANK_OF = {source: bank for bank, sources in EXPANDED.items() for source in sources}


def test_bank_and_list_sizes() -> None:
    assert sum(len(bank) for bank in BANKS.values()) >= 400
    assert len(CLINICAL) == len(set(CLINICAL)) == len(BANK_OF)
    sizes = {"DRUGS": 200, "GENES": 80, "ABBREVIATIONS": 150, "TRIALS": 30, "DEVICES": 50,
             "DEPARTMENTS": 40, "ICD_CODES": 30, "BRANDS": 40}
    for name, least in sizes.items():
        values = getattr(words, name)
        assert len(values) >= least, name
        assert len(set(values)) == len(values), name


def test_every_list_is_used_and_every_marker_is_known() -> None:
    used = {marker for bank in BANKS.values() for source in bank
            for marker in re.findall(r"<([a-z]+)>", source)}
    assert used == set(LISTS)
    with pytest.raises(KeyError):
        expand("<nosuchlist> started")


@pytest.mark.parametrize("bank", list(EXPANDED))
def test_templates_parse_and_use_only_filler_slots(bank: str) -> None:
    for source in EXPANDED[bank]:
        parse(source)
        assert slots_of(source) <= {"num", "dec"}, source[:60]
        assert not source.rstrip().endswith("."), source[:60]  # the caller ends it
        assert not re.search(r"<[a-z]+>", source), source[:60]


def _render(source: str, rng: random.Random) -> tuple[str, tuple[Any, ...]]:
    ctx = types.SimpleNamespace(rng=rng, out=NoteBuilder())
    render(source, rng, ctx.out, lambda name, args: SLOTS[name](ctx, *args))
    return ctx.out.build()


@pytest.mark.parametrize("bank", list(EXPANDED))
def test_every_template_renders_plain_text_without_spans(bank: str) -> None:
    rng = random.Random(17)
    for source in EXPANDED[bank]:
        for _ in range(15):
            text, spans = _render(source, rng)
            assert not spans
            assert text.strip() == text and text, source[:60]
            assert not text.endswith("."), text
            assert "{" not in text and "[" not in text.replace("[[", ""), text


def test_the_clinical_kind_is_a_lookalike_kind() -> None:
    assert "clinical" in KINDS and LOOKALIKES["clinical"] is CLINICAL


@pytest.fixture(scope="module")
def traced() -> Iterator[tuple[list[Document], list[Written]]]:
    """1,600 notes (three variants), with where each clinical clause was written."""
    trace = ClauseTrace()
    original_render = NoteContext.render

    def render_traced(self: NoteContext, source: str) -> None:
        start = self.out.size
        original_render(self, source)
        bank = BANK_OF.get(source)
        if bank is not None:
            trace.record(self.out, start, bank)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(NoteContext, "render", render_traced)
        yield trace.run(patch, lambda: [
            *generate(1000, seed=71), *generate(300, seed=72, variant="ambiguous"),
            *generate(300, seed=73, variant="out-of-dictionary")])


def test_clinical_clauses_are_never_inside_a_gold_span(
        traced: tuple[list[Document], list[Written]]) -> None:
    assert clauses_outside_spans(*traced) > 1000


def test_clinical_clauses_reach_most_notes_every_family_and_every_bank(
        traced: tuple[list[Document], list[Written]]) -> None:
    documents, written = traced
    assert sum(1 for ranges in written if ranges) > 0.5 * len(documents)
    notes = collections.Counter(d.metadata["template"] for d in documents)
    reached = collections.Counter(d.metadata["template"] for d, ranges in
                                  zip(documents, written, strict=True) if ranges)
    assert set(notes) == {family.id for family in FAMILIES}
    common = [family for family, count in notes.items() if count >= 5]
    missing = [family for family in common if not reached[family]]
    assert len(missing) <= 0.1 * len(common), missing  # a few have one look-alike in three
    banks = collections.Counter(bank for ranges in written for _, _, bank in ranges)
    assert set(banks) == set(BANKS)
    phrasings = {re.sub(r"\d", "9", d.text[start:end].casefold())
                 for d, ranges in zip(documents, written, strict=True)
                 for start, end, _ in ranges}
    assert len(phrasings) > 1000


REPORTED = (
    "MLH1", "PMS2", "EPCAM", "BRCA1", "KRAS/NRAS", "pT3", "pN1b", "cM0", "ypT1b", "ypN1mi",
    "AJCC", "CABG", "EGD", "VUS", "NGS", "TMB", "SNF", "RW", "MAC", "FN", "TEER", "CareLink",
    "MitraClip", "Dermabond", "Blake drain", "Savi Scout", "OlympiA", "CREATE-X", "CAPP2",
    "IDEA", "Rad Onc", "GI", "EP", "AM-PAC", "sacubitril/valsartan", "pembrolizumab",
    "capecitabine", "call me", "Follow-up with me", "Warmly", "Lymphovascular",
    "Hematology/Oncology", "7-10 days",
)
"""False positives seen on notes written by other hands, which the bank must use."""


def test_reported_false_positives_appear_in_clauses_outside_spans(
        traced: tuple[list[Document], list[Written]]) -> None:
    documents, written = traced
    found: collections.Counter[str] = collections.Counter()
    patterns = {word: re.compile(rf"(?<![\w/-]){re.escape(word)}(?![\w/])") for word in REPORTED}
    for document, ranges in zip(documents, written, strict=True):
        for start, end, _ in ranges:
            for word, pattern in patterns.items():
                found[word] += len(pattern.findall(document.text, start, end))
    missing = [word for word in REPORTED if not found[word]]
    assert len(missing) <= 0.1 * len(REPORTED), missing  # each clause: a few times in 1,600
