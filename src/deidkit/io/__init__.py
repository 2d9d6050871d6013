"""Corpus readers and writers, one module per format, and format detection.

Use ``read_documents(path, format=None)`` and ``write_documents(documents, path, format)``;
``FORMATS`` is the explicit registry of every format deidkit reads and writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import FormatError, InputError
from deidkit.io import jsonl
from deidkit.io.base import CorpusFormat
from deidkit.types import Document

FORMATS: dict[str, CorpusFormat] = {fmt.name: fmt for fmt in (jsonl.FORMAT,)}
"""Every supported format by name. Detection tries them in this order."""


def get_format(name: str) -> CorpusFormat:
    try:
        return FORMATS[name]
    except KeyError:
        raise FormatError(
            f"unknown format {name!r}", fix=f"use one of: {', '.join(FORMATS)}"
        ) from None


def detect_format(path: Path) -> CorpusFormat:
    """The format of a file or folder, from its name and (cheaply) its content."""
    if not path.exists():
        raise InputError("no such file or folder", path=path, fix="check the path")
    for fmt in FORMATS.values():
        if fmt.detect(path):
            return fmt
    raise FormatError(
        "cannot tell the format",
        path=path,
        fix=f"pass --format (one of: {', '.join(FORMATS)})",
    )


def read_documents(path: Path, format: str | None = None) -> Iterator[Document]:
    """Stream the documents of a corpus file or folder."""
    fmt = get_format(format) if format else detect_format(path)
    if not path.exists():
        raise InputError("no such file or folder", path=path, fix="check the path")
    return fmt.read(path)


def write_documents(documents: Iterable[Document], path: Path, format: str) -> None:
    """Write documents atomically in the named format."""
    get_format(format).write(documents, path)


__all__ = [
    "FORMATS",
    "CorpusFormat",
    "detect_format",
    "get_format",
    "read_documents",
    "write_documents",
]
