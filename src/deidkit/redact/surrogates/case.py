"""Carry the capitalisation of an original onto its surrogate; compare words loosely."""

from __future__ import annotations

import functools
import unicodedata
from enum import Enum

from deidkit.lang import languages


@functools.lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Case- and accent-insensitive key of a word (``Ramón`` and ``RAMON`` are the same)."""
    if text.isascii():
        return text.lower()  # no accents in ASCII, and its casefold is lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


class Case(Enum):
    UPPER = "upper"
    LOWER = "lower"
    TITLE = "title"
    OTHER = "other"


@functools.lru_cache(maxsize=1 << 14)
def case_of(text: str) -> Case:
    """The capitalisation style of a word or phrase (letters only are considered)."""
    letters = [char for char in text if char.isalpha()]
    if not letters:
        return Case.OTHER
    if all(char.isupper() for char in letters):
        # a single capital letter ("J") is title case, not shouting
        return Case.TITLE if len(letters) == 1 else Case.UPPER
    if all(char.islower() for char in letters):
        return Case.LOWER
    if letters[0].isupper():
        return Case.TITLE
    return Case.OTHER


def apply_case(text: str, case: Case) -> str:
    """``text`` written in the given style (TITLE and OTHER leave a surrogate's own casing)."""
    if case is Case.UPPER:
        return text.upper()
    if case is Case.LOWER:
        return text.lower()
    if case is Case.TITLE and text[:1].islower():
        return text[:1].upper() + text[1:]
    return text


def match_case(original: str, surrogate: str) -> str:
    """The surrogate written in the original's capitalisation style."""
    return apply_case(surrogate, case_of(original))


_LOWER_WORDS = frozenset().union(
    *(lang.surrogates.title_small_words for lang in languages())
)  # of, the, de, la, ... (every language's)


def title_words(text: str) -> str:
    """``DINGMAN GENERAL HOSPITAL`` -> ``Dingman General Hospital`` (small words lower)."""
    words = text.lower().split(" ")
    return " ".join(
        word if index and word in _LOWER_WORDS else word[:1].upper() + word[1:]
        for index, word in enumerate(words)
    )


def recase(surrogate: str, original: str) -> str:
    """A surrogate made for one spelling of a value, written like another spelling of it."""
    style = case_of(original.strip())
    if style is Case.UPPER:
        return surrogate.upper()
    if style is Case.LOWER:
        return surrogate.lower()
    if style is Case.TITLE and case_of(surrogate) in (Case.UPPER, Case.LOWER):
        return title_words(surrogate)
    return surrogate
