"""One greedy overlap resolver for every kind of span (deidkit's single copy).

Detectors, the rules detector's candidates and the PHI patterns all end the same way: many
candidate spans, some overlapping, of which a non-overlapping subset is kept. The policy is
greedy (docdeid's ``OverlapResolver`` works the same way): walk the candidates from the best
to the worst and keep each one that overlaps nothing kept so far. "Best" is, in order:

1. the lower ``rank(item)`` (a detector's priority, a preferred source; default: all equal),
2. the longer,
3. the lower ``tie(item)`` (a pattern's priority, a negated score; default: all equal),
4. the earlier, then the order given (the sort is stable).

This module imports nothing from deidkit, so ``deidkit.patterns`` and ``deidkit.models`` can
both use it.

>>> from deidkit.types import Span
>>> spans = [Span(0, 4, "CITY"), Span(2, 9, "STREET"), Span(10, 12, "STATE")]
>>> [s.label for s in resolve_overlaps(spans)]
['STREET', 'STATE']
>>> [s.label for s in resolve_overlaps(spans, rank=lambda s: s.label != "CITY")]
['CITY', 'STATE']
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar


class Located(Protocol):
    """Anything with half-open character offsets (``Span``, ``PatternMatch``)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


T = TypeVar("T", bound=Located)


def resolve_overlaps(
    items: Iterable[T],
    *,
    rank: Callable[[T], Any] | None = None,
    tie: Callable[[T], Any] | None = None,
) -> list[T]:
    """The items that survive greedy overlap resolution, sorted by (start, end).

    ``rank`` orders candidates before their length is compared (lower first), ``tie`` after
    it; both return any comparable value (numbers or tuples). Items must be non-empty
    (``start < end``); touching items (one ends where the next starts) do not overlap.
    """

    def key(item: T) -> tuple[Any, int, Any, int]:
        return (
            rank(item) if rank is not None else 0,
            item.start - item.end,
            tie(item) if tie is not None else 0,
            item.start,
        )

    taken: list[tuple[int, int]] = []  # the kept (start, end) pairs, sorted and disjoint
    kept: list[T] = []
    for item in sorted(items, key=key):
        start, end = item.start, item.end
        index = bisect.bisect_left(taken, (start, start))
        if index > 0 and taken[index - 1][1] > start:
            continue
        if index < len(taken) and taken[index][0] < end:
            continue
        taken.insert(index, (start, end))
        kept.append(item)
    return sorted(kept, key=lambda item: (item.start, item.end))


__all__ = ["Located", "resolve_overlaps"]
