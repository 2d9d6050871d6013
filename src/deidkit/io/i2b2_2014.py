"""i2b2 / n2c2 2014 de-identification XML: one ``<deIdi2b2>`` document per ``.xml`` file.

Standard layout (what the writer produces; files in this layout are byte-identical after
read -> write)::

    <?xml version="1.0" encoding="UTF-8" ?>
    <deIdi2b2>
    <TEXT><![CDATA[...note text...]]></TEXT>
    <TAGS>
    <DATE id="P0" start="16" end="26" text="2067-05-03" TYPE="DATE" comment="" />
    </TAGS>
    </deIdi2b2>

(with a final newline). Tags are standoff: ``start``/``end`` are 0-based, end-exclusive
offsets into the CDATA text, and ``text`` must equal the document text there. The tag id
(``P0``) goes to ``Span.id``, the TYPE to ``Span.source_label``; a non-empty ``comment`` is
kept in ``Document.metadata["i2b2-2014.comment.<id>"]``.

The file is parsed with a small scanner rather than an XML library so that the note text
keeps its exact characters (XML parsers turn ``\\r\\n`` into ``\\n`` and would shift offsets)
and so that every error can name its line.
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
    same_text,
    text_mismatch,
    unique_file_stems,
    xml_escape_attribute,
    xml_unescape,
)
from deidkit.io.labelmap import read_i2b2_2014_label, write_i2b2_2014_pair
from deidkit.io.textfile import BOM, detect_files, folder_files, head_has, read_text
from deidkit.types import Document, Span

COMMENT_KEY = "i2b2-2014.comment."
HEADER = '<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT><![CDATA['

_DECLARATION = re.compile(r"\s*<\?xml[^>]*\?>")
_COMMENT = re.compile(r"\s*<!--.*?-->", re.DOTALL)
_ATTRIBUTE = re.compile(r"\s+([A-Za-z_][\w.-]*)\s*=\s*(\"[^\"<]*\"|'[^'<]*')")
_TAG_ID = re.compile(r"P\d+")
_TAG_OPEN = re.compile(r"<([A-Za-z_][\w-]*)")
_TAG_CLOSE = re.compile(r"\s*/>")


class _Scanner:
    """Walks through the file text, tracking the line number of the current position."""

    def __init__(self, text: str, path: Path) -> None:
        self.text = text
        self.path = path
        self.position = 0
        self._counted = (0, 1)  # (position, its line): lines are counted on from there

    def line(self, position: int | None = None) -> int:
        at = self.position if position is None else position
        counted, line = self._counted
        if at < counted:  # a position before the last one asked (rare): count from the start
            counted, line = 0, 1
        line += self.text.count("\n", counted, at)
        self._counted = (at, line)
        return line

    def error(self, problem: str, fix: str, position: int | None = None) -> InputError:
        return InputError(problem, path=self.path, line=self.line(position), fix=fix)

    def skip_space(self) -> None:
        while True:
            start = self.position
            while self.position < len(self.text) and self.text[self.position].isspace():
                self.position += 1
            for pattern in (_DECLARATION, _COMMENT):
                match = pattern.match(self.text, self.position)
                if match:
                    self.position = match.end()
            if self.position == start:
                return

    def expect(self, literal: str, what: str) -> None:
        self.skip_space()
        if not self.text.startswith(literal, self.position):
            raise self.error(f"expected {what}", fix="check the file against the i2b2 2014 layout")
        self.position += len(literal)


def _read_text_element(scanner: _Scanner) -> str:
    """The content of ``<TEXT>``: CDATA sections verbatim, other characters unescaped."""
    parts: list[str] = []
    text = scanner.text
    while True:
        if text.startswith("<![CDATA[", scanner.position):
            end = text.find("]]>", scanner.position)
            if end < 0:
                raise scanner.error("unclosed CDATA section", fix="end it with ]]>")
            parts.append(text[scanner.position + 9 : end])
            scanner.position = end + 3
        elif text.startswith("</TEXT>", scanner.position):
            scanner.position += len("</TEXT>")
            return "".join(parts)
        elif scanner.position >= len(text):
            raise scanner.error("unclosed <TEXT> element", fix="end the note with ]]></TEXT>")
        elif text[scanner.position] == "<":
            raise scanner.error(
                "unexpected tag inside <TEXT>", fix="put the note text in a CDATA section"
            )
        else:
            end = text.find("<", scanner.position)
            end = len(text) if end < 0 else end
            line = scanner.line()
            parts.append(xml_unescape(text[scanner.position : end], path=scanner.path, line=line))
            scanner.position = end


def _read_tags(scanner: _Scanner, note: str) -> tuple[list[Span], dict[str, str]]:
    spans: list[Span] = []
    comments: dict[str, str] = {}
    text = scanner.text
    while True:
        scanner.skip_space()
        if text.startswith("</TAGS>", scanner.position):
            scanner.position += len("</TAGS>")
            return spans, comments
        match = _TAG_OPEN.match(text, scanner.position)
        if match is None:
            raise scanner.error(
                "expected a standoff tag or </TAGS>",
                fix='write tags as <DATE id="P0" start="1" end="5" text="..." TYPE="DATE" />',
            )
        tag_start = scanner.position
        line = scanner.line()
        scanner.position = match.end()
        attributes: dict[str, str] = {}
        while True:
            attribute = _ATTRIBUTE.match(text, scanner.position)
            if attribute is None:
                break
            value = attribute.group(2)[1:-1]
            attributes[attribute.group(1)] = xml_unescape(value, path=scanner.path, line=line)
            scanner.position = attribute.end()
        close = _TAG_CLOSE.match(text, scanner.position)
        if close is None:
            raise scanner.error(
                "malformed or unclosed tag",
                fix="a standoff tag ends with />",
                position=tag_start,
            )
        scanner.position = close.end()
        spans.append(_tag_span(match.group(1), attributes, note, scanner.path, line))
        comment = attributes.get("comment", "")
        if comment:
            comments[f"{COMMENT_KEY}{attributes.get('id', '')}"] = comment


def _tag_span(tag: str, attributes: dict[str, str], note: str, path: Path, line: int) -> Span:
    missing = [name for name in ("start", "end", "TYPE") if name not in attributes]
    if missing:
        raise InputError(
            f"a tag without the {missing[0]} attribute",
            path=path,
            line=line,
            fix="every tag needs id, start, end, text and TYPE",
        )
    try:
        start, end = int(attributes["start"]), int(attributes["end"])
    except ValueError:
        raise InputError(
            "a tag with a non-integer start or end",
            path=path,
            line=line,
            fix="offsets are character positions (integers)",
        ) from None
    label, source_label = read_i2b2_2014_label(tag, attributes["TYPE"], path=path, line=line)
    span = make_span(
        start,
        end,
        label,
        path=path,
        line=line,
        text_length=len(note),
        source_label=source_label,
        span_id=attributes.get("id"),
    )
    if "text" in attributes and not same_text(attributes["text"], note[start:end]):
        raise text_mismatch(span, path=path, line=line)
    return span


def read_file(path: Path) -> Document:
    """One i2b2 2014 document (its id is the file name without ``.xml``)."""
    scanner = _Scanner(read_text(path).removeprefix(BOM), path)
    scanner.expect("<deIdi2b2>", "<deIdi2b2> (an i2b2 2014 file)")
    scanner.expect("<TEXT>", "<TEXT>")
    note = _read_text_element(scanner)
    spans: list[Span] = []
    comments: dict[str, str] = {}
    scanner.skip_space()
    if scanner.text.startswith("<TAGS/>", scanner.position):
        scanner.position += len("<TAGS/>")
    elif scanner.text.startswith("<TAGS>", scanner.position):
        scanner.position += len("<TAGS>")
        spans, comments = _read_tags(scanner, note)
    scanner.expect("</deIdi2b2>", "</deIdi2b2>")
    scanner.skip_space()
    if scanner.position < len(scanner.text):
        raise scanner.error("content after </deIdi2b2>", fix="one document per file")
    return make_document(path.stem, note, spans, path=path, metadata=comments)


def read(path: Path) -> Iterator[Document]:
    if path.is_file():
        yield read_file(path)
        return
    files = folder_files(path, ".xml")
    if not files:
        raise InputError(
            "no .xml files in this folder", path=path, fix="give a folder of i2b2 2014 files"
        )
    for file in files:
        yield read_file(file)


def _ordered_spans(spans: tuple[Span, ...]) -> list[tuple[Span, str]]:
    """Spans with their tag ids, in id order when every span has a distinct ``P<n>`` id."""
    ids = [span.id for span in spans]
    if all(span_id and _TAG_ID.fullmatch(span_id) for span_id in ids) and len(set(ids)) == len(ids):
        ordered = sorted(spans, key=lambda span: int(str(span.id)[1:]))
        return [(span, str(span.id)) for span in ordered]
    return [(span, f"P{index}") for index, span in enumerate(spans)]


def xml_text(document: Document) -> str:
    """The i2b2 2014 file content for a document (standard layout)."""
    lines = [HEADER + document.text.replace("]]>", "]]]]><![CDATA[>") + "]]></TEXT>", "<TAGS>"]
    for span, tag_id in _ordered_spans(document.spans):
        tag, type_ = write_i2b2_2014_pair(span)
        comment = document.metadata.get(f"{COMMENT_KEY}{tag_id}", "")
        lines.append(
            f'<{tag} id="{tag_id}" start="{span.start}" end="{span.end}" '
            f'text="{xml_escape_attribute(document.span_text(span))}" TYPE="{type_}" '
            f'comment="{xml_escape_attribute(comment)}" />'
        )
    lines += ["</TAGS>", "</deIdi2b2>", ""]
    return "\n".join(lines)


def write(documents: Iterable[Document], path: Path) -> None:
    check_output_folder(path)
    with atomic_directory(path) as folder:
        for document, stem in unique_file_stems(documents):
            with (folder / f"{stem}.xml").open("w", encoding="utf-8", newline="") as handle:
                handle.write(xml_text(document))


looks_like = head_has("<deIdi2b2", size=512)


def detect(path: Path) -> bool:
    return detect_files(path, ".xml", looks_like)


FORMAT = CorpusFormat(
    name="i2b2-2014",
    description="i2b2/n2c2 2014 XML: a folder of <deIdi2b2> files with standoff tags",
    read=read,
    write=write,
    detect=detect,
    writes_folder=True,
    suffixes=(".xml",),
)
