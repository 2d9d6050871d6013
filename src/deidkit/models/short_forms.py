"""A place's short forms (its acronym, its first word) are that place wherever they stand.

A note that names "Prairie Crest Donor Alliance" or "Trillium Diagnostic Labs" once goes on to
write "PCDA" and "Trillium" in its headers, references and log lines; a detector that finds the
full name may miss the short form: no list knows it. After detection, each ``ORGANIZATION`` or
``HOSPITAL`` span makes two short forms:

- its acronym, when it has three capitalised words or more and no initial among them (small
  joining words such as "of" and "&" left out): "PCDA", a whole word in capitals;
- its first word, when the name has two words or more and that word is capitalised, of three
  letters or more and in no name list ("Trillium", not "Mercy" or "Saint").

Neither may be a clinical abbreviation, a common or medical word ("PAR", "PCP", "Front"), a
nationality, weekday or month ("Haitian Community Center"). Each whole occurrence of a short
form in the note, not joined to a longer word or code by a hyphen and not inside another span,
gets the label of the span that made it (within the note only: a batch run detects a patient's
notes in whatever chunks the input falls into, and its output may not depend on them); only
spans the model was ``SEED_SCORE`` sure of or more make short forms. Over the forty-six
development batches read so far, 189 acronyms and 164 first words of the marked places stand
alone as a span the writers marked (first words alone are most often towns: "Boston" of "Boston
Medical Center", a place either way), 7 and 6 elsewhere (``bench/gold_counts.py``). English only
(``SHORT_FORM_LANGS``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import regex

from deidkit.overlaps import Taken
from deidkit.types import Document, Span

if TYPE_CHECKING:
    from deidkit.models.rules.lexicons import Lexicons

SHORT_FORM_LANGS = frozenset({"en"})
"""The languages whose places' short forms are looked for."""
LABELS = frozenset({"ORGANIZATION", "HOSPITAL"})
"""The labels whose names make short forms."""
LETTERS = 3
"""The fewest letters of an acronym or a first word (two-letter ones are too often something
else)."""
SEED_SCORE = 0.9
"""The least confidence of a span whose name makes short forms: a place the model doubted (or
a rule's, which carries no confidence) may be a generic service ("Employee Health Services")
and would tag its every short form."""
JOINING_WORDS = frozenset({"of", "the", "and", "&", "for", "at", "on", "in", "de", "la", "del"})
"""Small words a name's acronym leaves out ("Sisters of Mercy Hospital": SMH)."""
_WORD = regex.compile(r"[\p{L}&][\p{L}'’.-]*")
FORM_WORD = regex.compile(r"(?<![\w-])\p{Lu}\p{L}{2,}(?![\w-])")
"""A capitalised word of three letters or more, not joined to a longer word or code by a
hyphen: where a short form may stand."""


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


def first_word(name: str) -> str | None:
    """The first word of a name of two words or more ("Trillium Diagnostic Labs":
    "Trillium"), when it is capitalised letters only, ``LETTERS`` or more; else None."""
    words = name.split()
    if len(words) < 2 or not FORM_WORD.fullmatch(words[0]):
        return None
    return words[0]


def short_forms(name: str, lexicon: Lexicons) -> list[str]:
    """The short forms of the place ``name`` that are no ordinary word (module docstring)."""
    letters, first = acronym(name), first_word(name)
    forms = [] if letters is None or _ordinary(letters, lexicon) else [letters]
    if first is not None and not _ordinary(first, lexicon) and (
        first.casefold() not in lexicon.names
    ):
        forms.append(first)
    return forms


def _ordinary(form: str, lexicon: Lexicons) -> bool:
    folded = form.casefold()
    return any(folded in words for words in (
        lexicon.clinical_abbreviations, lexicon.common, lexicon.medical, lexicon.not_names
    ))


def with_short_forms(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with the short forms of their organisations and hospitals added."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lexicon = lexicons(lang)
    return [_with_forms(document, lexicon) for document in documents]


def _with_forms(document: Document, lexicon: Lexicons) -> Document:
    text = document.text
    places: dict[str, str] = {}  # short form -> the label of the place that made it
    for span in document.spans:
        if span.label in LABELS and span.score is not None and span.score >= SEED_SCORE:
            for form in short_forms(text[span.start : span.end], lexicon):
                places.setdefault(form, span.label)
    if not places or not any(form in text for form in places):
        return document  # most notes write no short form of a place
    taken = Taken(document.spans)
    added = [
        Span(found.start(), found.end(), places[found.group()], source="mentions")
        for found in _occurrences(text, places)
        if not taken.overlaps(found.start(), found.end())
    ]
    if not added:
        return document
    spans = sorted([*document.spans, *added], key=lambda span: (span.start, span.end))
    return document.with_spans(tuple(spans))


def _occurrences(text: str, places: dict[str, str]) -> Iterable[regex.Match[str]]:
    return (found for found in FORM_WORD.finditer(text) if found.group() in places)
