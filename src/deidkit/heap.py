"""The garbage collector while a process starts and then works: one policy, kept here.

A process that runs a command or batch tasks first makes objects that stay to its end:
modules, a model, its feature tables, lexicons and surrogate pools (about 300,000 tracked
objects for the English default). Collecting while they are made scans them again and
again for nothing (about 110 collections, ~0.07 CPU s of a one-note ``deidkit detect``),
and so does every later full collection. So:

- ``pause()``: the collector off from the process's start (the command line's ``main``
  for the commands that run the batch runner, a ``--jobs`` worker's start), if it is on and
  nothing is frozen (a collector someone else turned off or froze is theirs: left alone).
- ``end_start()``: once the process has detected its first batch of documents (its model
  and tables are built: ``batch.job.detect_documents``), or hands its tasks to other
  processes (``batch.executors.make_executor``): what the start made is frozen as it is
  (``gc.freeze``: no collection, so the start's few garbage cycles, a bounded amount, stay
  with it) and the collector is back on. A run of one huge task therefore collects as
  before after its first batch: memory stays bounded.
- ``settle()``: before a process's second task (the first built the rest: surrogate pools,
  new word types), collect, freeze what is alive and raise the youngest generation's
  threshold to ``YOUNG_THRESHOLD`` (a note makes tens of thousands of short-lived dicts and
  lists, nearly all freed by reference counting); ``restore()`` hands all of it back when
  the executor closes, and ``finish()`` what ``pause`` did when ``main`` returns (a
  process about to end keeps its start frozen: see ``finish``).

Only ``pause`` starts any of this for a start-up; the Python API and the service never call
it, so there ``end_start`` and ``finish`` do nothing and ``settle`` / ``restore`` work as
they always did (a stage of one task, as a one-note call, settles nothing).
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations (less deallocations) between collections of the youngest generation."""

_paused = False  # pause() turned the collector off; end_start() has not turned it on yet
_frozen_at_start = False  # end_start() froze the start's objects; finish() thaws them


def pause() -> None:
    """Turn the collector off for the process's start (see the module docstring)."""
    global _paused
    if gc.isenabled() and not gc.get_freeze_count() and not _frozen_at_start:
        gc.disable()
        _paused = True


def end_start() -> None:
    """Freeze what the start made and turn the collector back on, if ``pause`` turned it
    off; else nothing (a cheap check: it is called at every batch of documents)."""
    global _paused, _frozen_at_start
    if not _paused:
        return
    _paused = False
    gc.freeze()
    _frozen_at_start = True
    gc.enable()


def settle() -> tuple[int, ...] | None:
    """Collect, freeze every object alive now and raise the youngest generation's threshold;
    returns the thresholds to restore, or None (and nothing done) if the collector is off or
    something else froze objects already (a freeze by ``end_start`` is this policy's own)."""
    end_start()
    if not gc.isenabled() or (gc.get_freeze_count() and not _frozen_at_start):
        return None
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(max(thresholds[0], YOUNG_THRESHOLD), *thresholds[1:])
    return thresholds


def restore(thresholds: tuple[int, ...]) -> None:
    """Undo ``settle`` (and the start's freeze with it)."""
    global _frozen_at_start
    gc.set_threshold(*thresholds)
    gc.unfreeze()
    _frozen_at_start = False


def finish(*, thaw: bool = True) -> None:
    """Hand back what ``pause`` and ``end_start`` did, if they did anything: the collector
    on and (``thaw``) the start's objects thawed, so that a process that calls ``main``
    again, as tests do, finds the collector as it was. A process about to end keeps them
    frozen (``thaw=False``): the interpreter's last collection at exit skips frozen objects,
    and would otherwise scan every object of the start once more (~0.1 CPU s: a paused
    start leaves ~300,000 tracked objects that its collections would have untracked)."""
    global _frozen_at_start
    end_start()
    if _frozen_at_start and thaw:
        gc.unfreeze()
        _frozen_at_start = False
