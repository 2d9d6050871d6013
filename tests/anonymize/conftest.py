"""Shared helpers: the independent checker (pycanon) over a released view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd
from pycanon import anonymity


def frame(rows: Iterable[dict[str, str]]) -> pd.DataFrame:
    return pd.DataFrame(list(rows), dtype=str)


def pycanon_k(rows: pd.DataFrame, quasi: Sequence[str]) -> int:
    return int(anonymity.k_anonymity(rows, list(quasi)))


def pycanon_l(rows: pd.DataFrame, quasi: Sequence[str], sensitive: str) -> int:
    return int(anonymity.l_diversity(rows, list(quasi), [sensitive]))


def pycanon_entropy_l(rows: pd.DataFrame, quasi: Sequence[str], sensitive: str) -> int:
    """pycanon's entropy l: int(min exp(H)), which floors exp(log 2) = 1.999... to 1."""
    return int(anonymity.entropy_l_diversity(rows, list(quasi), [sensitive]))
