"""The template language and the note builder."""

from __future__ import annotations

import random

import pytest

from deidkit.corpus.builder import Case, NoteBuilder
from deidkit.corpus.template import TemplateSyntaxError, parse, render, slots_of


def _render(source: str, seed: int = 0, case: Case = Case.AS_IS) -> tuple[str, list]:
    out = NoteBuilder(case)

    def resolve(name: str, args: tuple[str, ...]) -> None:
        out.phi(f"<{name}:{','.join(args)}>", "PATIENT")

    render(source, random.Random(seed), out, resolve)
    text, spans = out.build()
    return text, list(spans)


def test_choices_cover_every_option_and_nest() -> None:
    seen = {_render("a [b|c [d|e]|] f", seed)[0] for seed in range(200)}
    assert seen == {"a b f", "a c d f", "a c e f", "a  f"}


def test_slots_become_exact_spans() -> None:
    text, spans = _render("Dr. {dr:attending:last} saw {pt}.")
    assert text == "Dr. <dr:attending,last> saw <pt:>."
    assert [text[s.start : s.end] for s in spans] == ["<dr:attending,last>", "<pt:>"]


def test_escapes_and_slot_listing() -> None:
    assert _render(r"\[x\|y\] \{z\}")[0] == "[x|y] {z}"
    assert slots_of("[{a}|{b:1}] {c}") == {"a", "b", "c"}


@pytest.mark.parametrize("bad", ["[a|b", "a]", "a|b", "{slot", "x}", "{}"])
def test_syntax_errors(bad: str) -> None:
    with pytest.raises(TemplateSyntaxError):
        parse(bad)


def test_case_applies_to_text_and_phi_with_exact_offsets() -> None:
    out = NoteBuilder(Case.UPPER)
    out.text("pt seen by ")
    out.phi("Straße", "DOCTOR")  # upper() makes it one character longer
    out.text(" today; ")
    with out.cased(Case.LOWER):
        out.phi("MARY", "RELATIVE")
    text, spans = out.build()
    assert text == "PT SEEN BY STRASSE TODAY; mary"
    assert [text[s.start : s.end] for s in spans] == ["STRASSE", "mary"]
