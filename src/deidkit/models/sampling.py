"""Training-data sampling of HIDE (section 5): fewer "O" tokens, more recall.

Both samplers take a document's per-token labels and return the indices of the tokens to
keep, in order (the CRF then trains on the kept tokens as one sequence).

- Random O-sampling keeps every PHI token, keeps a history of ``history`` tokens on each side
  of every PHI token (HIDE always keeps 4), and keeps each other "O" token with probability
  ``p``.
- Window sampling keeps every PHI token and the ``window`` tokens on each side of it; every
  other token is dropped (a window of 10 gives HIDE's "window of 20 tokens").

Randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deidkit.errors import ConfigError
from deidkit.models.spans import OUTSIDE

SAMPLINGS: tuple[str, ...] = ("none", "random", "window")


def _near_phi(labels: Sequence[str], reach: int) -> list[bool]:
    """Whether each token is within ``reach`` tokens of a PHI token (PHI tokens included)."""
    near = [False] * len(labels)
    last_phi = -(10**9)
    for index, label in enumerate(labels):
        if label != OUTSIDE:
            last_phi = index
        near[index] = index - last_phi <= reach
    next_phi = 10**9
    for index in range(len(labels) - 1, -1, -1):
        if labels[index] != OUTSIDE:
            next_phi = index
        near[index] = near[index] or next_phi - index <= reach
    return near


def random_o_sampling(
    labels: Sequence[str], p: float, rng: random.Random, *, history: int = 4
) -> list[int]:
    """Indices kept by random O-sampling (probability ``p`` for far-from-PHI "O" tokens)."""
    if not 0.0 <= p <= 1.0:
        raise ConfigError(f"sampling probability must be from 0 to 1, not {p}")
    if history < 0:
        raise ConfigError("sampling history must be 0 or more tokens")
    near = _near_phi(labels, history)
    return [i for i in range(len(labels)) if near[i] or rng.random() < p]


def window_sampling(labels: Sequence[str], window: int) -> list[int]:
    """Indices kept by window sampling: PHI tokens and ``window`` tokens around each."""
    if window < 0:
        raise ConfigError("sampling window must be 0 or more tokens")
    near = _near_phi(labels, window)
    return [i for i in range(len(labels)) if near[i]]


def sample(
    labels: Sequence[str],
    method: str,
    *,
    rng: random.Random,
    p: float = 1.0,
    history: int = 4,
    window: int = 10,
) -> list[int]:
    """Indices kept by ``method`` (``none``, ``random`` or ``window``)."""
    if method == "none":
        return list(range(len(labels)))
    if method == "random":
        return random_o_sampling(labels, p, rng, history=history)
    if method == "window":
        return window_sampling(labels, window)
    raise ConfigError(f"unknown sampling {method!r}; use one of: {', '.join(SAMPLINGS)}")
