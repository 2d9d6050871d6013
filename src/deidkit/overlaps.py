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
import itertools
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


class Taken:
    """The stretches of a text some items take, asked in O(log n) whether a stretch overlaps
    one of them (the passes after detection add spans only where none is).

    >>> from deidkit.types import Span
    >>> taken = Taken([Span(0, 4, "CITY"), Span(2, 9, "STREET"), Span(20, 22, "STATE")])
    >>> [taken.overlaps(a, b) for a, b in [(8, 10), (9, 20), (21, 30), (22, 25)]]
    [True, False, True, False]
    """

    def __init__(self, items: Iterable[Located]) -> None:
        ordered = sorted((item.start, item.end) for item in items)
        self._starts = [start for start, _ in ordered]
        self._reach = list(itertools.accumulate((end for _, end in ordered), max))

    def overlaps(self, start: int, end: int) -> bool:
        """Whether ``start``-``end`` overlaps an item (touching is no overlap)."""
        before = bisect.bisect_left(self._starts, end)  # the items starting before ``end``
        return before > 0 and self._reach[before - 1] > start


__all__ = ["Located", "Taken", "resolve_overlaps"]
