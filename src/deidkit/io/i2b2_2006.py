"""i2b2 2006 de-identification XML: ``<ROOT><RECORD ID=".."><TEXT>`` with inline PHI tags.

One file holds many records::

    <ROOT>
    <RECORD ID="1">
    <TEXT>
    Seen by Dr. <PHI TYPE="DOCTOR">Lee</PHI> on <PHI TYPE="DATE">3/14</PHI>.
    </TEXT>
    </RECORD>
    </ROOT>

A document's text is the content of ``<TEXT>`` with the PHI tags removed and XML entities
decoded; span offsets count characters of that tag-free text. The record ``ID`` becomes the
document id. The file is read with a scanner that tracks line numbers, so a malformed,
unclosed or unknown tag (the public 2006 training file has an unclosed one) is reported with
its record and line. A folder of such ``.xml`` files is read file by file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import InputError
from deidkit.io.atomic import atomic_file
from deidkit.io.base import CorpusFormat
from deidkit.io.common import (
    UniqueIds,
    check_output_file,
    make_document,
    make_span,
    xml_escape_attribute,
    xml_escape_text,
    xml_unescape,
)
from deidkit.io.labelmap import read_scheme_label, write_i2b2_2006_label
from deidkit.io.textfile import BOM, detect_files, folder_files, head_has, read_text
from deidkit.types import Document, Span

_SKIP = re.compile(r"\s+|<\?xml[^>]*\?>|<!--.*?-->|<!DOCTYPE[^>]*>", re.DOTALL)
_ATTRIBUTES = r"((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:\"[^\"<]*\"|'[^'<]*'))*)\s*"
_START_TAG = re.compile(r"<([A-Za-z_][\w.-]*)" + _ATTRIBUTES + r">")
_END_TAG = re.compile(r"</([A-Za-z_][\w.-]*)\s*>")
_ATTRIBUTE = re.compile(r"(?<![\w.-])([A-Za-z_][\w.-]*)\s*=\s*(\"[^\"<]*\"|'[^'<]*')")
"""An attribute (a name starts after no name character: scanning a long name is linear)."""


class _Scanner:
    """A position in the file text and its line number (counted incrementally)."""

    def __init__(self, text: str, path: Path) -> None:
        self.text = text
        self.path = path
        self.position = 0
        self.line = 1
        self.record: str | None = None

    def advance(self, position: int) -> None:
        self.line += self.text.count("\n", self.position, position)
        self.position = position

    def error(self, problem: str, fix: str, line: int | None = None) -> InputError:
        return InputError(
            problem, path=self.path, record=self.record, line=line or self.line, fix=fix
        )

    def skip(self) -> None:
        while True:
            match = _SKIP.match(self.text, self.position)
            if match is None or match.end() == self.position:
                return
            self.advance(match.end())

    def at_end(self) -> bool:
        return self.position >= len(self.text)

    def start_tag(self, name: str) -> dict[str, str] | None:
        """Consume ``<name ...>`` if it comes next; its attributes, or None."""
        match = _START_TAG.match(self.text, self.position)
        if match is None or match.group(1) != name:
            return None
        attributes = {
            found.group(1): xml_unescape(
                found.group(2)[1:-1], path=self.path, line=self.line, record=self.record
            )
            for found in _ATTRIBUTE.finditer(match.group(2))
        }
        self.advance(match.end())
        return attributes

    def end_tag(self, name: str) -> bool:
        match = _END_TAG.match(self.text, self.position)
        if match is None or match.group(1) != name:
            return False
        self.advance(match.end())
        return True

    def expect_end(self, name: str) -> None:
        self.skip()
        if not self.end_tag(name):
            raise self.error(f"expected </{name}>", fix=f"close the element with </{name}>")


def _malformed(scanner: _Scanner) -> InputError:
    if _START_TAG.match(scanner.text, scanner.position) or _END_TAG.match(
        scanner.text, scanner.position
    ):
        return scanner.error(
            "unknown tag inside <TEXT>",
            fix='only <PHI TYPE="..."> and </PHI> may appear in a record text',
        )
    return scanner.error(
        "malformed tag inside <TEXT>",
        fix="close the tag with '>' or write a literal '<' as &lt;",
    )


def _read_record_text(scanner: _Scanner) -> tuple[str, list[Span]]:
    """The tag-free text of a ``<TEXT>`` element (after its start tag) and its spans."""
    parts: list[str] = []
    length = 0
    spans: list[Span] = []
    open_phi: tuple[int, str, int] | None = None  # (start offset, TYPE, line)
    text = scanner.text
    while True:
        next_tag = text.find("<", scanner.position)
        if next_tag < 0:
            raise scanner.error("unclosed <TEXT> element", fix="close the record text with </TEXT>")
        if next_tag > scanner.position:
            chunk = xml_unescape(
                text[scanner.position : next_tag],
                path=scanner.path,
                line=scanner.line,
                record=scanner.record,
            )
            parts.append(chunk)
            length += len(chunk)
            scanner.advance(next_tag)
        line = scanner.line
        if scanner.end_tag("TEXT"):
            if open_phi is not None:
                raise scanner.error(
                    f"unclosed <PHI> tag (opened at line {open_phi[2]})",
                    fix="add the missing </PHI>",
                    line=open_phi[2],
                )
            return "".join(parts), spans
        if scanner.end_tag("PHI"):
            if open_phi is None:
                raise scanner.error(
                    "</PHI> without an opening <PHI> tag", fix="remove it or add the opening tag"
                )
            start, type_, opened = open_phi
            label = read_scheme_label(
                type_, "i2b2-2006", path=scanner.path, line=opened, record=scanner.record
            )
            spans.append(
                make_span(
                    start,
                    length,
                    label,
                    path=scanner.path,
                    line=opened,
                    record=scanner.record,
                    text_length=length,
                    source_label=type_,
                )
            )
            open_phi = None
            continue
        attributes = scanner.start_tag("PHI")
        if attributes is None:
            raise _malformed(scanner)
        if open_phi is not None:
            raise scanner.error(
                f"unclosed <PHI> tag (opened at line {open_phi[2]})",
                fix="add the missing </PHI> before the next <PHI>",
                line=open_phi[2],
            )
        if "TYPE" not in attributes:
            raise scanner.error(
                "<PHI> tag without a TYPE", fix='write <PHI TYPE="DATE">', line=line
            )
        open_phi = (length, attributes["TYPE"], line)


def read_file(path: Path) -> Iterator[Document]:
    """The records of one i2b2 2006 file, one by one."""
    scanner = _Scanner(read_text(path).removeprefix(BOM), path)
    ids = set()
    scanner.skip()
    if scanner.start_tag("ROOT") is None:
        raise scanner.error("expected <ROOT> (an i2b2 2006 file)", fix="check the file")
    while True:
        scanner.skip()
        if scanner.end_tag("ROOT"):
            break
        record_line = scanner.line
        attributes = scanner.start_tag("RECORD")
        if attributes is None:
            raise scanner.error("expected <RECORD ID=...> or </ROOT>", fix="check the file")
        if "ID" not in attributes:
            raise scanner.error("<RECORD> without an ID", fix='write <RECORD ID="1">')
        scanner.record = attributes["ID"]
        if scanner.record in ids:
            raise scanner.error(
                "duplicate record ID (an earlier record has the same ID)",
                fix="give every record a unique ID",
            )
        ids.add(scanner.record)
        scanner.skip()
        if scanner.start_tag("TEXT") is None:
            raise scanner.error("expected <TEXT>", fix="each record holds one <TEXT> element")
        text, spans = _read_record_text(scanner)
        scanner.expect_end("RECORD")
        yield make_document(
            scanner.record, text, spans, path=path, record=scanner.record, line=record_line
        )
        scanner.record = None
    scanner.skip()
    if not scanner.at_end():
        raise scanner.error("content after </ROOT>", fix="remove it")


def read(path: Path) -> Iterator[Document]:
    if path.is_file():
        yield from read_file(path)
        return
    files = folder_files(path, ".xml")
    if not files:
        raise InputError(
            "no .xml files in this folder", path=path, fix="give an i2b2 2006 .xml file"
        )
    for file in files:
        yield from read_file(file)


def record_xml(document: Document) -> str:
    """One ``<RECORD>`` element for a document."""
    parts = [f'<RECORD ID="{xml_escape_attribute(document.id)}">\n<TEXT>']
    position = 0
    for span in document.spans:
        parts.append(xml_escape_text(document.text[position : span.start]))
        parts.append(
            f'<PHI TYPE="{xml_escape_attribute(write_i2b2_2006_label(span))}">'
            f"{xml_escape_text(document.span_text(span))}</PHI>"
        )
        position = span.end
    parts.append(xml_escape_text(document.text[position:]))
    parts.append("</TEXT>\n</RECORD>\n")
    return "".join(parts)


def write(documents: Iterable[Document], path: Path) -> None:
    check_output_file(path)
    ids = UniqueIds()
    with atomic_file(path) as handle:
        handle.write("<ROOT>\n")
        for document in documents:
            ids.add(document.id)
            handle.write(record_xml(document))
        handle.write("</ROOT>\n")


looks_like = head_has("<ROOT", "<RECORD", size=1024)


def detect(path: Path) -> bool:
    return detect_files(path, ".xml", looks_like)


FORMAT = CorpusFormat(
    name="i2b2-2006",
    description="i2b2 2006 XML: <ROOT><RECORD ID><TEXT> with inline <PHI TYPE> tags",
    read=read,
    write=write,
    detect=detect,
    writes_folder=False,
    suffixes=(".xml",),
)
