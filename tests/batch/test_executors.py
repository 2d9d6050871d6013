"""The in-process executor settles the heap after its first call (frozen, fewer young
collections) and gives it back as it was."""

from __future__ import annotations

import gc

from deidkit.batch.executors import YOUNG_THRESHOLD, Executor


def test_heap_frozen_after_first_call_and_thawed_on_close() -> None:
    assert gc.get_freeze_count() == 0
    before = gc.get_threshold()
    assert before[0] < YOUNG_THRESHOLD
    seen: list[tuple[int, int]] = []
    with Executor() as executor:
        calls = [(lambda n: n, (1,)), (lambda n: n, (2,))]
        for result in executor.run(calls):
            seen.append((gc.get_freeze_count(), gc.get_threshold()[0]))
            assert result in (1, 2)
    assert all(frozen > 0 and young == YOUNG_THRESHOLD for frozen, young in seen)
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_heap_left_alone_when_the_caller_froze_it() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with Executor() as executor:
            assert list(executor.run([(len, ("ab",))])) == [2]
        assert gc.get_freeze_count() == frozen  # not unfrozen by the executor
        assert gc.get_threshold()[0] < YOUNG_THRESHOLD
    finally:
        gc.unfreeze()
