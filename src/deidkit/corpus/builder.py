"""NoteBuilder: assembles a note's text piece by piece and records each PHI span exactly.

Spans are computed from the pieces as they are appended, after the note's letter case has
been applied to each piece, so a span always covers exactly the characters of its value
(``str.upper`` may change a string's length, e.g. ``ß`` -> ``SS``; offsets follow it).
"""

from __future__ import annotations

import contextlib
import random
import re
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


_LONG_WORD = re.compile(r"\b[a-z]{5,}\b")
_TRAILING_INITIAL = re.compile(r"[\s,][^\W\d_]\.$")
"""A value ending in a lone initial and its period (``Sara R.``), which the tokenizer splits."""


def misspell(word: str, rng: random.Random) -> str:
    """One typing slip: a dropped, doubled or swapped letter."""
    index = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:index] + word[index + 1 :]
    if kind == 1:
        return word[:index] + word[index] + word[index:]
    return word[: index - 1] + word[index] + word[index - 1] + word[index + 1 :]


class NoteBuilder:
    """Appends literal text and PHI values; ``build()`` gives the text and exact PHI spans.

    With ``typos`` > 0 (and a random source) lower-case words of five letters or more in the
    literal text are misspelled at that rate, as in hurried notes; PHI values never are.
    """

    def __init__(
        self, case: Case = Case.AS_IS, *, typos: float = 0.0, rng: random.Random | None = None
    ) -> None:
        self._typos = typos if rng is not None else 0.0
        self._rng = rng
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
        is dropped, as a writer would. When that value is a PHI span ending in a lone
        initial and its period (``LEE, SARA R.``), the one full stop left ends the sentence,
        not the name: the span gives it up (docs/annotation-guideline.md, span rule 2), so a
        span never ends in a full stop that ends a sentence.
        """
        if value.startswith(".") and self._parts and self._parts[-1].endswith("."):
            value = value[1:]
            self._release_initial_period()
        if self._typos and self._rng is not None and value:
            rng, rate = self._rng, self._typos
            value = _LONG_WORD.sub(
                lambda m: misspell(m.group(), rng) if rng.random() < rate else m.group(), value)
        if value:
            value = apply_case(value, self.case)
            self._parts.append(value)
            self._size += len(value)

    def _release_initial_period(self) -> None:
        """Move the last span's final ``.`` out of it if the span just ended, on a lone initial."""
        if not self._spans or self._spans[-1].end != self._size:
            return
        last = self._spans[-1]
        if _TRAILING_INITIAL.search(self._parts[-1]) and last.end - last.start > 2:
            self._spans[-1] = Span(last.start, last.end - 1, last.label, source=last.source)

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
