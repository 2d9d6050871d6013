"""Does a piece of work grow linearly with its input? (10k vs 100k characters, CPU time).

Wall-clock time on a shared 2-core machine is useless for this, and even a thread's CPU time
is noisy in a loaded VM (steal time counts), but noise only ever adds time: the minimum over
interleaved repeats is stable. Linear work gives a ratio near 10, quadratic near 100; a
combination is flagged only when the ratio stays over ``LIMIT`` in every one of
``ROUNDS`` re-measurements.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

SMALL, LARGE = 10_000, 100_000
LIMIT = 35.0
ROUNDS = 3
FLOOR = 0.004
"""CPU seconds under which the large run counts as linear whatever the ratio (too short to
measure; quadratic work this cheap at 100k would still be ~0.4 s at 1 MB)."""
SLOW_SMALL = 0.25
"""CPU seconds over which the 10k run alone is a failure (the 100k run is not tried)."""

ADVERSARIAL_UNITS: tuple[str, ...] = (
    "a", "A", "1", " ", "\n", "\t", "a1", "aA", "Ab ", "1 ", "-", ".", "a.", "A.", "1.", "1,",
    "1/", "1-", "a-", "a@", "x:", "://", "<", "&#", "é", "0x", "Dr. ", "Ab12-/. :", "<a ",
    "a=", "'", '"', "\\", "(", "*", "#", "12:", "Mr ",
)
"""Units repeated to a given length: runs of one character class, alternations of two, and
the beginnings of tags, entities, dates, URLs, e-mails and titles the patterns look for."""


def repeated(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


def cpu_seconds(work: Callable[[str], object], text: str, repeat: int = 3) -> float:
    """The least CPU time of ``repeat`` runs of ``work(text)`` (garbage collector off)."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.thread_time()
            work(text)
            best = min(best, time.thread_time() - start)
            if best > SLOW_SMALL:  # too slow to be worth repeating
                break
    finally:
        if enabled:
            gc.enable()
    return best


def growth(
    work: Callable[[str], object],
    unit: str,
    make: Callable[[int], str] | None = None,
    sizes: tuple[int, int] = (SMALL, LARGE),
    small_budget: float | None = None,
    limit: float = LIMIT,
) -> float | None:
    """The 100k/10k CPU-time ratio of ``work`` on ``unit`` repeated (or on ``make(length)``),
    or None when linear.

    A ratio is returned only when it stayed over ``limit`` in ``ROUNDS`` measurements;
    ``small_budget`` (CPU seconds) bounds the small run alone, by default ``SLOW_SMALL`` scaled
    to its size in characters (pass it when ``make`` counts something else, such as tags)."""
    build = make or (lambda length: repeated(unit, length))
    small, large = build(sizes[0]), build(sizes[1])
    ratio = 0.0
    for _ in range(ROUNDS):
        first = cpu_seconds(work, small)
        budget = SLOW_SMALL * sizes[0] / SMALL if small_budget is None else small_budget
        if first > budget:  # 10k characters: well under a few ms
            return float("inf")
        if first * 100 < FLOOR:  # even quadratic growth would stay under the floor
            return None
        second = cpu_seconds(work, large, repeat=1)  # noise only adds: the next round re-measures
        if second < FLOOR:
            return None
        ratio = second / max(first, 1e-6)
        if ratio <= limit:
            return None
    return ratio
