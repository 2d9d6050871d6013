"""Inline tags as in HIDE: ``<age>90</age> year old female, seen <date>6/22</date>``.

One document per ``.txt`` file (its id is the file name without ``.txt``); a folder holds
many. Tag names are labels: deidkit writes lower-cased canonical names (``<patient>``,
``<location_other>``), and the reader accepts any label deidkit knows in any case (HIDE's
``<id>`` is i2b2 2006 ``ID``, i.e. IDNUM). The name as written is kept in
``Span.source_label`` and written back.

The document text is the file text without the tags, with ``&lt;``, ``&gt;`` and ``&amp;``
decoded (any other ``&`` is literal). The writer escapes every ``&``, ``<`` and ``>`` that way,
so any text survives a round trip. A ``<`` that does not start a tag (``BP < 120``) is
literal; a tag-like ``<word>`` with a name that is not a label (nor one ``--label-map``
names) is an unknown-tag error (or, when unknown labels are dropped, a tag whose span is
dropped), and nested, unclosed or stray closing tags are errors naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import InputError
from deidkit.io.atomic import atomic_directory
from deidkit.io.base import CorpusFormat
from deidkit.io.common import (
    check_output_folder,
    make_document,
    make_span,
    unique_file_stems,
)
from deidkit.io.labelmap import is_tag_name, read_any_label, write_tag_name
from deidkit.io.schemes import drop_unknown
from deidkit.io.textfile import any_file, detect_files, folder_files, peek, read_text
from deidkit.types import Document, Span

_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9_-]*)>")
_ENTITIES = re.compile(r"&(lt|gt|amp);")
_DECODED = {"lt": "<", "gt": ">", "amp": "&"}


def _decode(chunk: str) -> str:
    return _ENTITIES.sub(lambda match: _DECODED[match.group(1)], chunk)


def parse(content: str, *, path: Path, doc_id: str) -> Document:
    """A document from inline-tagged text."""
    parts: list[str] = []
    length = 0
    spans: list[Span] = []
    open_tag: tuple[str, int, int] | None = None  # (name, start offset, line)
    position = 0
    position_line = 1  # the line of ``position``, counted on from tag to tag (linear)
    for match in _TAG.finditer(content):
        line = position_line + content.count("\n", position, match.start())
        position_line = line + content.count("\n", match.start(), match.end())
        chunk = _decode(content[position : match.start()])
        parts.append(chunk)
        length += len(chunk)
        position = match.end()
        closing, name = match.group(1) == "/", match.group(2)
        if not is_tag_name(name) and drop_unknown(name) is None:
            raise InputError(
                f"unknown tag (a <...> name of {len(name)} characters that is not a PHI label)",
                path=path,
                line=line,
                fix="use a PHI label as tag name (e.g. <patient>, <date>), map it with "
                "--label-map FILE (docs/formats.md), or write < as &lt;",
            )
        if not closing:
            if open_tag is not None:
                raise InputError(
                    f"tag <{name}> inside the unclosed tag <{open_tag[0]}> "
                    f"(opened at line {open_tag[2]})",
                    path=path,
                    line=line,
                    fix=f"close <{open_tag[0]}> first; tags cannot nest",
                )
            open_tag = (name, length, line)
            continue
        if open_tag is None or open_tag[0] != name:
            raise InputError(
                f"closing tag </{name}> without a matching opening tag",
                path=path,
                line=line,
                fix="remove it or add the opening tag",
            )
        label = read_any_label(name, path=path, line=open_tag[2], ignore_case=True)
        spans.append(
            make_span(
                open_tag[1],
                length,
                label,
                path=path,
                line=open_tag[2],
                text_length=length,
                source_label=name,
            )
        )
        open_tag = None
    if open_tag is not None:
        raise InputError(
            f"unclosed tag <{open_tag[0]}>",
            path=path,
            line=open_tag[2],
            fix=f"add the missing </{open_tag[0]}>",
        )
    parts.append(_decode(content[position:]))
    return make_document(doc_id, "".join(parts), spans, path=path)


def read(path: Path) -> Iterator[Document]:
    files = [path] if path.is_file() else folder_files(path, ".txt")
    if not files:
        raise InputError(
            "no .txt files in this folder", path=path, fix="give inline-tagged .txt files"
        )
    for file in files:
        yield parse(read_text(file), path=file, doc_id=file.stem)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tagged_text(document: Document) -> str:
    """The document text with its spans as inline tags."""
    parts: list[str] = []
    position = 0
    for span in document.spans:
        name = write_tag_name(span)
        parts.append(_escape(document.text[position : span.start]))
        parts.append(f"<{name}>{_escape(document.span_text(span))}</{name}>")
        position = span.end
    parts.append(_escape(document.text[position:]))
    return "".join(parts)


def write(documents: Iterable[Document], path: Path) -> None:
    check_output_folder(path)
    with atomic_directory(path) as folder:
        for document, stem in unique_file_stems(documents):
            with (folder / f"{stem}.txt").open("w", encoding="utf-8", newline="") as handle:
                handle.write(tagged_text(document))


def has_tags(path: Path) -> bool:
    """True if the start of a file has a complete inline tag with a label name."""
    head = peek(path)
    for match in _TAG.finditer(head):
        name = match.group(2)
        if match.group(1) == "" and is_tag_name(name) and f"</{name}>" in head:
            return True
    return False


def detect(path: Path) -> bool:
    """.txt files with inline tags (a folder that also holds .ann files is BRAT)."""
    return detect_files(path, ".txt", has_tags) and not (
        path.is_dir() and any_file(path, ".ann") is not None
    )


FORMAT = CorpusFormat(
    name="inline",
    description="inline tags as in HIDE (<age>90</age>), one document per .txt file",
    read=read,
    write=write,
    detect=detect,
    writes_folder=True,
    suffixes=(".txt",),
)
