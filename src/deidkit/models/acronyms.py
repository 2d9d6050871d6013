"""An organisation's or hospital's acronym is that place wherever it stands in the note.

A note that names "Prairie Crest Donor Alliance" or "Harbor Falls Community Hospital" once
goes on to write "PCDA" and "HFCH" in its headers, references and log lines, and a detector
that finds the full name may miss the capitals: no list knows them. After detection, each
``ORGANIZATION`` or ``HOSPITAL`` span of three capitalised words or more, none an initial
(small joining words such as "of" and "&" left out), makes an acronym of their first letters;
each whole upper-case word equal to it, not joined to a longer code by a hyphen, not inside
another span and no clinical abbreviation, common or medical word ("PAR", "PCP"), gets the
span's label. Over the forty-six development batches read so far 226 such words stand inside
a span the writers marked and six elsewhere (``bench/gold_counts.py``). English only
(``ACRONYM_LANGS``).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.types import Document, Span

ACRONYM_LANGS = frozenset({"en"})
"""The languages whose places' acronyms are looked for."""
LABELS = frozenset({"ORGANIZATION", "HOSPITAL"})
"""The labels whose names make acronyms."""
LETTERS = 3
"""The fewest letters of an acronym (two-letter ones are too often something else)."""
JOINING_WORDS = frozenset({"of", "the", "and", "&", "for", "at", "on", "in", "de", "la", "del"})
"""Small words a name's acronym leaves out ("Sisters of Mercy Hospital": SMH)."""
_WORD = regex.compile(r"[\p{L}&][\p{L}'’.-]*")
ACRONYM_WORD = regex.compile(r"(?<![\w-])\p{Lu}{3,}(?![\w-])")
"""A word of three capitals or more, not joined to a longer code by a hyphen."""


def acronym(name: str) -> str | None:
    """The acronym of ``name`` ("Prairie Crest Donor Alliance": "PCDA"), or None when fewer
    than ``LETTERS`` words remain, one of them is not capitalised or one is an initial (a
    person's name taken for a place: "MART C. GREW")."""
    words = [word for word in _WORD.findall(name) if word.casefold() not in JOINING_WORDS]
    if len(words) < LETTERS or not all(
        word[0].isupper() and len(word.rstrip(".")) > 1 for word in words
    ):
        return None
    return "".join(word[0] for word in words).upper()


def with_acronyms(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with the acronyms of their organisations and hospitals added."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lexicon = lexicons(lang)
    ordinary = (lexicon.clinical_abbreviations, lexicon.common, lexicon.medical)
    result = []
    for document in documents:
        text, spans = document.text, list(document.spans)
        places: dict[str, str] = {}
        for span in spans:
            if span.label in LABELS:
                found = acronym(text[span.start : span.end])
                if found is not None and not any(found.casefold() in words for words in ordinary):
                    places.setdefault(found, span.label)
        if not places or not any(letters in text for letters in places):
            result.append(document)  # most notes write no acronym of their places
            continue
        taken = [(span.start, span.end) for span in spans]
        added = [
            Span(found.start(), found.end(), places[found.group()], source="mentions")
            for found in ACRONYM_WORD.finditer(text)
            if found.group() in places
            and not any(start < found.end() and found.start() < end for start, end in taken)
        ]
        if added:
            spans = sorted([*spans, *added], key=lambda span: (span.start, span.end))
            document = document.with_spans(tuple(spans))
        result.append(document)
    return result
