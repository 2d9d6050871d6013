"""Brand names of medicines and devices are no PHI.

A capitalised word no list knows looks like a surname to a detector, and at a threshold above
0.5 ("Eliquis", "Shingrix", "Dexcom" taken for names, "Prevnar 20" for a department) such
words get through. After detection, a span of a name, a place, an organisation or a
profession whose words are all a brand name of the language (``RuleLanguage.brand_names``),
an ordinary word or a number, with one brand name at least, is dropped ("Spiriva Respimat",
"LifePak 15"; a word the span cuts is counted whole: "Life" of "LifePak"; a room's span keeps
the number it starts with: "chair [6] Alaris"); so is one
inside a product or an eponym of several words whose words alone may be names
(``RuleLanguage.brand_phrases``: "Bair Hugger", "FreeStyle Libre", "Salter-Harris"). Dates,
ages, contacts and identifiers are never dropped. Languages whose rule data lists brand names
only (English).
"""

from __future__ import annotations

import functools
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
    phrase_words, phrases = _phrases(lang)
    result = []
    for document in documents:
        text, kept = document.text, []
        for span in document.spans:
            if category_of(span.label) in CATEGORIES:
                whole = _whole_words(text, span)
                words = [m.group().casefold() for m in _WORD.finditer(text, *whole)]
                if _brand(words, brands, common) or (
                    phrases is not None and not phrase_words.isdisjoint(words)
                    and _in_phrase(text, span, phrases)
                ):
                    room = _room_before_brand(text, span) if span.label == "ROOM" else None
                    if room is not None:
                        kept.append(room)
                    continue
            kept.append(span)
        result.append(
            document if kept == list(document.spans) else document.with_spans(tuple(kept))
        )
    return result


def _whole_words(text: str, span: Span) -> tuple[int, int]:
    """Where the words ``span`` covers begin and end, a word whose letters it cuts counted
    whole: a brand written in camel case is two tokens ("Life" and "Pak" of "LifePak"; not
    "20e" of "LifePak 20e")."""
    start, end = span.start, span.end
    if text[start].isalpha():
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    if text[end - 1].isalpha():
        while end < len(text) and text[end].isalpha():
            end += 1
    return start, end


def _brand(words: list[str], brands: frozenset[str], common: frozenset[str]) -> bool:
    """Whether a span's ``words`` are brand names, ordinary words and numbers, one a brand."""
    return any(word in brands for word in words) and all(
        word in brands or word in common or word.isdigit() for word in words
    )


@functools.cache
def _phrases(lang: str) -> tuple[frozenset[str], regex.Pattern[str] | None]:
    """The words of the language's brand phrases and one expression for the phrases, their
    words apart by a blank or a hyphen, at word boundaries, in any case (None: none listed)."""
    phrases = get_language(lang).rules.brand_phrases
    if not phrases:
        return frozenset(), None
    apart = r"[ \t]*-?[ \t]*"  # "Salter-Harris", "Salter Harris", "Salter - Harris"
    alternatives = sorted(
        (apart.join(regex.escape(word) for word in phrase.split()) for phrase in phrases),
        key=len, reverse=True,
    )
    expression = regex.compile(
        r"(?<![\p{L}\d])(?:" + "|".join(alternatives) + r")(?![\p{L}\d])", regex.IGNORECASE
    )
    return frozenset(word for phrase in phrases for word in phrase.split()), expression


_ROOM_NUMBER = regex.compile(r"[A-Z]?\d{1,4}[A-Z]?(?=[ \t])")
"""A room's number before a brand name a detector ran it on into ("chair 6 Alaris")."""


def _room_before_brand(text: str, span: Span) -> Span | None:
    """The room number ``span`` starts with, a brand name after it, or None ("6" of "6
    Alaris"; "LifePak 15" has none)."""
    number = _ROOM_NUMBER.match(text, span.start, span.end)
    if number is None:
        return None
    return Span(span.start, number.end(), span.label, source=span.source, score=span.score)


_REACH = 40
"""How far around a span a phrase holding it is looked for (characters)."""


def _in_phrase(text: str, span: Span, phrases: regex.Pattern[str]) -> bool:
    """Whether ``span`` lies inside one of the brand ``phrases``, looked for around it."""
    window = max(0, span.start - _REACH), min(len(text), span.end + _REACH)
    return any(
        found.start() <= span.start and span.end <= found.end()
        for found in phrases.finditer(text, *window)
    )
