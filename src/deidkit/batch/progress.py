"""The progress bar of a batch run (on stderr): documents, documents per second, time left."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class _Rate(ProgressColumn):
    """Documents per second over the last seconds."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} docs/s", style="progress.data.speed")


@contextlib.contextmanager
def bar(
    description: str, total: int | None, completed: int = 0, *, enabled: bool | None = None
) -> Iterator[Callable[[int], None]]:
    """A context giving ``advance(documents)``; ``enabled=None`` shows the bar only when
    stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield lambda count: None
        return
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
    )
    with progress:
        task = progress.add_task(description, total=total, completed=completed)

        def advance(count: int) -> None:
            progress.advance(task, count)

        yield advance
