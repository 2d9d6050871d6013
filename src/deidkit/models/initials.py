"""A name's initial: a name found without the initial written before it gets it.

A detector may find "Nazarov" in "per F. Nazarov" and leave the "F.": the tokenizer keeps
the initial apart and a lone capital letter looks like anything. The initial is part of the
name (the annotation guideline, rule 2), and a name with a token missed is a leaked name. After
detection, a ``NAME``-category span preceded on its line by one capital letter with its full
stop and one blank ("F. ", not "Dr. ", "A.B. " or the litres of "net 3 L. Ziad's") starts at
that letter; one ending in a lone capital letter right before its full stop ("Sunniva H.",
"R.O'S.") ends after the stop, and one followed by a blank and a lone letter of its first
letter's case with a full stop takes them ("cormac d., care coordinator"); a family name of
one word (hyphenated or not) followed by a comma and a first name's initial before a colon, the
line's end, a gap, a bracket or a word in capitals ("Tran, K: arc 2", "BJORKLUND, E BID #2",
"HALDANE-OSEI, V", "BRAMBLE, K (0094790)") takes the initial. A name span that is only an
initial ("W." of "CHR W. Spotted Bear": its family name made of words) takes the one to three
capitalised words after it on its line that nothing found, up to a month's or a weekday's name,
unless a title comes before it ("Dr V Sept 3", "Thank you, Doctor O. God bless.").
English only (``INITIAL_LANGS``): measured on English notes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import regex

from deidkit import resources
from deidkit.labels import Category, category_of
from deidkit.types import Document, Span

INITIAL_LANGS = frozenset({"en"})
"""The languages whose names take the initial before them."""

_NEWBORN_WORDS = frozenset({"boy", "girl"})  # "BOY A.": a twin's letter, not an initial
_TRAILING_INITIAL = regex.compile(r" (\p{L})\.(?=[\s,;:)]|\Z)")  # " d." after "cormac"
_SEPARATED_INITIALS = regex.compile(r"(?:\p{Lu}[.'’])+\p{Lu}")  # "R.B", "R.O'S"
_INITIAL = regex.compile(r"(?<!\d[ \t]?)(?<![\p{L}\d.'’-])\p{Lu}\. \Z")  # not "3 L. Ziad"
_COMMA_INITIAL = regex.compile(
    r",[ \t]?(\p{Lu})\.?(?=[ \t]*(?:[:;)\n]|\Z)|[ \t]{2}|[ \t]\(|[ \t]\p{Lu}[\p{Lu}\d]*\b(?![.']))"
)
"""A first name's initial after a family name and a comma, then a field's end, a colon, a
bracket or a word in capitals ("Tran, K:", "BRAMBLE, K (0094790)", "BJORKLUND, E BID #2"): not
a word ("Smith, A 45-year-old")."""
_FIELD_END = regex.compile(r"[ \t]*(?:[:;)\n]|\Z)")
_FAMILY_NAME = regex.compile(r"\p{L}+(?:[-'’]\p{L}+)*")
"""A family name of one word, its parts joined by hyphens or apostrophes ("HALDANE-OSEI")."""
_LONE_INITIAL = regex.compile(r"\p{Lu}\.?")
_CAPITALISED = r"\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*(?![\p{L}\d])"
_WORDS_AFTER = regex.compile(rf"\.?(?:[ \t]{_CAPITALISED}){{1,3}}")
"""One to three capitalised words after an initial (and its full stop): "W. Spotted Bear"."""
_WORD = regex.compile(_CAPITALISED)
_ARTICLES = frozenset("AILR")
"""Capitals that are words or sides too ("SMITH, I SAW", "Quaynor-Hale, L TKA"): an initial
only before a colon or a line's end."""


