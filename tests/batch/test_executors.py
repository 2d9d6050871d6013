"""The in-process executor freezes the heap after its first call and gives it back."""

from __future__ import annotations

import gc

from deidkit.batch.executors import Executor


def test_heap_frozen_after_first_call_and_thawed_on_close() -> None:
    assert gc.get_freeze_count() == 0
    seen: list[int] = []
    with Executor() as executor:
        calls = [(lambda n: n, (1,)), (lambda n: n, (2,))]
        for result in executor.run(calls):
            seen.append(gc.get_freeze_count())
            assert result in (1, 2)
    assert seen[0] > 0 and seen[1] > 0
    assert gc.get_freeze_count() == 0


def test_heap_left_alone_when_the_caller_froze_it() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with Executor() as executor:
            assert list(executor.run([(len, ("ab",))])) == [2]
        assert gc.get_freeze_count() == frozen  # not unfrozen by the executor
    finally:
        gc.unfreeze()
