"""A name's initial: a name found without the initial written before it gets it.

A detector may find "Nazarov" in "per F. Nazarov" and leave the "F.": the tokenizer keeps
the initial apart and a lone capital letter looks like anything. The initial is part of the
name (the annotation guideline, rule 2), and a name with a token missed is a leaked name. After
detection, a ``NAME``-category span preceded on its line by one capital letter with its full
stop and one blank ("F. ", not "Dr. ", "A.B. " or the litres of "net 3 L. Ziad's") starts at
that letter. English only
(``INITIAL_LANGS``): measured on English notes.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

INITIAL_LANGS = frozenset({"en"})
"""The languages whose names take the initial before them."""

_INITIAL = regex.compile(r"(?<!\d[ \t]?)(?<![\p{L}\d.'’-])\p{Lu}\. \Z")  # not "3 L. Ziad"


def with_initials(documents: Sequence[Document]) -> list[Document]:
    """The documents with each name span grown over an initial right before it."""
    result = []
    for document in documents:
        text = document.text
        spans = sorted(document.spans, key=lambda s: s.start)
        grown: list[Span] = []
        for span in spans:
            low = max(0, span.start - 6)
            is_name = category_of(span.label) is Category.NAME
            match = _INITIAL.search(text[low : span.start]) if is_name else None
            start = low + match.start() if match else span.start
            if match and (not grown or grown[-1].end <= start):
                span = Span(start, span.end, span.label, source=span.source, score=span.score)
            grown.append(span)
        result.append(document.with_spans(tuple(grown)) if grown != spans else document)
    return result
