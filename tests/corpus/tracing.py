"""Record what each synthetic-note slot writes: the value it drew, its label and the text at
the span it produced (for the exact-span tests of the slot families)."""

from __future__ import annotations

import collections
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import pytest

from deidkit.corpus import builder as builder_module
from deidkit.corpus.slots import SLOTS
from deidkit.corpus.synth import generate

Trace = list[tuple[str, str, str, str]]  # (slot, label, value written, text at the span)


def family_notes(families: Sequence[str], first_seed: int) -> list[Any]:
    """300 notes of each family: 200 plain, 50 ambiguous and 50 out-of-dictionary, the
    family at ``index`` drawn with seed ``first_seed + index``."""
    documents: list[Any] = []
    for index, family in enumerate(families):
        seed = first_seed + index
        documents += generate(200, seed=seed, families=(family,))
        documents += generate(50, seed=seed, families=(family,), variant="ambiguous")
        documents += generate(50, seed=seed, families=(family,), variant="out-of-dictionary")
    return documents


def traced(
    slots: Mapping[str, Callable[..., None]], make: Callable[[], list[Any]]
) -> tuple[list[Any], Trace]:
    """Documents from ``make()``, with the spans of each slot in ``slots`` recorded."""
    trace: Trace = []
    written: list[tuple[str, str]] = []
    original_phi = builder_module.NoteBuilder.phi

    def phi(self: builder_module.NoteBuilder, value: str, label: str) -> None:
        if value:
            written.append((builder_module.apply_case(value, self.case), label))
        original_phi(self, value, label)

    def wrap(name: str, function: Callable[..., None]) -> Callable[..., None]:
        def traced_slot(ctx: Any, *args: str) -> None:
            before = len(written)
            function(ctx, *args)
            text, spans = ctx.out.build()
            new = spans[len(spans) - (len(written) - before):] if len(written) > before else ()
            for span, (value, label) in zip(new, written[before:], strict=True):
                trace.append((name, label, value, text[span.start:span.end]))
        return traced_slot

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(builder_module.NoteBuilder, "phi", phi)
        for name, function in slots.items():
            patch.setitem(SLOTS, name, wrap(name, function))
        documents = make()
    return documents, trace


Written = list[tuple[int, int, str]]  # (start, end, kind) of each clause a note was given


class ClauseTrace:
    """Where non-PHI clauses were written in each note: ``record`` from inside a patched
    writer, then ``run`` the generator; each document gets its (start, end, kind) ranges."""

    def __init__(self) -> None:
        self._written: dict[int, Written] = {}
        self._by_text: dict[str, Written] = {}

    def record(self, out: builder_module.NoteBuilder, start: int, kind: str) -> None:
        """A clause of ``kind`` written to ``out`` from ``start`` to its current size."""
        self._written.setdefault(id(out), []).append((start, out.size, kind))

    def run(
        self, patch: pytest.MonkeyPatch, make: Callable[[], list[Any]]
    ) -> tuple[list[Any], list[Written]]:
        """Documents from ``make()`` (with the writers already patched) and their clauses."""
        original_build = builder_module.NoteBuilder.build

        def build(builder: builder_module.NoteBuilder) -> tuple[str, tuple[Any, ...]]:
            text, spans = original_build(builder)
            self._by_text[text.rstrip()] = self._written.pop(id(builder), [])
            return text, spans

        patch.setattr(builder_module.NoteBuilder, "build", build)
        documents = make()
        return documents, [self._by_text[document.text.rstrip()] for document in documents]


def clauses_outside_spans(documents: list[Any], written: list[Written]) -> int:
    """Assert that no traced clause is empty or overlaps a gold span; how many there were."""
    clauses = 0
    for document, ranges in zip(documents, written, strict=True):
        for start, end, _ in ranges:
            clauses += 1
            assert document.text[start:end].strip(), document.id
            for span in document.spans:
                assert span.end <= start or span.start >= end, (document.id, span)
    return clauses


def slot_values(
    trace: Trace,
    expected_labels: Mapping[str, Collection[str]],
    check: Callable[[str, str, str], None] | None = None,
) -> dict[str, list[str]]:
    """Each slot's values in ``trace``, after asserting that every span is exactly the value
    written, stripped and not empty, with a label ``expected_labels`` allows the slot;
    ``check(slot, label, value)`` asserts what a family adds."""
    by_slot: dict[str, list[str]] = collections.defaultdict(list)
    for name, label, value, found in trace:
        assert found == value, (name, label)
        assert value and value == value.strip(), name
        assert label in expected_labels[name], (name, label)
        if check is not None:
            check(name, label, value)
        by_slot[name].append(value)
    return by_slot
