"""Atomic output: a file or folder appears complete or not at all."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_file(path: Path, *, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """Open a temporary file next to ``path``; rename it over ``path`` only on success."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def atomic_write_text(path: Path, text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (no newline translation)."""
    with atomic_file(path, encoding=encoding) as handle:
        handle.write(text)


@contextlib.contextmanager
def atomic_directory(path: Path) -> Iterator[Path]:
    """Build a folder in a temporary sibling and move it to ``path`` only on success.

    Files already in ``path`` are kept unless the new folder has a file of the same name.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent))
    try:
        yield tmp
        if not path.exists():
            os.replace(tmp, path)
            return
        for item in sorted(tmp.rglob("*")):
            if item.is_file():
                target = path / item.relative_to(tmp)
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(item, target)
        shutil.rmtree(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
