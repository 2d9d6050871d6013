"""What a corpus format is: a reader, a writer and a way to recognise its files."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from deidkit.types import Document

Reader = Callable[[Path], Iterator[Document]]
Writer = Callable[[Iterable[Document], Path], None]


@dataclass(frozen=True, slots=True)
class CorpusFormat:
    """A corpus format.

    ``read`` streams documents from a file or folder; ``write`` writes documents atomically;
    ``detect`` says whether a path looks like this format (used when ``--format`` is not given);
    ``writes_folder`` tells whether the output path is a folder or a single file.
    """

    name: str
    description: str
    read: Reader
    write: Writer
    detect: Callable[[Path], bool]
    writes_folder: bool
    suffixes: tuple[str, ...] = ()
