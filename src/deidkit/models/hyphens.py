"""A hyphenated name is one name: a name found without the part after (or before) its hyphen
gets it.

A detector may find "Halvorsen" in "Dr Halvorsen-Ube" and leave "Ube" (a word it has never
seen), and a name with a token missed is a leaked name. After detection, a ``NAME``-category
span that a hyphen joins, with no blank between, to a capitalised word of letters ("-Ube",
"FERREIRA-LOWE", "Mary-" of "Mary-Kate") grows over that word, unless another span holds it or
it is a credential or a clinical abbreviation of the language ("Lee-RN", "Smith-ICU"); a
confident span of one short capitalised syllable also over a second one in lower case, as
Korean and Chinese given names are romanized ("Jae-won", "Xiao-ming"). A word
that is also an ordinary, medical or eponym word ("Child-Pugh", "Mallory-Weiss",
"Jackson-Pratt") is taken only by a span the model found more likely a name than not (score
``CONFIDENT`` or more). English only (``HYPHEN_LANGS``): measured on English notes.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

HYPHEN_LANGS = frozenset({"en"})
"""The languages whose names take the rest of a hyphenated name."""

_AFTER = regex.compile(r"-(\p{Lu}[\p{L}'’]*)(?![\p{L}\d-])")
_SYLLABLE = regex.compile(r"-(\p{Ll}{2,5})(?![\p{L}\d-])")
"""A romanized given name's second syllable, in lower case ("-won" of "Jae-won")."""
_FIRST_SYLLABLE = regex.compile(r"\p{Lu}\p{Ll}{1,4}")
"""Its first syllable, the whole span ("Jae")."""
_BEFORE = regex.compile(r"(?<![\p{L}\d-])(\p{Lu}[\p{L}'’]*)-\Z")
CONFIDENT = 0.5
"""A span's score from which it takes a word that is also an ordinary or medical word."""
_LOOK = 40  # characters looked at before a span for the part before its hyphen


def with_hyphenated_parts(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with each name span grown over the other part of its hyphenated word."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lex = lexicons(lang)

    def refused(word: str, confident: bool) -> bool:
        """A credential or abbreviation; for a doubtful span also an ordinary, medical or
        eponym word."""
        word = word.casefold()
        return word in lex.credentials or word in lex.clinical_abbreviations or (
            not confident and (word in lex.common or word in lex.medical or word in lex.eponyms)
        )

    result = []
    for document in documents:
        text = document.text
        spans = sorted(document.spans, key=lambda s: s.start)
        grown: list[Span] = []
        for index, span in enumerate(spans):
            start, end = span.start, span.end
            if category_of(span.label) is Category.NAME:
                confident = span.score is not None and span.score >= CONFIDENT
                after = _AFTER.match(text, end) or (
                    _SYLLABLE.match(text, end) if confident and _FIRST_SYLLABLE.fullmatch(
                        text, start, end
                    ) else None
                )
                limit = spans[index + 1].start if index + 1 < len(spans) else len(text)
                if after and after.end() <= limit and not refused(after[1], confident):
                    end = after.end()
                low = max(grown[-1].end if grown else 0, start - _LOOK)
                before = _BEFORE.search(text, low, start)
                if before and not refused(before[1], confident):
                    start = before.start()
            if (start, end) != (span.start, span.end):
                span = Span(start, end, span.label, source=span.source, score=span.score)
            grown.append(span)
        result.append(document.with_spans(tuple(grown)) if grown != spans else document)
    return result
