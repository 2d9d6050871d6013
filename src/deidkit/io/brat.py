"""BRAT standoff: a folder of ``<id>.txt`` + ``<id>.ann`` pairs (MEDDOCAN's format).

``.ann`` entity lines are ``T3<TAB>LABEL start end<TAB>text`` with 0-based, end-exclusive
character offsets into the ``.txt`` exactly as stored (a UTF-8 byte-order mark counts as one
character, as in MEDDOCAN). The BRAT id goes to ``Span.id`` and the label to
``Span.source_label``, so read -> write gives the same bytes, line order included.

Policies:
- a discontinuous span (``0 4;5 9``) whose fragments are separated by whitespace only (a
  line break) becomes one span from the first start to the last end; the writer splits a
  span at line breaks the same way. Fragments with other text between them are an error.
- relation, event, attribute, normalisation and note lines (``R``, ``E``, ``A``, ``M``,
  ``N``, ``#``, ``*``) are kept verbatim in ``Document.metadata["brat.extra"]`` and written
  back; writing fails if one refers to an entity that no longer exists.
- a ``.txt`` without ``.ann`` is a document without spans; an ``.ann`` without ``.txt`` is
  an error.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import InputError, OutputError
from deidkit.io.atomic import atomic_directory
from deidkit.io.base import CorpusFormat
from deidkit.io.common import (
    check_output_folder,
    make_document,
    make_span,
    same_text,
    text_mismatch,
    unique_file_stems,
)
from deidkit.io.labelmap import read_any_label, write_any_label
from deidkit.io.textfile import detect_files, folder_files, read_text
from deidkit.types import Document, Span

EXTRA_KEY = "brat.extra"
ORDER_KEY = "brat.order"

_ENTITY_ID = re.compile(r"T\d+")
_FRAGMENT = re.compile(r"([0-9]{1,18}) ([0-9]{1,18})")  # ASCII digits only ("²" is \d)
_EXTRA_PREFIXES = ("R", "E", "A", "M", "N", "#", "*")
_ENTITY_REFERENCE = re.compile(r"(?<![A-Za-z0-9])T\d+(?![0-9])")


def _id_number(span_id: str | None) -> int:
    if span_id is not None and _ENTITY_ID.fullmatch(span_id):
        return int(span_id[1:])
    return 1 << 62


def _default_order(spans: Iterable[Span]) -> list[str]:
    ordered = sorted(spans, key=lambda span: (_id_number(span.id), span.start, span.end))
    return [str(span.id) for span in ordered]


def _parse_fragments(
    field: str, text: str, *, path: Path, line: int, record: str
) -> tuple[int, int]:
    fragments: list[tuple[int, int]] = []
    for part in field.split(";"):
        match = _FRAGMENT.fullmatch(part.strip())
        if match is None:
            raise InputError(
                "malformed offsets in an entity line",
                path=path,
                record=record,
                line=line,
                fix="write 'T1<TAB>LABEL start end<TAB>text'",
            )
        fragments.append((int(match.group(1)), int(match.group(2))))
    for (_, end), (start, _) in itertools.pairwise(fragments):
        if start < end or (end <= len(text) and text[end:start].strip()):
            raise InputError(
                f"discontinuous annotation whose fragments ({end}-{start}) are not separated "
                "by whitespace only",
                path=path,
                record=record,
                line=line,
                fix="deidkit keeps contiguous spans only: split it into separate T annotations",
            )
    return fragments[0][0], fragments[-1][1]


def _read_ann(ann_path: Path, text: str, record: str) -> tuple[list[Span], list[str], list[str]]:
    """Spans, extra (non-entity) lines and the id order of all lines of an ``.ann`` file."""
    spans: list[Span] = []
    extras: list[str] = []
    order: list[str] = []
    seen: set[str] = set()
    content = read_text(ann_path, allow_empty=True)
    for number, raw in enumerate(content.split("\n"), start=1):
        line = raw.removesuffix("\r")
        if not line.strip():
            continue
        ann_id = line.split("\t", 1)[0]
        if ann_id in seen:
            raise InputError(
                f"duplicate annotation id {ann_id}",
                path=ann_path,
                line=number,
                fix="give every annotation line a unique id",
            )
        seen.add(ann_id)
        order.append(ann_id)
        if not ann_id.startswith("T"):
            if not ann_id.startswith(_EXTRA_PREFIXES):
                raise InputError(
                    "unrecognised annotation line",
                    path=ann_path,
                    line=number,
                    fix="BRAT lines start with an id such as T1, R1, E1, A1, N1 or #1",
                )
            extras.append(line)
            continue
        fields = line.split("\t", 2)
        if not _ENTITY_ID.fullmatch(ann_id) or len(fields) < 2 or " " not in fields[1]:
            raise InputError(
                "malformed entity line",
                path=ann_path,
                line=number,
                fix="write 'T1<TAB>LABEL start end<TAB>text'",
            )
        label_name, _, offsets = fields[1].partition(" ")
        start, end = _parse_fragments(offsets, text, path=ann_path, line=number, record=record)
        label = read_any_label(label_name, path=ann_path, line=number)
        span = make_span(
            start,
            end,
            label,
            path=ann_path,
            line=number,
            text_length=len(text),
            source_label=label_name,
            span_id=ann_id,
        )
        if len(fields) == 3 and not same_text(fields[2], text[start:end]):
            raise text_mismatch(span, path=ann_path, line=number)
        spans.append(span)
    return spans, extras, order


def _read_pair(txt_path: Path | None, ann_path: Path | None, stem: str) -> Document:
    if txt_path is None:
        raise InputError(
            "annotation file without its text file (no .txt of the same name)",
            path=ann_path or Path(f"{stem}.ann"),
            fix="add the .txt file or remove the .ann",
        )
    text = read_text(txt_path)
    if ann_path is None:
        return make_document(stem, text, path=txt_path)
    spans, extras, order = _read_ann(ann_path, text, stem)
    metadata: dict[str, str] = {}
    if extras:
        metadata[EXTRA_KEY] = "\n".join(extras)
    default = _default_order(spans) + [line.split("\t", 1)[0] for line in extras]
    if order != default:
        metadata[ORDER_KEY] = " ".join(order)
    return make_document(stem, text, spans, path=ann_path, metadata=metadata)


def read(path: Path) -> Iterator[Document]:
    if path.is_file():
        suffix = path.suffix.lower()
        if suffix not in {".txt", ".ann"}:
            raise InputError(
                "a BRAT document is a .txt file with an .ann file of the same name",
                path=path,
                fix="give the folder, the .txt or the .ann file",
            )
        txt = path.with_suffix(".txt")
        ann = path.with_suffix(".ann")
        yield _read_pair(txt if txt.exists() else None, ann if ann.exists() else None, path.stem)
        return
    texts = {name[:-4] for name in folder_files(path, ".txt").names}
    annotations = {name[:-4] for name in folder_files(path, ".ann").names}
    if not texts and not annotations:
        raise InputError(
            "no .txt or .ann files in this folder",
            path=path,
            fix="give a folder of BRAT .txt/.ann pairs",
        )
    for stem in sorted(texts | annotations):
        yield _read_pair(
            path / f"{stem}.txt" if stem in texts else None,
            path / f"{stem}.ann" if stem in annotations else None,
            stem,
        )


# --- writing --------------------------------------------------------------------------------


def _fragments(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The fragments of a span, split at line breaks (BRAT text fields are one line).

    The first fragment starts at the span's start and the last ends at its end, so a span
    that starts or ends with a line break keeps its exact offsets.
    """
    fragments: list[tuple[int, int]] = []
    position = start
    for piece in re.split(r"(\r\n|\r|\n)", text[start:end]):
        if piece and piece not in {"\r\n", "\r", "\n"}:
            fragments.append((position, position + len(piece)))
        position += len(piece)
    if not fragments:
        return [(start, end)]
    fragments[0] = (start, fragments[0][1])
    fragments[-1] = (fragments[-1][0], end)
    return fragments


