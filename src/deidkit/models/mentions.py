"""Mentions of the same PHI (HIDE's iterative extraction): a string found as a name or an
identifier is PHI wherever else it occurs in that note and in the same patient's other notes.

After detection, the text of every NAME-category span (the whole span and each of its words)
and every ID-category span becomes a search string for the notes of its patient (documents
without a ``patient_id`` are their own patient); each further occurrence, matched
case-insensitively at word boundaries and overlapping no span already found, becomes a span
with the label the string was found with (``source`` ``mentions``). Strings shorter than
``MIN_LENGTH`` characters, common words of the language (``<prefix>common_words``, titles,
month and weekday names, nationalities and languages, credentials with or without their dots),
its clinical abbreviations ("CVICU", "HCP": ``RuleLanguage.clinical_abbreviations``), the words
of its generic departments ("cardiology", "podiatry": ``RuleLanguage.department_words``) and its
name particles ("van", "de": ``SurrogateWords.particles``) are never propagated, so a name
that is also a word ("Will", "May", "Brown") only counts where the model found it, unless it
was given as a nickname in quotes or parentheses ('Katherine Quorbit ("Kit")', also when the
model doubted it right after the name): then it counts where it is written so, capitalised,
inside a sentence ("smiles at Kit"; its key in the strings is the word as written); nor are
the spans the model was less than ``SEED_SCORE`` sure of (let through by a threshold below
0.5: "bolus" taken for a name counts there, not everywhere).
Nothing is tagged whose text was not found as PHI in that note or patient.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.labels import Category, category_of
from deidkit.lang import get_language
from deidkit.resources import store
from deidkit.types import Document, Span

if TYPE_CHECKING:
    import numpy as np

MIN_LENGTH = 3
"""Strings shorter than this are not propagated."""
SEED_SCORE = 0.5
"""A span with a confidence below this (a token the operating point let through though the
model thought it more likely outside PHI) counts where it was found but is not propagated."""
SOURCE = "mentions"
PROPAGATED = frozenset({Category.NAME, Category.ID})
_WORD = re.compile(r"\w[\w'’.-]*\w|\w", re.UNICODE)
_EXCLUDED_LISTS = (
    "common_words", "titles", "months", "weekdays", "name_suffixes", "nationalities"
)


@functools.cache
def common_words(lang: str) -> frozenset[str]:
    """The casefolded words never propagated in ``lang`` (``prepared_common_words``), once,
    without garbage collections scanning them."""
    with store.collector_paused():
        return prepared_common_words(lang)


def prepared_common_words(lang: str) -> frozenset[str]:
    """The casefolded words never propagated in ``lang``: as prepared (``python -m
    deidkit.features.prepare``: one string split, where reading the lists casefolds 29,000
    rows) when their lists have not changed since, else read; equal either way."""
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    language = get_language(lang)
    lists = [language.resource_prefix + name for name in _EXCLUDED_LISTS]
    sources: list[Path] = []
    for name in lists:
        try:
            source = resources.source_file(name)
        except ResourceError:  # a language without this list: nothing to exclude from it
            continue
        if source is None:  # an optional bundle: read where installed
            return _read_common_words(lang)
        sources.append(source)
    key = prepared.fingerprint(
        "mentions",
        sources,
        [Path(__file__), Path(store.__file__)],
        extra="\0".join(
            [
                unicodedata.unidata_version, *lists,
                *sorted(language.rules.clinical_abbreviations),
                *sorted(language.rules.department_words),
                *sorted(language.surrogates.particles),
            ]
        ),
    )
    return prepared.load_or_build(
        "mentions", key, lambda: _read_common_words(lang), _words_arrays, _words_from_arrays
    )


def _read_common_words(lang: str) -> frozenset[str]:
    language = get_language(lang)
    prefix = language.resource_prefix
    words: set[str] = set(language.rules.clinical_abbreviations)  # "CVICU", "HCP"
    words |= language.rules.department_words  # "cardiology": a service, no one's name
    words |= language.surrogates.particles  # "van" of "Ilse van Dijk": no name alone
    for name in _EXCLUDED_LISTS:
        try:
            words |= resources.lexicon(prefix + name)
        except ResourceError:  # a language without this list: nothing to exclude from it
            continue
    return frozenset(words)


_SEPARATOR = "\0"


def _words_arrays(words: frozenset[str]) -> dict[str, np.ndarray]:
    """The arrays that store ``words``: their UTF-8 bytes (sorted, NUL between) and count."""
    import numpy as np  # lazy: only to prepare or load stored tables

    if any(_SEPARATOR in word for word in words):
        raise ValueError("a common word holds a NUL character; it cannot be stored")
    text = _SEPARATOR.join(sorted(words))
    return {
        "words": np.frombuffer(text.encode("utf-8", "surrogatepass"), np.uint8),
        "count": np.asarray([len(words)], np.int64),
    }


def _words_from_arrays(arrays: Mapping[str, np.ndarray]) -> frozenset[str]:
    """The words ``_words_arrays`` stored; ValueError (or KeyError) if they do not fit."""
    import numpy as np  # lazy: only to prepare or load stored tables

    count = np.asarray(arrays["count"])
    if count.shape != (1,) or count.dtype.kind != "i":
        raise ValueError("stored common words: their count does not fit")
    try:
        text = np.asarray(arrays["words"], np.uint8).tobytes().decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        raise ValueError("stored common words are not UTF-8") from None
    words = frozenset(text.split(_SEPARATOR) if count[0] else ())  # none, "": both no bytes
    if len(words) != count[0]:
        raise ValueError("stored common words do not add up to their count")
    return words


def propagate_mentions(
    documents: Sequence[Document], *, lang: str = "en", by_patient: bool = True
) -> list[Document]:
    """The documents with further mentions of their patients' name and ID strings added
    (in the same order; a document with nothing to add is returned as it is). Without
    ``by_patient`` each document only gets mentions of its own strings."""
    groups: dict[str, list[int]] = {}
    for index, document in enumerate(documents):
        key = f"p:{document.patient_id}" if document.patient_id and by_patient else f"d:{index}"
        groups.setdefault(key, []).append(index)
    result = list(documents)
    for indexes in groups.values():
        strings = mention_strings([documents[i] for i in indexes], lang=lang)
        for index in indexes:
            result[index] = add_mentions(documents[index], strings)
    return result


def mention_strings(documents: Sequence[Document], *, lang: str = "en") -> dict[str, str]:
    """The strings (casefolded, with their labels) whose mentions propagation adds: those of
    the NAME and ID spans of ``documents`` (one patient's)."""
    return _strings(documents, common_words(lang))


def add_mentions(document: Document, strings: dict[str, str]) -> Document:
    """``document`` with the further mentions of ``strings`` (from ``mention_strings``)."""
    if not strings:
        return document
    spans = document.spans  # sorted, none overlapping (``Document`` checks)
    starts = [span.start for span in spans]
    added: list[Span] = []
    written = [key for key in strings if key != key.casefold()]  # nicknames as written
    found = occurrences(document.text, strings if not written else {
        key: label for key, label in strings.items() if key == key.casefold()
    })
    if written:
        found = iter(sorted([*found, *_as_written(document.text, written, strings)]))
    reached = 0
    for start, end, label in found:
        before = bisect.bisect_left(starts, end)  # the spans starting before it ends
        if start < reached or (before and spans[before - 1].end > start):
            continue  # the last of them, which ends last, overlaps it
        added.append(Span(start, end, label, source=SOURCE))
        reached = end
    if not added:
        return document
    return document.with_spans(sorted([*spans, *added], key=lambda span: span.start))


def _strings(documents: Sequence[Document], excluded: frozenset[str]) -> dict[str, str]:
    """Casefolded search string -> label, from the documents' NAME and ID spans (the first
    label a string was found with)."""
    found: dict[str, str] = {}

    def add(text: str, label: str) -> None:
        text = text.strip()
        key = text.casefold()
        if len(text) >= MIN_LENGTH and key not in excluded and any(c.isalnum() for c in text) and (
            key.replace(".", "") not in excluded  # "M.D.", "m.d": the listed "md"
        ):
            found.setdefault(key, label)

    for document in documents:
        named = -_NICKNAME_GAP - 1  # where the last name span ended
        for span in document.spans:
            category = category_of(span.label)
            if category not in PROPAGATED:
                continue
            text = document.text[span.start : span.end]
            if category is Category.NAME and text.casefold() in excluded and _nickname(
                document.text, span.start, span.end
            ) and (span.score is None or span.score >= SEED_SCORE
                   or span.start - named <= _NICKNAME_GAP):
                found.setdefault(text, span.label)  # "Kit" written as it is: its key
            if category is Category.NAME:
                named = span.end
            if span.score is not None and span.score < SEED_SCORE:
                continue
            add(text, span.label)
            if category is Category.NAME:
                for word in _WORD.findall(text):
                    add(word, span.label)
    return found


_NICKNAME_GAP = 3
"""A nickname in quotes this close after a name (' ("') is one however doubtful the model."""


_OPENING = frozenset("\"“'‘(")
_CLOSING = frozenset("\"”'’),")


def _nickname(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a nickname given in quotes or parentheses, one
    capitalised word ('Katherine Quorbit ("Kit", 61)', "(Dot)")."""
    word = text[start:end]
    return (
        len(word) >= MIN_LENGTH and word.isalpha() and word.istitle()
        and start > 0 and text[start - 1] in _OPENING and text[end : end + 1] in _CLOSING
    )


_SENTENCE_ENDS = frozenset(".!?:\n")


def _as_written(
    text: str, keys: list[str], strings: Mapping[str, str]
) -> Iterator[tuple[int, int, str]]:
    """Where the nicknames ``keys`` occur as written, a whole word inside a sentence ("smiles
    at Kit", not "Kit" opening one nor "kit"), with their labels."""
    word_at = _WORD_CHARACTER.match
    for key in keys:
        start = text.find(key)
        while start >= 0:
            end = start + len(key)
            before = start - 1
            while before >= 0 and text[before] in " \t":
                before -= 1
            if before >= 0 and text[before] not in _SENTENCE_ENDS and not word_at(
                text, start - 1
            ) and not word_at(text, end):
                yield start, end, strings[key]
            start = text.find(key, end)


def occurrences(text: str, strings: Mapping[str, str]) -> Iterator[tuple[int, int, str]]:
    """Where ``strings`` (casefolded) occur in ``text``, with their labels, as one expression
    finds them from left to right (``_expression``): case-insensitive, at word boundaries,
    the longest string at a place, none overlapping. Found with ``str.find`` in the
    lowercased text where the strings are plain (``PLAIN_UP_TO``) and the text holds none
    of ``LOOKALIKES``: lowercasing then matches as the expression does, character for
    character; else with the expression (compiled for these strings)."""
    if _LOOKALIKE.search(text) is None and all(
        key == key.casefold() and max(key) <= PLAIN_UP_TO for key in strings
    ):
        return _found(text, strings)
    return _matched(text, strings)


PLAIN_UP_TO = "\u00ff"
"""A plain string's characters are up to this one (ASCII and Latin-1: "josé", "o'brien")
and case folding leaves them as they are."""
LOOKALIKES = "\u0130\u0131\u017f"
"""The characters that a case-insensitive expression matches with a plain string's
otherwise than lowercasing them does: İ and ı (with i), ſ (with s)."""
_LOOKALIKE = re.compile(f"[{LOOKALIKES}]")
_WORD_CHARACTER = re.compile(r"\w")


def _found(text: str, strings: Mapping[str, str]) -> Iterator[tuple[int, int, str]]:
    """``occurrences`` of plain ``strings`` in a text without ``LOOKALIKES``."""
    lowered = text.lower()  # one character for one: the text holds no İ
    word_at = _WORD_CHARACTER.match
    longest: dict[int, str] = {}  # start -> the longest string found there
    for key in strings:
        start = lowered.find(key)
        while start >= 0:
            end = start + len(key)
            if (
                len(key) > len(longest.get(start, ""))
                and not (start and word_at(text, start - 1))
                and not word_at(text, end)
            ):
                longest[start] = key
            start = lowered.find(key, start + 1)
    reached = 0
    for start in sorted(longest):
        if start >= reached:
            key = longest[start]
            reached = start + len(key)
            yield start, reached, strings[key]


def _matched(text: str, strings: Mapping[str, str]) -> Iterator[tuple[int, int, str]]:
    """``occurrences`` found with the expression."""
    for match in _expression(strings).finditer(text):
        label = strings.get(match.group().casefold())
        if label is not None:  # else case folding changed its length: not the string found
            yield match.start(), match.end(), label


def _expression(strings: Mapping[str, str]) -> re.Pattern[str]:
    """One case-insensitive alternation of ``strings``, longest first, at word boundaries."""
    alternatives = sorted(strings, key=len, reverse=True)
    return re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(s) for s in alternatives) + r")(?!\w)",
        re.IGNORECASE,
    )
