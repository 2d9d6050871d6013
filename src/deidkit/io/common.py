"""Helpers shared by the format modules: building checked documents, span text checks,
XML entities, document file names and output paths."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from deidkit.errors import DeidkitError, InputError, OutputError, SpanError
from deidkit.io.schemes import without_dropped
from deidkit.types import Document, Span

_WHITESPACE = re.compile(r"\s+")


def make_span(
    start: int,
    end: int,
    label: str,
    *,
    path: Path,
    line: int | None = None,
    record: str | None = None,
    text_length: int,
    source_label: str | None = None,
    span_id: str | None = None,
) -> Span:
    """A gold span, with an InputError (file, record, line, offsets) when it cannot be one."""
    if start < 0 or end <= start:
        raise InputError(
            f"span {start}-{end} is inverted or empty",
            path=path,
            record=record,
            line=line,
            fix="a span needs 0 <= start < end",
        )
    if end > text_length:
        raise InputError(
            f"span {start}-{end} ends past the end of the text (length {text_length})",
            path=path,
            record=record,
            line=line,
            fix="correct the offsets or give the matching text file",
        )
    return Span(start, end, label, source_label=source_label, source="gold", id=span_id)


def make_document(
    doc_id: str,
    text: str,
    spans: Iterable[Span] = (),
    *,
    path: Path,
    record: str | None = None,
    line: int | None = None,
    patient_id: str | None = None,
    note_id: str | None = None,
    note_type: str | None = None,
    note_date: str | None = None,
    metadata: Mapping[str, str] | None = None,
) -> Document:
    """A Document whose checks (overlapping spans, ...) raise InputError naming the file.
    Spans whose corpus label the read drops (a label map's ``ignore``) are left out first."""
    try:
        return Document(
            id=doc_id,
            text=text,
            spans=tuple(without_dropped(spans)),
            patient_id=patient_id,
            note_id=note_id,
            note_type=note_type,
            note_date=note_date,
            metadata=dict(metadata or {}),
        )
    except SpanError as error:
        raise InputError(
            error.message,
            path=path,
            record=record,
            line=line,
            fix="remove or correct one of the two spans",
            code=error.code,
        ) from None


def same_text(annotated: str, actual: str) -> bool:
    """True if an annotation's text equals the document text, whitespace runs aside.

    Annotation files store span text on one line (BRAT joins fragments with a space,
    PhysioNet and XML attributes turn line breaks into spaces), so each run of whitespace is
    compared as one space; leading and trailing whitespace still count.
    """
    return annotated == actual or _WHITESPACE.sub(" ", annotated) == _WHITESPACE.sub(" ", actual)


def text_mismatch(
    span: Span, *, path: Path, line: int | None = None, record: str | None = None
) -> InputError:
    """The error for an annotation whose text is not the document text at its offsets."""
    return InputError(
        f"annotation text does not match the document text at {span.start}-{span.end} "
        f"({span.label})",
        path=path,
        record=record,
        line=line,
        fix="correct the offsets, or check that the annotation belongs to this text file",
    )


def as_input_error(error: DeidkitError, *, path: Path, line: int | None = None) -> InputError:
    """An InputError naming the file for a lower-level deidkit error."""
    if isinstance(error, InputError):
        return error
    return InputError(error.message, path=path, line=line, code=error.code)


# --- XML entities ---------------------------------------------------------------------------

_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def xml_unescape(
    text: str, *, path: Path, line: int | None = None, record: str | None = None
) -> str:
    """Decode the five XML entities and numeric character references; reject anything else.

    ``line`` is the line of the first character of ``text``; errors name the line of the
    offending character.
    """
    if "&" not in text:
        return text

    def error(problem: str, fix: str, position: int) -> InputError:
        at = None if line is None else line + text.count("\n", 0, position)
        return InputError(problem, path=path, record=record, line=at, fix=fix)

    parts: list[str] = []
    position = 0
    for match in _ENTITY.finditer(text):
        bare = text.find("&", position, match.start())
        if bare >= 0:
            raise error("unescaped '&'", "write a literal ampersand as &amp;", bare)
        parts.append(text[position : match.start()])
        name = match.group(1)
        if name.startswith("#"):
            try:
                value = int(name[2:], 16) if name[1] in "xX" else int(name[1:])
                if 0xD800 <= value <= 0xDFFF:  # a lone surrogate: no text can be written
                    raise ValueError(value)
                parts.append(chr(value))
            except (ValueError, OverflowError):
                raise error(
                    "invalid character reference (not a Unicode character)",
                    "use a valid Unicode code point (not a lone surrogate)",
                    match.start(),
                ) from None
        elif name in _NAMED:
            parts.append(_NAMED[name])
        else:
            raise error(
                "unknown XML entity (its name is not quoted)",
                "use &amp; &lt; &gt; &quot; &apos; or a numeric reference",
                match.start(),
            )
        position = match.end()
    bare = text.find("&", position)
    if bare >= 0:
        raise error("unescaped '&'", "write a literal ampersand as &amp;", bare)
    parts.append(text[position:])
    return "".join(parts)


def xml_escape_text(text: str) -> str:
    """Escape element text (``&``, ``<``, ``>``; ``\\r`` as ``&#13;`` so parsers keep it)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def xml_escape_attribute(text: str) -> str:
    """Escape a double-quoted attribute value."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


# --- output ---------------------------------------------------------------------------------

_UNSAFE_NAME = re.compile(r'[/\\\x00-\x1f<>:"|?*]')


def file_stem(document: Document) -> str:
    """The file name stem for a document in a folder format: its id, checked to be safe."""
    return safe_file_stem(document.id)


def safe_file_stem(name: str) -> str:
    """A document id checked to be safe as a file name stem (OutputError if not)."""
    if not name or name in {".", ".."} or name.startswith(".") or _UNSAFE_NAME.search(name):
        raise OutputError(
            f"a document id ({len(name)} characters) cannot be used as a file name; give "
            "documents ids without "
            '/ \\ : * ? " < > | or control characters, not starting with a dot'
        )
    return name


class UniqueIds:
    """Remembers document ids while writing; a repeated id is an OutputError."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def add(self, document_id: str, *, case_insensitive: bool = False) -> None:
        key = document_id.casefold() if case_insensitive else document_id
        if key in self._seen:
            raise OutputError(
                "two documents have the same id; give every document a unique id"
            )
        self._seen.add(key)


def unique_file_stems(documents: Iterable[Document]) -> Iterator[tuple[Document, str]]:
    """Each document with its checked, unique (case-insensitively) file stem."""
    ids = UniqueIds()
    for document in documents:
        stem = file_stem(document)
        ids.add(stem, case_insensitive=True)
        yield document, stem


def check_output_folder(path: Path) -> None:
    """A folder format's output path must not be an existing file."""
    if path.exists() and not path.is_dir():
        raise OutputError(
            f"{path}: this format writes a folder but the path is a file; give a folder path"
        )


def check_output_file(path: Path) -> None:
    """A single-file format's output path must not be an existing folder."""
    if path.is_dir():
        raise OutputError(
            f"{path}: this format writes a single file but the path is a folder; give a file path"
        )


def metadata_without(metadata: Mapping[str, str], prefix: str) -> dict[str, str]:
    """Metadata minus the keys a format keeps for itself (they start with ``prefix``)."""
    return {key: value for key, value in metadata.items() if not key.startswith(prefix)}