def _entity_line(document: Document, span: Span, span_id: str) -> str:
    fragments = _fragments(document.text, span.start, span.end)
    offsets = ";".join(f"{start} {end}" for start, end in fragments)
    shown = " ".join(document.text[start:end] for start, end in fragments)
    shown = re.sub(r"\r\n|\r|\n", " ", shown)
    return f"{span_id}\t{write_any_label(span)} {offsets}\t{shown}"


def _span_ids(spans: tuple[Span, ...]) -> list[str]:
    """A unique BRAT id per span: its own ``T<n>`` id when it has one, else a new one."""
    used = {span.id for span in spans if span.id and _ENTITY_ID.fullmatch(span.id)}
    next_number = max((int(span_id[1:]) for span_id in used if span_id), default=0) + 1
    ids: list[str] = []
    taken: set[str] = set()
    for span in spans:
        if span.id and _ENTITY_ID.fullmatch(span.id) and span.id not in taken:
            ids.append(span.id)
        else:
            ids.append(f"T{next_number}")
            next_number += 1
        taken.add(ids[-1])
    return ids


def ann_text(document: Document) -> str:
    """The ``.ann`` content for a document."""
    spans = document.spans
    ids = _span_ids(spans)
    lines = {
        span_id: _entity_line(document, span, span_id)
        for span, span_id in zip(spans, ids, strict=True)
    }
    extra_lines = [line for line in document.metadata.get(EXTRA_KEY, "").split("\n") if line]
    extras: dict[str, str] = {}
    for line in extra_lines:
        extra_id = line.split("\t", 1)[0]
        fields = line.split("\t")
        references = _ENTITY_REFERENCE.findall(fields[1] if len(fields) > 1 else "")
        missing = [reference for reference in references if reference not in lines]
        if missing:
            raise OutputError(
                f"document {document.id}: BRAT line {extra_id} refers to {missing[0]}, which "
                f"is not among the document's spans; drop '{EXTRA_KEY}' from its metadata"
            )
        extras[extra_id] = line
    wanted = document.metadata.get(ORDER_KEY, "").split()
    entity_order = sorted(ids, key=lambda span_id: (_id_number(span_id), span_id))
    order = [key for key in wanted if key in lines or key in extras]
    placed = set(order)
    order += [key for key in entity_order + list(extras) if key not in placed]
    every = {**lines, **extras}
    return "".join(every[key] + "\n" for key in order)


def write(documents: Iterable[Document], path: Path) -> None:
    check_output_folder(path)
    with atomic_directory(path) as folder:
        for document, stem in unique_file_stems(documents):
            content = ann_text(document)
            with (folder / f"{stem}.txt").open("w", encoding="utf-8", newline="") as handle:
                handle.write(document.text)
            with (folder / f"{stem}.ann").open("w", encoding="utf-8", newline="") as handle:
                handle.write(content)


def detect(path: Path) -> bool:
    """.ann files (or a folder of them), or a .txt file with its .ann beside it."""
    if detect_files(path, ".ann"):
        return True
    txt = path.suffix.lower() == ".txt" and not path.is_dir()
    return txt and path.with_suffix(".ann").is_file()


FORMAT = CorpusFormat(
    name="brat",
    description="BRAT standoff: a folder of .txt + .ann pairs (MEDDOCAN)",
    read=read,
    write=write,
    detect=detect,
    writes_folder=True,
    suffixes=(".ann",),
)
