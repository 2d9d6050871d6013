"""Generic departments: a department or a service is no organisation's name.

The i2b2 2014 guidelines mark a hospital inside a department's name as the hospital only when
the department is generic ("[LMH] Cardiology"), and a generic department ("Interventional
Radiology", "Human Resources", "Probate and Family Court Department") not at all. Detectors
trained on names of every shape take such words for part of a name. After detection, a
``HOSPITAL`` or ``ORGANIZATION`` span made only of the language's ``department_words`` and
linking words, or of one facility word alone (``department_heads``: "Hospital"), is dropped
(with a facility word it names a facility: "Family Health Center"), unless it
follows another such span with only blanks between (the rest of a name found in two parts).
Department words ending a longer name stay: practices are named so ("Kewaskum Family
Medicine", "Sawtooth Basin Health"). So is a job's title: a span ending in one of the
language's ``job_titles`` whose other words are department words, titles or words of the
language, four at most ("Medical Director", "Compliance Manager", "Associate Dean", "Probation
Officer"; not "Middlesex District Attorney"). Languages whose rule data has department words
only (English).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deidkit.lang import get_language
from deidkit.models.mentions import common_words
from deidkit.types import Document, Span

LABELS = frozenset({"HOSPITAL", "ORGANIZATION"})
"""The labels of names that may be a generic department."""
LINKS = frozenset({"of", "and", "&", "the", "for", "/"})
"""Words that link the words of a department ("Department of Medicine")."""
TITLE_WORDS = 4
"""The most words a job's title has ("Rehabilitation Services Program Manager")."""

_WORD = regex.compile(r"\w(?:[\w'’.-]*\w)?|&|/")


def without_departments(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents without generic departments among their hospitals and organisations."""
    rules = get_language(lang).rules
    words, heads = rules.department_words, rules.department_heads
    if not words:
        return list(documents)
    titles, common = rules.job_titles, common_words(lang)
    result = []
    for document in documents:
        text = document.text
        kept: list[Span] = []
        for span in sorted(document.spans, key=lambda s: s.start):
            if span.label in LABELS and (
                _generic(text, span, words, heads)
                or _job_title(text, span, titles, common)
            ) and not (
                kept and kept[-1].label in LABELS and not text[kept[-1].end : span.start].strip()
            ):  # unless the rest of a name found in two parts: "[NORTHCOAST] [HEART & ...]"
                continue
            kept.append(span)
        result.append(
            document if len(kept) == len(document.spans) else document.with_spans(tuple(kept))
        )
    return result


def _generic(text: str, span: Span, words: frozenset[str], heads: frozenset[str]) -> bool:
    """Whether ``span`` holds department words and links only, or is one facility word
    ("Hospital"); with a facility word it names a facility ("Family Health Center")."""
    found = _words(text, span)
    if len(found) == 1 and found[0] in heads:
        return True
    return all(word in words or word in LINKS for word in found)


def _job_title(
    text: str, span: Span, titles: frozenset[str], common: frozenset[str]
) -> bool:
    """Whether ``span`` is a job's title: up to ``TITLE_WORDS`` words of ``common`` ending in a
    title's word ("Medical Director", "Associate Dean"); a proper name's word makes it a name
    ("Middlesex District Attorney"), and so do more words ("HAVEN Domestic & Sexual Violence
    Advocacy - Hospital Advocate")."""
    found = _words(text, span)
    return 0 < len(found) <= TITLE_WORDS and found[-1] in titles and all(
        word in common or word in titles or word in LINKS for word in found[:-1]
    )


def _words(text: str, span: Span) -> list[str]:
    """The words of ``span``, casefolded, without a full stop at their end."""
    return [m.group().casefold().rstrip(".") for m in _WORD.finditer(text, span.start, span.end)]
