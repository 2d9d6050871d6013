"""The garbage collector's policy while a process starts and works (``deidkit.heap``)."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from deidkit import heap
from deidkit.batch.executors import Executor
from deidkit.batch.job import Job, detect_documents
from deidkit.types import Document


@pytest.fixture(autouse=True)
def _as_found() -> Iterator[None]:
    assert gc.isenabled() and gc.get_freeze_count() == 0
    yield
    heap.finish()
    gc.enable()
    gc.unfreeze()


def test_a_start_is_paused_then_frozen_and_handed_back() -> None:
    heap.pause()
    assert not gc.isenabled() and gc.get_freeze_count() == 0
    heap.end_start()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    heap.end_start()  # once only
    heap.finish()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_collector_someone_else_turned_off_or_froze_is_left_alone() -> None:
    gc.disable()
    heap.pause()
    heap.end_start()
    heap.finish()
    assert not gc.isenabled()  # still theirs to turn on
    gc.enable()
    gc.freeze()
    frozen = gc.get_freeze_count()
    heap.pause()
    assert gc.isenabled()
    assert heap.settle() is None  # their freeze: nothing collected or thawed
    heap.finish()
    assert gc.get_freeze_count() == frozen


def test_without_a_pause_end_start_and_finish_do_nothing() -> None:
    heap.end_start()
    heap.finish()
    assert gc.isenabled() and gc.get_freeze_count() == 0


class _Recording:
    """A detector that notes whether the collector was on at each call."""

    def __init__(self) -> None:
        self.collecting: list[bool] = []

    def predict(self, documents: Sequence[Document]) -> list[Document]:
        self.collecting.append(gc.isenabled())
        return [Document(d.id, d.text) for d in documents]


def test_a_single_large_task_collects_again_after_its_first_batch() -> None:
    """A one-task run is bounded in memory: only its first batch runs paused."""
    detector = _Recording()
    job = Job(kind="detect", fmt="jsonl", detector=detector, batch_size=2)
    heap.pause()
    documents = [Document(f"n{i}", "text") for i in range(7)]
    found = detect_documents(job, documents, ["in.jsonl"] * 7)
    assert len(found) == 7
    assert detector.collecting == [False, True, True, True]
    assert gc.isenabled() and gc.get_freeze_count() > 0


def test_the_second_task_settles_a_paused_start_and_close_hands_all_back() -> None:
    heap.pause()
    before = gc.get_threshold()
    seen = []
    with Executor() as executor:
        calls = [(heap.end_start, ()), (gc.get_threshold, ()), (gc.isenabled, ())]
        seen.extend(executor.run(calls))
        assert gc.get_freeze_count() > 0
    assert seen[1:] == [(heap.YOUNG_THRESHOLD, *before[1:]), True]  # settled, collecting
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_one_note_detect_collects_nothing_before_its_note_is_detected(
    tmp_path: Path,
) -> None:
    """``deidkit detect`` starts with the collector paused (was ~110 collections while its
    modules, model and tables were made) and leaves it as it found it."""
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps({"id": "n1", "text": "Seen 3/14/2012."}) + "\n", encoding="utf-8")
    script = (
        "import gc, sys\n"
        "from deidkit.batch import job\n"
        "from deidkit.cli.main import main\n"
        "counts = {'before': 0, 'after': 0}\n"
        "detected = job.detect_documents\n"
        "def counting(*args):\n"
        "    result = detected(*args)\n"
        "    counts['detected'] = counts['before']\n"
        "    return result\n"
        "job.detect_documents = counting\n"
        "import deidkit.batch.tasks as tasks\n"
        "tasks.detect_documents = counting\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and counts.__setitem__("
        "'before', counts['before'] + 1))\n"
        f"code = main(['detect', {str(source)!r}, {str(tmp_path / 'out.jsonl')!r}])\n"
        "print(code, counts['detected'], gc.isenabled(), gc.get_freeze_count())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    )
    code, collections, enabled, frozen = done.stdout.split()[-4:]
    assert (code, collections, enabled, frozen) == ("0", "0", "True", "0")
