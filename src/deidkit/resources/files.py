"""Small file helpers for resources: atomic gzip writes of text lines."""

from __future__ import annotations

import contextlib
import gzip
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary sibling; nothing is half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_name, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def write_gzip_lines(path: Path, lines: Iterable[str]) -> None:
    """Write UTF-8 lines gzip-compressed, reproducibly (no timestamp), atomically."""
    text = "".join(f"{line}\n" for line in lines)
    atomic_write_bytes(path, gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
