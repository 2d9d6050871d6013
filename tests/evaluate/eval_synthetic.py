"""Helpers for the evaluation tests (synthetic documents only)."""

from __future__ import annotations

import re

from deidkit.types import Document, Span, Token

WORD = re.compile(r"\S+")


def whitespace_tokenize(text: str) -> list[Token]:
    """A tokenizer independent of deidkit.text, for tests that fix the tokens by hand."""
    return [Token(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]


def span_of(text: str, phrase: str, label: str, occurrence: int = 0) -> Span:
    """The span of the n-th occurrence of ``phrase`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(phrase, start + 1)
    return Span(start, start + len(phrase), label)


def doc(text: str, *spans: tuple[str, str], doc_id: str = "d1") -> Document:
    return Document(doc_id, text, tuple(span_of(text, phrase, label) for phrase, label in spans))
