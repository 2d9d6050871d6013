"""Plain text: a ``.txt`` file is one document (id = file name without ``.txt``); a folder of
``.txt`` files is a corpus. No spans: this is the input format for de-identification.

The text is kept exactly as stored (UTF-8, byte-order mark and ``\\r\\n`` kept). The writer
writes a folder of ``<id>.txt`` files and drops spans (use ``jsonl`` or ``brat`` to keep them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import InputError
from deidkit.io.atomic import atomic_directory
from deidkit.io.base import CorpusFormat
from deidkit.io.common import check_output_folder, make_document, unique_file_stems
from deidkit.io.textfile import detect_files, folder_files, read_text
from deidkit.types import Document


def read(path: Path) -> Iterator[Document]:
    files = [path] if path.is_file() else folder_files(path, ".txt")
    if not files:
        raise InputError(
            "no .txt files in this folder", path=path, fix="give a .txt file or a folder of them"
        )
    for file in files:
        yield make_document(file.stem, read_text(file), path=file)


def write(documents: Iterable[Document], path: Path) -> None:
    check_output_folder(path)
    with atomic_directory(path) as folder:
        for document, stem in unique_file_stems(documents):
            with (folder / f"{stem}.txt").open("w", encoding="utf-8", newline="") as handle:
                handle.write(document.text)


def detect(path: Path) -> bool:
    return detect_files(path, ".txt")


FORMAT = CorpusFormat(
    name="text",
    description="plain text: a .txt file or a folder of .txt files (no spans)",
    read=read,
    write=write,
    detect=detect,
    writes_folder=True,
    suffixes=(".txt",),
    carries_spans=False,
)
