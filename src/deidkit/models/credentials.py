"""A name starts after its title and ends before its credential and the next line or field.

A detector may run a name on over the credential written after it ("TEFERA, CLINT DO",
"Zhecuol, DO"), over a line break into the job title under a signature ("Baljiwan
Dua\\nAssistant") or over a gap into the next field of a header ("HYLAND, BARBARA
Guarantor Acct: ..."). Credentials and titles are no part of a name (the annotation
guideline), and a credential taken for a name is a false positive in every signature. After
detection, a ``NAME``-category span loses:

- a last word that is a credential (the language's credentials: "MD", "PA-C"), written in
  capitals or with dots, after a comma or after two other words; one that is also a name in
  the name lists ("DO", a surname too) only after a comma ("Zhecuol, DO", not "KELLY ANN DO");
- what follows its first line break or gap of two blanks or more, when that is one ordinary
  word (the language's common words: "Assistant", "Guarantor");
- a first word that is a title and in no name list ("Dr Vuong", "Officer Bajwa"; not "Sen,
  Amartya"), when a word of the name follows on its line (titles stay outside names, the
  annotation guideline).

English only (``CREDENTIAL_LANGS``): its rule data has the credentials and common words.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import regex

from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

CREDENTIAL_LANGS = frozenset({"en"})
"""The languages whose names are cut back before credentials and line breaks."""

_SEPARATORS = ", \t\n"
"""What stands between a name and its credential."""
_WORD = regex.compile(r"[\p{L}][\p{L}'’-]*")
_GAP = regex.compile(r"[ \t]*\n\s*|[ \t]{2,}")  # a line break, or a gap between fields
_FOLLOWING = regex.compile(r"\.?[ \t]+(?=\p{L})")  # "Dr. ", "Officer ": a word follows


def without_credentials(documents: Sequence[Document], lang: str) -> list[Document]:
    """The documents with each name span cut before a credential or a line break."""
    from deidkit.models.rules.lexicons import lexicons  # lazy: the rule tables

    lexicon = lexicons(lang)
    result = []
    for document in documents:
        spans = [
            _cut(document.text, _untitled(document.text, span, lexicon.titles.keys(),
                                          lexicon.names),
                 lexicon.credentials, lexicon.common, lexicon.names)
            for span in document.spans
        ]
        unchanged = spans == list(document.spans)
        result.append(document if unchanged else document.with_spans(tuple(spans)))
    return result


def _untitled(text: str, span: Span, titles: Collection[str], names: frozenset[str]) -> Span:
    """``span`` without a first word that is a title and no name, when a word of the name
    follows it on its line ("Officer Bajwa", "Dr Vuong"; not "Sen, Amartya")."""
    if category_of(span.label) is not Category.NAME:
        return span
    first = _WORD.match(text, span.start, span.end)
    if first is None:
        return span
    word = first.group().casefold()
    if word not in titles or word in names:
        return span
    rest = _FOLLOWING.match(text, first.end(), span.end)
    if rest is None:
        return span
    return Span(rest.end(), span.end, span.label, source=span.source, score=span.score)


def _cut(
    text: str, span: Span, credentials: frozenset[str], common: frozenset[str],
    names: frozenset[str],
) -> Span:
    if category_of(span.label) is not Category.NAME:
        return span
    end = span.end
    value = text[span.start : end]
    gap = _GAP.search(value)
    if gap is not None and gap.start() > 0:
        rest = value[gap.end() :]
        if _WORD.fullmatch(rest) and rest.casefold() in common:
            end = span.start + gap.start()
            value = text[span.start : end]
    cut = max(value.rfind(separator) for separator in _SEPARATORS)
    if cut > 0:
        word = value[cut + 1 :]
        before = value[: cut + 1].rstrip(_SEPARATORS)
        credential = word.casefold().replace(".", "")
        written = word.isupper() or "." in word
        after_comma = "," in value[len(before) : cut + 1]
        apart = after_comma or (credential not in names and len(_WORD.findall(before)) >= 2)
        if before and written and apart and credential in credentials:
            end = span.start + len(before)
    if end == span.end or end <= span.start:
        return span
    return Span(span.start, end, span.label, source=span.source, score=span.score)
