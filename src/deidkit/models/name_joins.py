"""One name written as one unit is one span: the parts of a name found apart are joined over
the punctuation between them.

A detector may find "QUISPE HUAMAN" and "ANSELMO" in "QUISPE HUAMAN, ANSELMO", "TAN" and
"BOON LEONG" in an HL7 field's "TAN^BOON LEONG", or "Cornelis", "Kees" and "Achterberg" in
'Cornelis "Kees" Achterberg', and leave the comma, the caret or the quotes: the annotation
guideline makes such a name one span (docs/annotation-guideline.md, "A name written as one
unit is one span"), so a punctuation token left out is a token of the name missed. After
detection two spans of the same ``NAME`` label on one line are joined when only

- a caret lies between them (HL7's name components: "TAN^BOON");
- a double quote and blanks (a nickname in quotes: 'Cornelis "Kees"');
- a comma and blanks, and the part after it starts with a first name or an initial of the
  language ("Okafor, Lena", "Okafor, L.") or both are written in capitals ("QUISPE HUAMAN,
  ANSELMO"), unless the two are part of a list of three names or more joined by commas
  ("cc: Smith, Jones, Lee").

English only (``JOIN_LANGS``): measured on English notes.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

JOIN_LANGS = frozenset({"en"})
"""The languages whose name parts are joined."""

CARET = regex.compile(r"\^")
QUOTE = regex.compile(r"[ \t]*[\"“”][ \t]*")
COMMA = regex.compile(r",[ \t]*")
_FIRST_WORD = regex.compile(r"\p{L}+")


def with_joined_names(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with the parts of each name joined over the punctuation between them."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    first_names = lexicons(lang).first_names
    result = []
    for document in documents:
        text = document.text
        spans = sorted(document.spans, key=lambda s: s.start)
        joins = {
            index for index in range(len(spans) - 1)
            if _joined(text, spans, index, first_names)
        }
        if not joins:
            result.append(document)
            continue
        joined: list[Span] = []
        for index, span in enumerate(spans):
            if index - 1 in joins:  # the part after a join: onto the name so far
                head = joined.pop()
                scores = [s for s in (head.score, span.score) if s is not None]
                span = Span(head.start, span.end, span.label, source=head.source,
                            score=min(scores) if scores else None)
            joined.append(span)
        result.append(document.with_spans(tuple(joined)))
    return result


def _joined(text: str, spans: list[Span], index: int, first_names: frozenset[str]) -> bool:
    """Whether span ``index`` and the next are parts of one name."""
    first, second = spans[index], spans[index + 1]
    if first.label != second.label or category_of(first.label) is not Category.NAME:
        return False
    if CARET.fullmatch(text, first.end, second.start) or QUOTE.fullmatch(
        text, first.end, second.start
    ):
        return True
    if not COMMA.fullmatch(text, first.end, second.start):
        return False
    word = _FIRST_WORD.match(text, second.start, second.end)
    if word is None:
        return False
    capitals = text[first.start : first.end].isupper() and word.group().isupper()
    if not (capitals or word.group().casefold() in first_names or len(word.group()) == 1):
        return False
    listed_before = index > 0 and _comma_between(text, spans[index - 1], first)
    listed_after = index + 2 < len(spans) and _comma_between(text, second, spans[index + 2])
    return not (listed_before or listed_after)


def _comma_between(text: str, first: Span, second: Span) -> bool:
    """Whether only a comma and blanks lie between two spans of the same label."""
    return first.label == second.label and COMMA.fullmatch(
        text, first.end, second.start
    ) is not None
