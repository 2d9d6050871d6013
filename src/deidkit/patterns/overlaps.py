"""Overlap resolution among pattern matches: the longest wins, then the higher priority
(the policy, on the shared resolver :func:`deidkit.overlaps.resolve_overlaps`)."""

from __future__ import annotations

from collections.abc import Iterable

from deidkit.overlaps import resolve_overlaps as _resolve
from deidkit.patterns.registry import PRIORITY
from deidkit.patterns.spec import PatternMatch


def resolve_overlaps(matches: Iterable[PatternMatch]) -> list[PatternMatch]:
    """Keep the longest match where matches overlap (ties: the higher-priority name)."""
    return _resolve(matches, tie=lambda m: PRIORITY.get(m.name, 0))
