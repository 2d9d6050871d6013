"""The progress bar of a batch run (on stderr): documents, documents per second, time left."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import ProgressColumn


def _rate_column() -> ProgressColumn:
    """Documents per second over the last seconds."""
    from rich.progress import ProgressColumn, Task  # lazy: rich loads only to show a bar
    from rich.text import Text  # lazy: as above

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            text = "" if speed is None else f"{speed:,.0f} docs/s"
            return Text(text, style="progress.data.speed")

    return Rate()


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
    from rich.console import Console  # lazy: rich loads only to show a bar (~0.05 CPU s)
    from rich.progress import (  # lazy: as above
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _rate_column(),
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
