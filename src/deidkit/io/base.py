"""What a corpus format is: a reader, a writer and a way to recognise its files."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from deidkit.types import Document

Reader = Callable[..., Iterator[Document]]
"""``read(path, **options)``: stream documents; options are those named in ``read_options``."""

Writer = Callable[..., None]
"""``write(documents, path, **options)``: write atomically; options as in ``write_options``."""


@dataclass(frozen=True, slots=True)
class CorpusFormat:
    """A corpus format.

    ``read`` streams documents from a file or folder; ``write`` writes documents atomically;
    ``detect`` says whether a path looks like this format (used when ``--format`` is not given);
    ``writes_folder`` tells whether the output path is a folder or a single file;
    ``carries_spans`` is False for formats that hold text only (their writers drop spans);
    ``read_options`` / ``write_options`` name the keyword options the reader / writer accept.
    """

    name: str
    description: str
    read: Reader
    write: Writer
    detect: Callable[[Path], bool]
    writes_folder: bool
    suffixes: tuple[str, ...] = ()
    carries_spans: bool = True
    read_options: tuple[str, ...] = ()
    write_options: tuple[str, ...] = ()
