"""NoteBuilder: assembles a note's text piece by piece and records each PHI span exactly.

Spans are computed from the pieces as they are appended, after the note's letter case has
been applied to each piece, so a span always covers exactly the characters of its value
(``str.upper`` may change a string's length, e.g. ``ß`` -> ``SS``; offsets follow it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from enum import StrEnum

from deidkit.types import Span


class Case(StrEnum):
    """How a note (or part of it) is cased: as written, ALL CAPS, or all lowercase."""

    AS_IS = "as-is"
    UPPER = "upper"
    LOWER = "lower"


def apply_case(text: str, case: Case) -> str:
    if case is Case.UPPER:
        return text.upper()
    if case is Case.LOWER:
        return text.lower()
    return text


class NoteBuilder:
    """Appends literal text and PHI values; ``spans()`` gives the exact PHI spans."""

    def __init__(self, case: Case = Case.AS_IS) -> None:
        self._parts: list[str] = []
        self._size = 0
        self._spans: list[Span] = []
        self._cases: list[Case] = [case]

    @property
    def case(self) -> Case:
        return self._cases[-1]

    @contextlib.contextmanager
    def cased(self, case: Case | None) -> Iterator[None]:
        """Apply ``case`` to everything appended inside the block (None keeps the current)."""
        self._cases.append(self.case if case is None else case)
        try:
            yield
        finally:
            self._cases.pop()

    def text(self, value: str) -> None:
        """Append text that is not PHI.

        A sentence's full stop after a value that already ends with one (``Jr.``, ``F.``)
        is dropped, as a writer would.
        """
        if value.startswith(".") and self._parts and self._parts[-1].endswith("."):
            value = value[1:]
        if value:
            value = apply_case(value, self.case)
            self._parts.append(value)
            self._size += len(value)

    def phi(self, value: str, label: str) -> None:
        """Append a PHI value and record its span with the canonical ``label``."""
        if not value:
            return
        value = apply_case(value, self.case)
        start = self._size
        self._parts.append(value)
        self._size += len(value)
        self._spans.append(Span(start, self._size, label, source="synth"))

    @property
    def size(self) -> int:
        return self._size

    def ends_with(self, suffix: str) -> bool:
        """True if the text so far ends with ``suffix`` (looks back over a few pieces)."""
        tail = "".join(self._parts[-4:])
        return tail.endswith(suffix)

    def last_char(self) -> str:
        for part in reversed(self._parts):
            if part:
                return part[-1]
        return ""

    def build(self) -> tuple[str, tuple[Span, ...]]:
        return "".join(self._parts), tuple(self._spans)
