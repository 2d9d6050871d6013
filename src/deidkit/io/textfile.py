"""Reading text files safely: explicit UTF-8, no newline translation, clear errors."""

from __future__ import annotations

from pathlib import Path

from deidkit.errors import InputError


def read_text(path: Path, *, allow_empty: bool = False) -> str:
    """The text of a UTF-8 file, exactly as stored (a byte-order mark is kept).

    Raises InputError for missing, empty, binary or non-UTF-8 files.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", path=path, fix="check the path") from None
    except IsADirectoryError:
        raise InputError("expected a file, found a folder", path=path) from None
    except OSError as error:
        raise InputError(f"cannot read file ({error.strerror})", path=path) from None
    if not data and not allow_empty:
        raise InputError("file is empty", path=path, fix="remove it or add its content")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(
            f"binary data (NUL byte at byte offset {nul})",
            path=path,
            fix="give a text file",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(
            "invalid UTF-8",
            path=path,
            offset=error.start,
            fix="convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)",
        ) from None
