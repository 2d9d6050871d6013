"""What a release guarantees and what it costs: k and l reached, information loss.

- k: the size of the smallest class of records with identical released quasi-identifiers.
- l: the fewest distinct sensitive values in a class, and the entropy l (exp of the smallest
  class entropy; Machanavajjhala et al. 2007).
- Normalized certainty penalty (NCP; Xu et al. 2006): for each record and quasi-identifier,
  (leaves under the released node - 1) / (distinct leaves of the attribute - 1), so 0 for
  the original value and 1 for ``*``; suppressed records count 1. Averaged over records and
  attributes (0 to 1).
- Discernibility (Bayardo and Agrawal 2005): the sum of squared class sizes, plus the
  population size for each suppressed record.

``safe_harbor`` releases the same records the way the HIPAA Safe Harbor method would (dates to
the year, ZIP codes to three digits, cities to their state, ages over 89 as 90+, the rest as
is) so both can be measured side by side.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deidkit.anonymize.attributes import QUASI_IDENTIFIERS
from deidkit.anonymize.hierarchies import MISSING, Path, split_range
from deidkit.anonymize.mondrian import Record, entropy


@dataclass(frozen=True, slots=True)
class Quality:
    """k, l and information loss of one release of a view."""

    records: int
    released: int
    suppressed: int
    classes: int
    k: int
    below_k: int
    unique: int
    l_distinct: int | None
    l_entropy: float | None
    ncp: float
    ncp_by_attribute: dict[str, float]
    discernibility: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "records": self.records,
            "released": self.released,
            "suppressed": self.suppressed,
            "classes": self.classes,
            "k": self.k,
            "records_in_classes_below_k": self.below_k,
            "records_in_classes_of_one": self.unique,
            "l_distinct": self.l_distinct,
            "l_entropy": None if self.l_entropy is None else round(self.l_entropy, 4),
            "ncp": round(self.ncp, 4),
            "ncp_by_attribute": {name: round(v, 4) for name, v in self.ncp_by_attribute.items()},
            "discernibility": self.discernibility,
        }


class _Leaves:
    """The distinct leaves of one attribute, to count the leaves under a node."""

    def __init__(self, leaves: Sequence[Path]) -> None:
        self.sorted = sorted(set(leaves))
        self.cache: dict[Path, float] = {}

    def penalty(self, node: Path) -> float:
        found = self.cache.get(node)
        if found is not None:
            return found
        total = len(self.sorted)
        run = split_range(node)
        if run is None:
            low = bisect.bisect_left(self.sorted, node)
            high = bisect.bisect_left(self.sorted, (*node, "\U0010ffff"))
        else:
            lca, first, last = run
            low = bisect.bisect_left(self.sorted, (*lca, first))
            high = bisect.bisect_left(self.sorted, (*lca, last, "\U0010ffff"))
        under = max(1, high - low)
        value = 0.0 if total <= 1 else (under - 1) / (total - 1)
        self.cache[node] = value
        return value


def measure(
    quasi: Sequence[str],
    leaves: Sequence[Record],
    released: Sequence[Record | None],
    sensitive: Sequence[str] | None,
    k_target: int,
) -> Quality:
    """k, l, NCP and discernibility of ``released`` (None: suppressed) against ``leaves``."""
    count = len(leaves)
    per_attribute = [_Leaves([record[a] for record in leaves]) for a in range(len(quasi))]
    classes: dict[Record, list[int]] = {}
    loss = [0.0] * len(quasi)
    suppressed = 0
    for index, nodes in enumerate(released):
        if nodes is None:
            suppressed += 1
            for a in range(len(quasi)):
                loss[a] += 1.0
            continue
        classes.setdefault(nodes, []).append(index)
        for a, node in enumerate(nodes):
            loss[a] += per_attribute[a].penalty(node)
    sizes = [len(members) for members in classes.values()]
    l_distinct: int | None = None
    l_entropy: float | None = None
    if sensitive is not None and classes:
        l_distinct = min(len(set(sensitive[i] for i in members)) for members in classes.values())
        l_entropy = min(math.exp(entropy(Counter(sensitive[i] for i in members)))
                        for members in classes.values())
    cells = max(1, count)
    return Quality(
        records=count,
        released=count - suppressed,
        suppressed=suppressed,
        classes=len(classes),
        k=min(sizes) if sizes else 0,
        below_k=sum(size for size in sizes if size < k_target),
        unique=sum(1 for size in sizes if size == 1),
        l_distinct=l_distinct,
        l_entropy=l_entropy,
        ncp=sum(loss) / (cells * max(1, len(quasi))),
        ncp_by_attribute={name: loss[a] / cells for a, name in enumerate(quasi)},
        discernibility=sum(size * size for size in sizes) + suppressed * count,
    )


def safe_harbor(quasi: Sequence[str], leaves: Sequence[Record]) -> list[Record | None]:
    """The records as HIPAA Safe Harbor would release them (no record suppressed)."""
    depths = [QUASI_IDENTIFIERS[name].hierarchy.safe_harbor_depth for name in quasi]
    return [
        tuple(leaf if depth is None or leaf == MISSING else leaf[:depth]
              for leaf, depth in zip(record, depths, strict=True))
        for record in leaves
    ]
