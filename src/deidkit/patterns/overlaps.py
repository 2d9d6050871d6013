"""Overlap resolution among pattern matches: the longest wins, then the higher priority."""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from deidkit.patterns.registry import PRIORITY
from deidkit.patterns.spec import PatternMatch


def resolve_overlaps(matches: Iterable[PatternMatch]) -> list[PatternMatch]:
    """Keep the longest match where matches overlap (ties: the higher-priority name)."""
    ordered = sorted(matches, key=lambda m: (m.start - m.end, PRIORITY.get(m.name, 0), m.start))
    taken: list[tuple[int, int]] = []  # sorted and disjoint
    kept: list[PatternMatch] = []
    for match in ordered:
        index = bisect.bisect_left(taken, (match.start, match.start))
        if index > 0 and taken[index - 1][1] > match.start:
            continue
        if index < len(taken) and taken[index][0] < match.end:
            continue
        taken.insert(index, (match.start, match.end))
        kept.append(match)
    return sorted(kept, key=lambda m: m.start)