def with_initials(documents: Sequence[Document]) -> list[Document]:
    """The documents with each name span grown over an initial right before it and over the
    full stop after an initial it ends in."""
    result = []
    for document in documents:
        text = document.text
        spans = sorted(document.spans, key=lambda s: s.start)
        grown: list[Span] = []
        for index, span in enumerate(spans):
            low = max(0, span.start - 6)
            is_name = category_of(span.label) is Category.NAME
            match = _INITIAL.search(text[low : span.start]) if is_name else None
            start = low + match.start() if match else span.start
            free = index + 1 == len(spans) or spans[index + 1].start > span.end
            end = span.end
            if is_name and free and _ends_in_initial(text, span):
                end = span.end + 1
            elif is_name and (trailing := _TRAILING_INITIAL.match(text, span.end)) and (
                text[span.start].isupper() == trailing.group(1).isupper()
            ) and (index + 1 == len(spans) or spans[index + 1].start >= trailing.end()):
                end = trailing.end()  # "writer: cormac d., care coordinator"
            elif is_name and (after := _comma_initial(text, span)) and (
                index + 1 == len(spans) or spans[index + 1].start >= after
            ):
                end = after  # "12:15  Tran, K: arc 2"
            elif is_name and (after := _words_after_initial(text, span)) and (
                index + 1 == len(spans) or spans[index + 1].start >= after
            ):
                end = after  # "CHR W. Spotted Bear"
            if not match or (grown and grown[-1].end > start):
                start = span.start
            if (start, end) != (span.start, span.end):
                span = Span(start, end, span.label, source=span.source, score=span.score)
            grown.append(span)
        result.append(document.with_spans(tuple(grown)) if grown != spans else document)
    return result


def _words_after_initial(text: str, span: Span) -> int | None:
    """Where the capitalised words after a span that is only an initial end ("W." of "W.
    Spotted Bear"; not a month's or a weekday's name: "Dr V Sept 3"), or None."""
    if not _LONE_INITIAL.fullmatch(text, span.start, span.end):
        return None
    before = text[max(0, span.start - 12) : span.start].split()
    if before and before[-1].casefold() in _titles():
        return None  # "Thank you, Doctor O. God bless.": a title's letter is the whole name
    found = _WORDS_AFTER.match(text, span.end)
    if found is None:
        return None
    end = None
    for word in _WORD.finditer(text, span.end, found.end()):
        if word.group().casefold() in _calendar_words():
            break
        end = word.end()
    return end


@functools.cache
def _titles() -> frozenset[str]:
    """The English titles ("Dr.", "Doctor"), casefolded."""
    return resources.lexicon("titles")


@functools.cache
def _calendar_words() -> frozenset[str]:
    """The English months' and weekdays' names and their abbreviations, casefolded."""
    return frozenset(
        word.rstrip(".") for name in ("months", "weekdays") for word in resources.lexicon(name)
    )


def _comma_initial(text: str, span: Span) -> int | None:
    """Where a one-word family name's span (a hyphen's or an apostrophe's parts joined:
    "HALDANE-OSEI") ends with the initial after its comma ("Tran, K"), or None."""
    if not _FAMILY_NAME.fullmatch(text, span.start, span.end):
        return None
    after = _COMMA_INITIAL.match(text, span.end)
    if after is None:
        return None
    if after.group(1) in _ARTICLES and not _FIELD_END.match(text, after.end()):
        return None
    return after.end()


def _ends_in_initial(text: str, span: Span) -> bool:
    """Whether ``span`` ends in a name's initial that a full stop follows ("Eze H."): a lone
    capital letter after a word of the name (not a spelled name's last letter, "M I N G O.",
    nor a twin's letter, "BOY A.")."""
    end = span.end
    if text[end : end + 1] == "." and _SEPARATED_INITIALS.fullmatch(text, span.start, end):
        return True  # "R.O'S.": initials all the way
    if not (text[end : end + 1] == "." and text[end - 1 : end].isupper() and (
        text[end - 2 : end - 1] == " "
    )):
        return False
    before = text[span.start : end - 2].rsplit(None, 1)[-1:]
    return bool(before) and len(before[0]) >= 2 and before[0].casefold() not in _NEWBORN_WORDS
