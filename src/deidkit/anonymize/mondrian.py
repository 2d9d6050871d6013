"""Multidimensional k-anonymity (Mondrian, LeFevre, DeWitt and Ramakrishnan 2006) with
l-diversity and suppression of outliers, over generalization hierarchies.

Records are tuples of leaves (one path per quasi-identifier, see ``hierarchies``). Mondrian
cuts the population top-down: a partition is split on the quasi-identifier whose values are
most spread out in it (the largest share of that attribute's distinct values), between the
children of the partition's lowest common node, at the cut closest to the median; a cut is
allowed when both halves hold at least k records (and are l-diverse when asked). A partition
that no allowed cut splits is released as its lowest common nodes (for ordered hierarchies,
ages, dates and ZIP codes, the run of children it covers: "60-69" from 60-64 and 65-69, as in
Mondrian's numeric ranges), so every released class holds k or more records. Classes whose
released nodes coincide are merged, which keeps k and l (both are preserved by union).

Suppression: when no allowed cut is left, a cut may still remove one side that could never be
released on its own (fewer than k records, or not l-diverse) if the suppression budget
(``max_suppression`` of the records) allows; the other side goes on being split. Suppressed
records are left out of the view and all their quasi-identifiers are redacted in the text.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from deidkit.anonymize.hierarchies import MISSING, Path, range_node
from deidkit.errors import ConfigError

Diversity = Literal["distinct", "entropy"]
DIVERSITIES: tuple[Diversity, ...] = ("distinct", "entropy")
Record = tuple[Path, ...]


@dataclass(frozen=True, slots=True)
class PrivacyModel:
    """k-anonymity, optionally with l-diversity of a sensitive attribute.

    ``k``: the smallest class size. ``l`` and ``diversity``: each class holds at least l
    distinct sensitive values (``distinct``), or its sensitive values have an entropy of at
    least log(l) (``entropy``). ``max_suppression``: the share of records (0 to 1) that may be
    suppressed as outliers.
    """

    k: int
    l: int = 1  # noqa: E741 - the model's name
    diversity: Diversity = "distinct"
    max_suppression: float = 0.02

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ConfigError(f"--k must be 1 or more (got {self.k}); e.g. --k 5")
        if self.l < 1:
            raise ConfigError(f"--l must be 1 or more (got {self.l}); e.g. --l 2")
        if self.diversity not in DIVERSITIES:
            raise ConfigError(f"unknown l-diversity {self.diversity!r}; use distinct or entropy")
        if not 0.0 <= self.max_suppression <= 1.0:
            raise ConfigError("the suppression limit must be between 0 and 1, e.g. 0.02")


def is_diverse(values: Sequence[str], l: int, diversity: Diversity) -> bool:  # noqa: E741
    """Whether sensitive values are l-diverse (distinct, or entropy >= log l)."""
    if l <= 1:
        return True
    counts = Counter(values)
    if diversity == "distinct":
        return len(counts) >= l
    return entropy(counts) >= math.log(l) - 1e-9


def entropy(counts: Counter[str]) -> float:
    total = sum(counts.values())
    return -sum(c / total * math.log(c / total) for c in counts.values())


def common_node(paths: Sequence[Path]) -> Path:
    """The lowest common node of paths: the longest common prefix."""
    low, high = min(paths), max(paths)
    size = 0
    for a, b in zip(low, high, strict=False):
        if a != b:
            break
        size += 1
    return low[:size]


def released_node(paths: Sequence[Path], ordered: bool) -> Path:
    """What a partition releases of one attribute: the lowest common node, or (ordered
    hierarchies) the run of its children from the lowest to the highest value."""
    node = common_node(paths)
    if not ordered or (not node and MISSING in paths):
        return node  # a run never mixes "no value" with values
    low, high = min(paths), max(paths)
    depth = len(node)
    if len(low) <= depth or len(high) <= depth:
        return node
    return range_node(node, low[depth], high[depth])


@dataclass(frozen=True, slots=True)
class Partitioning:
    """Mondrian's result: the released nodes of each record (None: suppressed)."""

    released: tuple[Record | None, ...]
    partitions: int
    suppressed: int


