"""Brand names of medicines and devices are no PHI.

A capitalised word no list knows looks like a surname to a detector, and at a threshold above
0.5 ("Eliquis", "Shingrix", "Dexcom" taken for names, "Prevnar 20" for a department) such
words get through. After detection, a span of a name, a place, an organisation or a
profession whose words are all a brand name of the language (``RuleLanguage.brand_names``),
an ordinary word or a number, with one brand name at least, is dropped ("Spiriva Respimat",
"LifePak 15"). Dates, ages, contacts and identifiers are never dropped. Languages whose rule
data lists brand names only (English).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.lang import get_language
from deidkit.types import Document, Span

CATEGORIES = frozenset({Category.NAME, Category.LOCATION, Category.PROFESSION})
"""The categories of spans a brand name may be mistaken for."""

_WORD = regex.compile(r"[\p{L}\d]+")


def without_brands(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents without names, places and organisations that are brand names."""
    rules = get_language(lang).rules
    brands = rules.brand_names
    if not brands:
        return list(documents)
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    common = lexicons(lang).common
    result = []
    for document in documents:
        kept = [
            span for span in document.spans
            if not _brand(document.text, span, brands, common)
        ]
        result.append(
            document if len(kept) == len(document.spans) else document.with_spans(tuple(kept))
        )
    return result


def _brand(text: str, span: Span, brands: frozenset[str], common: frozenset[str]) -> bool:
    if category_of(span.label) not in CATEGORIES:
        return False
    words = [m.group().casefold() for m in _WORD.finditer(text, span.start, span.end)]
    return any(word in brands for word in words) and all(
        word in brands or word in common or word.isdigit() for word in words
    )
