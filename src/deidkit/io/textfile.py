"""Reading text files safely: explicit UTF-8, no newline translation, clear errors.

Every reader goes through these helpers so that missing, empty, binary and non-UTF-8 files
give the same one-line errors, and so that offsets count characters exactly as stored (a
byte-order mark and ``\\r\\n`` line ends are kept).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import overload

from deidkit.errors import InputError

LOG = logging.getLogger("deidkit.io")

BOM = "\ufeff"
PEEK_BYTES = 4096


def check_name(path: Path) -> None:
    """Refuse a file whose name is not valid UTF-8 (its document id could not be written)."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(path).decode("utf-8", "backslashreplace")
        raise InputError(
            "the file name is not valid UTF-8", path=shown, fix="rename the file (UTF-8 names only)"
        ) from None


def _read_bytes(path: Path) -> bytes:
    check_name(path)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", path=path, fix="check the path") from None
    except IsADirectoryError:
        raise InputError("expected a file, found a folder", path=path) from None
    except OSError as error:
        raise InputError(f"cannot read file ({error.strerror})", path=path) from None


def _check_binary(data: bytes, path: Path, base: int = 0) -> None:
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(
            f"binary data (NUL byte at byte offset {base + nul})",
            path=path,
            fix="give a UTF-8 text file",
        )


def _decode(data: bytes, path: Path, *, base: int = 0, line: int | None = None) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(
            f"invalid UTF-8 at byte offset {base + error.start}",
            path=path,
            line=line,
            fix="convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)",
        ) from None


def read_text(path: Path, *, allow_empty: bool = False) -> str:
    """The text of a UTF-8 file, exactly as stored (a byte-order mark is kept).

    Raises InputError for missing, empty, binary or non-UTF-8 files.
    """
    data = _read_bytes(path)
    if not data and not allow_empty:
        raise InputError("file is empty", path=path, fix="remove it or add its content")
    _check_binary(data, path)
    return _decode(data, path)


def iter_lines(path: Path, *, allow_empty: bool = False) -> Iterator[tuple[int, str]]:
    """Stream ``(line_number, line)`` pairs of a UTF-8 file; lines keep their line ends.

    Only ``\\n`` ends a line (a ``\\r`` stays part of the line), so joining the lines gives the
    file back exactly. Errors name the file, the line and the byte offset.
    """
    check_name(path)
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        raise InputError("file not found", path=path, fix="check the path") from None
    except IsADirectoryError:
        raise InputError("expected a file, found a folder", path=path) from None
    except OSError as error:
        raise InputError(f"cannot read file ({error.strerror})", path=path) from None
    with handle:
        offset = 0
        number = 0
        for number, raw in enumerate(handle, start=1):
            _check_binary(raw, path, offset)
            yield number, _decode(raw, path, base=offset, line=number)
            offset += len(raw)
        if number == 0 and not allow_empty:
            raise InputError("file is empty", path=path, fix="remove it or add its content")


def peek(path: Path, size: int = PEEK_BYTES) -> str:
    """The first ``size`` bytes of a file as text (undecodable bytes replaced); '' if unreadable.

    For format detection only: never use the result as document text.
    """
    try:
        with path.open("rb") as handle:
            data = handle.read(size)
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")


class FolderFiles(Sequence[Path]):
    """The files of a folder, sorted by name, holding names only (a ``Path`` is made on access).

    A folder of 100,000 notes costs a list of 100,000 short strings, not of Path objects.
    """

    def __init__(self, folder: Path, names: list[str]) -> None:
        self.folder = folder
        self.names = names

    def __len__(self) -> int:
        return len(self.names)

    @overload
    def __getitem__(self, index: int) -> Path: ...

    @overload
    def __getitem__(self, index: slice) -> list[Path]: ...

    def __getitem__(self, index: int | slice) -> Path | list[Path]:
        if isinstance(index, slice):
            return [self.folder / name for name in self.names[index]]
        return self.folder / self.names[index]

    def __iter__(self) -> Iterator[Path]:
        for name in self.names:
            yield self.folder / name


def _scan(folder: Path) -> Iterator[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.startswith("."):
                    yield entry
    except FileNotFoundError:
        raise InputError("folder not found", path=folder, fix="check the path") from None
    except NotADirectoryError:
        raise InputError("expected a folder, found a file", path=folder) from None
    except OSError as error:
        raise InputError(f"cannot list folder ({error.strerror})", path=folder) from None


def folder_files(folder: Path, suffix: str) -> FolderFiles:
    """The files directly in ``folder`` whose name ends with ``suffix`` (case-insensitive),
    sorted by name; hidden entries (starting with ``.``) and sub-folders are skipped, and a
    warning on the ``deidkit.io`` logger says how many. Only names are held."""
    suffix = suffix.lower()
    names: list[str] = []
    subfolders = 0
    for entry in _scan(folder):
        if entry.is_dir():
            subfolders += 1
        elif entry.name.lower().endswith(suffix) and entry.is_file():
            names.append(entry.name)
    hidden = _hidden_entries(folder)
    if hidden or subfolders:
        LOG.warning(
            "%s: skipped %d hidden file(s) or folder(s) and %d sub-folder(s); only the %s "
            "files directly in the folder are read",
            folder, hidden, subfolders, suffix,
        )  # fmt: skip
    names.sort()
    return FolderFiles(folder, names)


def _hidden_entries(folder: Path) -> int:
    try:
        with os.scandir(folder) as entries:
            return sum(1 for entry in entries if entry.name.startswith("."))
    except OSError:
        return 0


def list_files(folder: Path, suffix: str) -> list[Path]:
    """Like ``folder_files`` but as a list of paths (for small folders)."""
    return list(folder_files(folder, suffix))


def any_file(folder: Path, suffix: str) -> Path | None:
    """Some file of ``folder`` ending with ``suffix`` (the first the folder lists), or None.

    For detection: stops at the first match instead of listing a large folder.
    """
    suffix = suffix.lower()
    try:
        for entry in _scan(folder):
            if entry.name.lower().endswith(suffix) and entry.is_file():
                return folder / entry.name
    except InputError:
        return None
    return None


def detect_files(
    path: Path, suffix: str, looks_like: Callable[[Path], bool] | None = None
) -> bool:
    """Format detection for the formats stored as ``suffix`` files: ``path`` is such a file,
    or a folder holding one; with ``looks_like``, that file (for a folder, the first one the
    folder lists) must also pass it."""
    if path.is_dir():
        first = any_file(path, suffix)
        return first is not None and (looks_like is None or looks_like(first))
    return path.suffix.lower() == suffix and (looks_like is None or looks_like(path))


def head_has(*markers: str, size: int = PEEK_BYTES) -> Callable[[Path], bool]:
    """A ``looks_like`` check for ``detect_files``: the first ``size`` bytes of a file contain
    every one of ``markers``."""

    def looks_like(path: Path) -> bool:
        head = peek(path, size)
        return all(marker in head for marker in markers)

    return looks_like
