"""Record what each synthetic-note slot writes: the value it drew, its label and the text at
the span it produced (for the exact-span tests of the slot families)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from deidkit.corpus import builder as builder_module
from deidkit.corpus.slots import SLOTS

Trace = list[tuple[str, str, str, str]]  # (slot, label, value written, text at the span)


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
