"""PHI regular expressions: dates, times, phone/fax/pager, SSN, ZIP, e-mail, URL, IP, IDs, ages.

``find_patterns(text, lang=None)`` returns the non-overlapping matches of every pattern of the
language (``"en"``, ``"es"``; ``None`` means all of them), sorted by offset. Each match has a
stable pattern ``name`` (``PATTERN_NAMES``; used as feature names by ``deidkit.features``) and
the canonical PHI ``label`` it suggests. Overlaps are resolved by keeping the longest match,
then the pattern listed first.

Patterns are written for recall without eating clinical text that only looks like PHI: blood
pressures (``132/84``), murmur grades (``2/6``), strength and pain scores (``5/5``, ``7/10``),
fractions (``1/2 tab``), dose ranges (``10-15 mg``), titres and ratios (``1:40``, ``1:1000``)
and durations (``12 horas``) do not match. Cue-based patterns (``MRN: 123``) report only the
value, not the cue.

The modules:

- ``spec``: :class:`Pattern`, :class:`PatternMatch`, :class:`Head` and shared building blocks;
- ``dates``, ``contacts``, ``ids``, ``ages``, ``cues``: the patterns, with their checks;
- ``context``: the words around a match and the languages' cue words (whose data lives in
  ``deidkit/lang/<code>/patterns.py``);
- ``registry``: every pattern in priority order, and each language's;
- ``index``: where each pattern is tried (anchor words, heads of digit runs), for speed;
- ``overlaps``: :func:`resolve_overlaps`; ``find``: :func:`find_patterns`.
"""

from __future__ import annotations

from deidkit.patterns.find import _RECENT as _RECENT  # bench/en_speed.py clears it
from deidkit.patterns.find import find_patterns
from deidkit.patterns.overlaps import resolve_overlaps
from deidkit.patterns.registry import LANGS, PATTERN_NAMES, PATTERNS, patterns_for
from deidkit.patterns.spec import Head, Pattern, PatternLanguage, PatternMatch

__all__ = [
    "LANGS",
    "PATTERNS",
    "PATTERN_NAMES",
    "Head",
    "Pattern",
    "PatternLanguage",
    "PatternMatch",
    "find_patterns",
    "patterns_for",
    "resolve_overlaps",
]
