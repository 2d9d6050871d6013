"""Every pattern, in priority order, and the patterns of each language.

The order of ``PATTERNS`` is the priority among matches of the same extent and the order of
``PATTERN_NAMES`` (the features' names): add a pattern to its module's tuple and it takes that
tuple's place here.
"""

from __future__ import annotations

from functools import cache

from deidkit.lang import language_codes
from deidkit.patterns.ages import AGES
from deidkit.patterns.contacts import ADDRESSES, PHONES, POSTAL_CODES
from deidkit.patterns.cues import CUE_PATTERNS
from deidkit.patterns.dates import DATES
from deidkit.patterns.ids import IDS, LONG_NUMBERS
from deidkit.patterns.spec import Pattern

PATTERNS: tuple[Pattern, ...] = (
    *ADDRESSES,
    *CUE_PATTERNS,
    *IDS,
    *PHONES,
    *POSTAL_CODES,
    *AGES,
    *DATES,
    *LONG_NUMBERS,
)


def _all_names() -> tuple[str, ...]:
    names: list[str] = []
    for pattern in PATTERNS:
        for name in (pattern.name, *pattern.names):
            if name not in names:
                names.append(name)
    return tuple(names)


PATTERN_NAMES: tuple[str, ...] = _all_names()
"""Every name a match can have, in priority order (stable: used as feature names)."""

LANGS: tuple[str, ...] = language_codes()
"""The languages the patterns know (``deidkit.lang``)."""

PRIORITY: dict[str, int] = {name: rank for rank, name in enumerate(PATTERN_NAMES)}
"""Pattern name -> its rank (0 first)."""


@cache
def patterns_for(lang: str | None = None) -> tuple[Pattern, ...]:
    """The patterns of one language (``None``: every language)."""
    if lang is not None and lang not in LANGS:
        raise ValueError(f"unknown pattern language {lang!r}; use one of: {', '.join(LANGS)}")
    return tuple(p for p in PATTERNS if lang is None or lang in p.langs)
