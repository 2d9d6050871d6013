"""JSON Lines: one document per line with its spans; deidkit's interchange format.

Each line is ``Document.to_dict()``: ``{"id", "text", "spans": [{"start", "end", "label",
...}], "patient_id"?, "note_id"?, "note_type"?, "note_date"?, "metadata"?}``. Everything a
Document holds survives a round trip. The file is read line by line (streaming). A span's
``label`` may be any label deidkit knows or one a label map names (``--label-map``): it is
read as a BRAT label is, and a label that is not canonical is kept as ``source_label``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from deidkit.errors import DeidkitError, InputError
from deidkit.io.atomic import atomic_file
from deidkit.io.base import CorpusFormat
from deidkit.io.common import UniqueIds, check_output_file
from deidkit.io.labelmap import read_span_items
from deidkit.io.schemes import label_reading
from deidkit.io.textfile import BOM, iter_lines
from deidkit.types import Document

_OPTIONAL_STRINGS = ("patient_id", "note_id", "note_type", "note_date")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _may_hold_lone_surrogate(line: str) -> bool:
    """False when no string decoded from the JSON ``line`` can hold a surrogate: the line
    holds none itself (it encodes as UTF-8) and no ``\\u`` escape of one. ~1.5 µs a line, where
    walking the decoded value costs ~35 (a note's spans are many small dicts)."""
    if _SURROGATE_ESCAPE.search(line) is not None:
        return True
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _has_lone_surrogate(value: object) -> bool:
    """Whether any string in a decoded JSON value holds a lone surrogate."""
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(item) for item in value)
    return False


def document_from_line(line: str, path: Path, number: int | None) -> Document:
    """One JSON line as a Document; errors name ``path`` and line ``number`` (None: no line
    number, e.g. when the caller reads by byte offset)."""
    try:
        data = json.loads(line.rstrip("\r\n"))
    except json.JSONDecodeError as error:
        raise InputError(
            f"invalid JSON at column {error.colno}",
            path=path,
            line=number,
            fix="each line must be one JSON object",
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise InputError(
            "a number in the JSON is too long",
            path=path,
            line=number,
            fix="give offsets as integers of at most a few digits",
        ) from None
    except RecursionError:
        raise InputError(
            "JSON nested too deeply",
            path=path,
            line=number,
            fix="give metadata as a flat object of strings and numbers",
        ) from None
    if not isinstance(data, dict) or "text" not in data or "id" not in data:
        raise InputError(
            "a line is not a document object with 'id' and 'text'",
            path=path,
            line=number,
            fix='write {"id": ..., "text": ..., "spans": [...]} on each line',
        )
    if not isinstance(data["text"], str):
        raise InputError(
            "'text' is not a string", path=path, line=number, fix="give the note text as a string"
        )
    for field in ("id", *_OPTIONAL_STRINGS):
        if not isinstance(data.get(field, ""), str | None) or (field == "id" and not data[field]):
            raise InputError(
                f"'{field}' is not a string" + (" (or is empty)" if field == "id" else ""),
                path=path,
                line=number,
                fix=f"give '{field}' as a JSON string",
            )
    try:
        lone = _may_hold_lone_surrogate(line) and _has_lone_surrogate(data)
    except RecursionError:
        lone = True
    if lone:
        raise InputError(
            "a lone surrogate code point (\\ud800-\\udfff without its pair) in a string",
            path=path,
            line=number,
            fix="fix the text's encoding: such a character cannot be written as UTF-8",
        )
    try:
        spans = read_span_items(data.get("spans", []), path=path, line=number)
        document = Document.from_dict({**data, "spans": ()}).with_spans(spans)
    except InputError:
        raise
    except DeidkitError as error:
        raise InputError(error.message, path=path, line=number, code=error.code) from None
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as error:
        raise InputError(
            f"malformed span or field ({type(error).__name__})",
            path=path,
            line=number,
            fix="each span needs integer 'start', 'end' and a 'label'",
        ) from None
    return document


def line_reader(read_options: Mapping[str, str]) -> Callable[[str, Path, int | None], Document]:
    """``document_from_line`` with the label options of ``read_options`` (``label_map``,
    ``unknown_labels``; see ``deidkit.io.schemes``), for callers that read JSON Lines one
    line at a time (a batch run's line chunks)."""
    reading = label_reading(read_options)
    if reading is None:
        return document_from_line

    def read_line(line: str, path: Path, number: int | None) -> Document:
        with reading.active():
            return reading.kept(document_from_line(line, path, number))

    return read_line


def read(path: Path) -> Iterator[Document]:
    seen: set[str] = set()
    for number, line in iter_lines(path):
        if number == 1:
            line = line.removeprefix(BOM)
        if not line.strip():
            continue
        document = document_from_line(line, path, number)
        if document.id in seen:
            raise InputError(
                "duplicate document id (an earlier line has the same id)",
                path=path,
                line=number,
                fix="give every document a unique id",
            )
        seen.add(document.id)
        yield document


def document_line(data: dict[str, Any]) -> str:
    """The line (without its newline) of a document given as ``Document.to_dict()``."""
    return json.dumps(data, ensure_ascii=False)


def write(documents: Iterable[Document], path: Path) -> None:
    """Refuses two documents with one id (the reader would refuse the file)."""
    ids = UniqueIds()

    def lines() -> Iterator[str]:
        for document in documents:
            ids.add(document.id)
            yield document_line(document.to_dict())

    write_lines(lines(), path)


def write_lines(lines: Iterable[str], path: Path) -> None:
    """``write`` for documents already made into lines by ``document_line`` (a batch run keeps
    its results so and copies them into the output)."""
    check_output_file(path)
    with atomic_file(path) as handle:
        for line in lines:
            handle.write(line)
            handle.write("\n")


def detect(path: Path) -> bool:
    return path.is_file() and path.suffix.lower() in {".jsonl", ".ndjson"}


FORMAT = CorpusFormat(
    name="jsonl",
    description="JSON Lines, one document with its spans per line (interchange format)",
    read=read,
    write=write,
    detect=detect,
    writes_folder=False,
    suffixes=(".jsonl", ".ndjson"),
)
