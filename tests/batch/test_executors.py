"""The in-process executor settles the heap before its second call (frozen, fewer young
collections), not for a stage of one call, and gives it back as it was."""

from __future__ import annotations

import gc

from deidkit.batch.executors import YOUNG_THRESHOLD, Executor


def _state() -> tuple[int, int]:
    return gc.get_freeze_count(), gc.get_threshold()[0]


def test_heap_frozen_before_second_call_and_thawed_on_close() -> None:
    assert gc.get_freeze_count() == 0
    before = gc.get_threshold()
    assert before[0] < YOUNG_THRESHOLD
    seen: list[tuple[int, int]] = []
    with Executor() as executor:
        calls = [(_state, ()), (_state, ()), (_state, ())]
        seen.extend(executor.run(calls))
    assert seen[0] == (0, before[0])  # the first call runs as the process was
    assert all(frozen > 0 and young == YOUNG_THRESHOLD for frozen, young in seen[1:])
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_a_single_call_collects_nothing() -> None:
    before = gc.get_threshold()
    with Executor() as executor:
        assert list(executor.run([(_state, ())])) == [(0, before[0])]
        assert _state() == (0, before[0])


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
