"""``find_patterns``: every PHI pattern match in a note."""

from __future__ import annotations

from deidkit.patterns.index import anchored, digit_led, scanned
from deidkit.patterns.overlaps import resolve_overlaps
from deidkit.patterns.registry import PRIORITY, patterns_for
from deidkit.patterns.spec import PatternMatch


def find_patterns(
    text: str, lang: str | None = None, *, overlapping: bool = False
) -> list[PatternMatch]:
    """Every PHI pattern match in ``text``, sorted by offset.

    ``lang`` picks the patterns (``"en"``, ``"es"``, ``None`` for all) and how ambiguous
    forms read (3/5 is March 5 in English, 3 May in Spanish). By default overlapping matches
    are resolved (longest first, then priority); ``overlapping=True`` returns them all.
    """
    key = (text, lang, overlapping)
    cached = _RECENT.get(key)
    if cached is not None:  # the features and a detector often ask for the same note
        return list(cached)
    patterns = patterns_for(lang)
    found: set[tuple[int, int, str, str]] = set()
    for pattern in scanned(lang):
        found.update(hit for hit in pattern.scan(text, lang) if hit is not None)
    found.update(hit for hit in digit_led(text, lang) if hit is not None)
    found.update(hit for hit in anchored(text, lang, patterns) if hit is not None)
    matches = [PatternMatch(s, e, name, label) for s, e, label, name in found if e > s]
    if overlapping:
        result = sorted(matches, key=lambda m: (m.start, m.end, PRIORITY[m.name]))
    else:
        result = resolve_overlaps(matches)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()  # atomic, so safe with threads; a tiny cache refills at once
    _RECENT[key] = tuple(result)
    return result


_RECENT_SIZE = 8
_RECENT: dict[tuple[str, str | None, bool], tuple[PatternMatch, ...]] = {}
"""The last few results (cleared by benchmarks that time the patterns themselves)."""