class _Mondrian:
    def __init__(self, records: Sequence[Record], sensitive: Sequence[str] | None,
                 model: PrivacyModel, ordered: Sequence[bool]) -> None:
        self.records = records
        self.ordered = ordered
        self.sensitive = sensitive
        self.model = model
        width = len(records[0]) if records else 0
        self.distinct = [max(1, len({r[a] for r in records})) for a in range(width)]
        self.budget = math.floor(model.max_suppression * len(records))

    def allowed(self, indices: Sequence[int]) -> bool:
        if len(indices) < self.model.k:
            return False
        if self.sensitive is None or self.model.l <= 1:
            return True
        return is_diverse([self.sensitive[i] for i in indices], self.model.l,
                          self.model.diversity)

    def cuts(self, indices: list[int]) -> Iterator[tuple[list[int], list[int]]]:
        """Candidate binary cuts, widest attribute first, most balanced cut first (lazily:
        most partitions take the first)."""
        records = self.records
        spread = []
        for attribute, total in enumerate(self.distinct):
            values = {records[i][attribute] for i in indices}
            if len(values) > 1:
                spread.append((-len(values) / total, attribute))
        half = len(indices) / 2
        for _, attribute in sorted(spread):
            depth = len(common_node([records[i][attribute] for i in indices]))
            groups: dict[Path, list[int]] = {}
            for i in indices:
                groups.setdefault(records[i][attribute][: depth + 1], []).append(i)
            ordered = [groups[node] for node in sorted(groups)]
            sizes = [len(group) for group in ordered]
            cumulative = [sum(sizes[: cut]) for cut in range(1, len(ordered))]
            for position in sorted(range(len(cumulative)),
                                   key=lambda p: (abs(cumulative[p] - half), p)):
                cut = position + 1
                left = [i for group in ordered[:cut] for i in group]
                right = [i for group in ordered[cut:] for i in group]
                yield left, right

    def run(self) -> Partitioning:
        count = len(self.records)
        released: list[Record | None] = [None] * count
        if count == 0 or not self.allowed(list(range(count))):
            return Partitioning(tuple(released), 0, count)
        suppressed = 0
        finals: list[list[int]] = []
        heap: list[tuple[int, int, list[int]]] = [(-count, 0, list(range(count)))]
        sequence = 1
        while heap:
            _, _, indices = heapq.heappop(heap)
            pieces: list[list[int]] | None = None
            for left, right in self.cuts(indices):
                if self.allowed(left) and self.allowed(right):
                    pieces = [left, right]
                    break
            if pieces is None and self.budget > 0:
                best: tuple[int, list[int], list[int]] | None = None
                for left, right in self.cuts(indices):
                    for keep, drop in ((left, right), (right, left)):
                        if (len(drop) <= self.budget and (best is None or len(drop) < best[0])
                                and not self.allowed(drop) and self.allowed(keep)):
                            best = (len(drop), keep, drop)
                if best is not None:
                    self.budget -= best[0]
                    suppressed += best[0]
                    pieces = [best[1]]
            if pieces is None:
                finals.append(indices)
                continue
            for piece in pieces:
                heapq.heappush(heap, (-len(piece), sequence, piece))
                sequence += 1
        width = len(self.records[0])
        for indices in finals:
            nodes = tuple(released_node([self.records[i][a] for i in indices], self.ordered[a])
                          for a in range(width))
            for i in indices:
                released[i] = nodes
        return Partitioning(tuple(released), len(finals), suppressed)


def mondrian(records: Sequence[Record], sensitive: Sequence[str] | None,
             model: PrivacyModel, ordered: Sequence[bool] | None = None) -> Partitioning:
    """Generalize records to k-anonymous (and l-diverse) nodes, suppressing outliers;
    ``ordered[a]``: attribute a's hierarchy is ordered (released as runs of children)."""
    if sensitive is not None and len(sensitive) != len(records):
        raise ValueError("one sensitive value per record is needed")
    if model.l > 1 and sensitive is None:
        raise ConfigError("l-diversity needs a sensitive attribute: add --sensitive ATTR")
    width = len(records[0]) if records else 0
    return _Mondrian(records, sensitive, model, ordered or [False] * width).run()
