"""PhysioNet deid (MIMIC II nursing notes gold standard) files, as the deid 1.1 package uses them.

``id.text`` holds the records::

    START_OF_RECORD=1||||1||||
    ...note text...
    ||||END_OF_RECORD

The header carries the patient number and the note number (deid.pl also accepts a note date
after them: ``START_OF_RECORD=1||||1||||01/15/2003``). A record's body is everything between
the header line and the ``||||END_OF_RECORD`` marker, line ends included; PHI offsets count
characters from the start of the body and the end is exclusive.

PHI locations sit next to the text file (``<stem>`` is ``id`` for ``id.text``):

- ``<stem>-phi.phrase``: one PHI per line, space-separated ``patient note start end category
  text`` (the text is the rest of the line and may contain spaces), with the PhysioNet
  categories (PTName, PTNameInitial, HCPName, RelativeProxyName, Location, Date, DateYear,
  Phone, Age, Other).
- ``<stem>.deid`` (gold) or ``<stem>.phi`` (deid.pl output): category-blind locations, a
  ``Patient 1<TAB>Note 1`` line per record followed by ``start<TAB>start<TAB>end`` lines.

The reader takes the categories from the phrase file; without one it reads ``.deid`` (else
``.phi``) and labels those spans ``OTHER`` (no category is known). The writer writes
``<stem>.text``, ``<stem>-phi.phrase`` and ``<stem>.deid``. Patient and note numbers go to
``Document.patient_id`` / ``note_id`` and the document id is ``<patient>-<note>``; documents
without numeric ones get numbers in order of appearance.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from deidkit.errors import InputError, OutputError
from deidkit.io.atomic import atomic_directory
from deidkit.io.base import CorpusFormat
from deidkit.io.common import (
    make_document,
    make_span,
    same_text,
    text_mismatch,
)
from deidkit.io.labelmap import read_scheme_label, write_physionet_label
from deidkit.io.textfile import BOM, detect_files, folder_files, iter_lines, peek
from deidkit.types import Document, Span

START = "START_OF_RECORD="
END = "||||END_OF_RECORD"
_HEADER = re.compile(r"START_OF_RECORD=(\d+)\|+(\d+)\|+(\d\d/\d\d/\d{4})?\s*")
_LOCATION_HEADER = re.compile(r"patient\s+(\d+)\s+note\s+(\d+)\s*", re.IGNORECASE)
_THREE_NUMBERS = re.compile(r"([0-9]{1,18})\s+([0-9]{1,18})\s+([0-9]{1,18})\s*")
_NOTE_DATE = re.compile(r"\d\d/\d\d/\d{4}")
_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class _Annotation:
    start: int
    end: int
    category: str | None
    text: str | None
    path: Path
    line: int


Key = tuple[str, str]



def _is_number(field: str) -> bool:
    """ASCII digits of a sensible length ("²".isdigit() is true, and int() refuses it)."""
    return field.isascii() and field.isdigit() and len(field) <= 18

def _strip_number(value: str) -> str:
    return str(int(value))


def _read_phrases(path: Path) -> dict[Key, list[_Annotation]]:
    found: dict[Key, list[_Annotation]] = defaultdict(list)
    for number, raw in iter_lines(path, allow_empty=True):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        fields = line.split(" ", 5)
        if len(fields) < 5 or not all(_is_number(field) for field in fields[:4]):
            raise InputError(
                "malformed PHI line",
                path=path,
                line=number,
                fix="write 'patient note start end category text' separated by spaces",
            )
        patient, note, start, end = (int(field) for field in fields[:4])
        found[(str(patient), str(note))].append(
            _Annotation(start, end, fields[4], fields[5] if len(fields) > 5 else None, path, number)
        )
    return found


def _read_locations(path: Path) -> dict[Key, list[_Annotation]]:
    found: dict[Key, list[_Annotation]] = defaultdict(list)
    key: Key | None = None
    for number, raw in iter_lines(path, allow_empty=True):
        line = raw.strip()
        if not line:
            continue
        header = _LOCATION_HEADER.fullmatch(line)
        if header:
            key = (_strip_number(header.group(1)), _strip_number(header.group(2)))
            found.setdefault(key, [])
            continue
        numbers = _THREE_NUMBERS.fullmatch(line)
        if numbers is None or key is None:
            raise InputError(
                "malformed PHI location line",
                path=path,
                line=number,
                fix="write 'Patient 1<TAB>Note 1' then 'start<TAB>start<TAB>end' lines",
            )
        found[key].append(
            _Annotation(int(numbers.group(2)), int(numbers.group(3)), None, None, path, number)
        )
    return found


def annotation_files(text_path: Path) -> tuple[Path, Path, Path]:
    """The phrase, gold-location and deid-output files next to a ``.text`` file."""
    stem = text_path.with_suffix("")
    return (
        stem.with_name(f"{stem.name}-phi.phrase"),
        stem.with_suffix(".deid"),
        stem.with_suffix(".phi"),
    )


def _annotations(text_path: Path) -> dict[Key, list[_Annotation]]:
    phrase, deid, phi = annotation_files(text_path)
    if phrase.is_file():
        return _read_phrases(phrase)
    for locations in (deid, phi):
        if locations.is_file():
            return _read_locations(locations)
    return {}


def _spans(annotations: list[_Annotation], body: str, record: str) -> list[Span]:
    spans: list[Span] = []
    for item in annotations:
        if item.category is None:
            label, source_label = "OTHER", None
        else:
            label = read_scheme_label(
                item.category, "physionet", path=item.path, line=item.line, record=record
            )
            source_label = item.category
        span = make_span(
            item.start,
            item.end,
            label,
            path=item.path,
            line=item.line,
            record=record,
            text_length=len(body),
            source_label=source_label,
        )
        if item.text is not None and not same_text(item.text, body[item.start : item.end]):
            raise text_mismatch(span, path=item.path, line=item.line, record=record)
        spans.append(span)
    return spans


def read_file(path: Path) -> Iterator[Document]:
    """The records of one ``.text`` file with the PHI of the files next to it."""
    annotations = _annotations(path)
    used: set[Key] = set()
    header: re.Match[str] | None = None
    header_line = 0
    body: list[str] = []
    for number, raw in iter_lines(path):
        if number == 1:
            raw = raw.removeprefix(BOM)
        if header is None:
            if not raw.strip():
                continue
            header = _HEADER.fullmatch(raw.rstrip("\r\n"))
            if header is None:
                raise InputError(
                    "expected a START_OF_RECORD=<patient>||||<note>|||| line",
                    path=path,
                    line=number,
                    fix="each record starts with a START_OF_RECORD line",
                )
            header_line, body = number, []
            continue
        content = raw.rstrip("\r\n")
        if content.endswith(END):
            body.append(content[: -len(END)])
            key = (_strip_number(header.group(1)), _strip_number(header.group(2)))
            if key in used:
                raise InputError(
                    f"duplicate record for patient {key[0]} note {key[1]}",
                    path=path,
                    line=header_line,
                    fix="give every record its own patient/note numbers",
                )
            used.add(key)
            yield _record(path, key, header.group(3), "".join(body), annotations, header_line)
            header = None
        elif raw.startswith(START):
            raise InputError(
                f"record opened at line {header_line} has no {END} marker",
                path=path,
                line=number,
                fix=f"end each record with a {END} line",
            )
        else:
            body.append(raw)
    if header is not None:
        raise InputError(
            f"the last record (opened at line {header_line}) has no {END} marker",
            path=path,
            line=header_line,
            fix=f"end each record with a {END} line",
        )
    for key in sorted(annotations.keys() - used):
        first = annotations[key][0] if annotations[key] else None
        if first is not None:
            raise InputError(
                f"PHI for patient {key[0]} note {key[1]}, which is not a record of the text file",
                path=first.path,
                line=first.line,
                fix="check that the PHI file belongs to this text file",
            )


def _record(
    path: Path,
    key: Key,
    note_date: str | None,
    body: str,
    annotations: dict[Key, list[_Annotation]],
    line: int,
) -> Document:
    record = f"patient {key[0]} note {key[1]}"
    spans = _spans(annotations.get(key, []), body, record)
    return make_document(
        f"{key[0]}-{key[1]}",
        body,
        spans,
        path=path,
        record=record,
        line=line,
        patient_id=key[0],
        note_id=key[1],
        note_date=note_date,
    )


def read(path: Path) -> Iterator[Document]:
    if path.is_file():
        yield from read_file(path)
        return
    files = folder_files(path, ".text")
    if not files:
        raise InputError(
            "no .text file in this folder", path=path, fix="give the id.text file or its folder"
        )
    for file in files:
        yield from read_file(file)


# --- writing --------------------------------------------------------------------------------


class _Numbering:
    """Patient and note numbers for documents, keeping numeric ones."""

    def __init__(self) -> None:
        self.patients: dict[str, str] = {}
        self.notes: dict[str, set[str]] = defaultdict(set)
        self.next_patient = 1

    def _patient(self, document: Document) -> str:
        key = document.patient_id if document.patient_id is not None else f"\0{document.id}"
        if key not in self.patients:
            if document.patient_id is not None and document.patient_id.isdigit():
                number = str(int(document.patient_id))
            else:
                taken = set(self.patients.values())
                while str(self.next_patient) in taken:
                    self.next_patient += 1
                number = str(self.next_patient)
            self.patients[key] = number
        return self.patients[key]

    def numbers(self, document: Document) -> Key:
        patient = self._patient(document)
        notes = self.notes[patient]
        if document.note_id is not None and document.note_id.isdigit():
            note = str(int(document.note_id))
        else:
            note = str(len(notes) + 1)
            while note in notes:
                note = str(int(note) + 1)
        if note in notes:
            raise OutputError(
                f"document {document.id}: patient {patient} already has a note {note}; "
                "give every note of a patient its own note_id"
            )
        notes.add(note)
        return patient, note


def _check_body(document: Document) -> None:
    for line in document.text.split("\n"):
        if line.startswith(START) or END in line:
            raise OutputError(
                f"document {document.id}: the text contains a PhysioNet record marker "
                f"({START} or {END}) and cannot be written in this format; use jsonl"
            )


def output_paths(path: Path) -> tuple[Path, Path, Path]:
    """The ``.text``, ``-phi.phrase`` and ``.deid`` files for an output path.

    A path ending in ``.text`` names the text file; any other path is a folder that gets
    ``id.text``, ``id-phi.phrase`` and ``id.deid``.
    """
    text_path = path if path.suffix.lower() == ".text" else path / "id.text"
    phrase, deid, _ = annotation_files(text_path)
    return text_path, phrase, deid


def write(documents: Iterable[Document], path: Path) -> None:
    if path.suffix.lower() != ".text" and path.exists() and not path.is_dir():
        raise OutputError(f"{path}: give a folder or a file name ending in .text")
    text_path, phrase_path, deid_path = output_paths(path)
    numbering = _Numbering()
    with atomic_directory(text_path.parent) as folder:
        open_file = functools.partial(Path.open, mode="w", encoding="utf-8", newline="")
        with (
            open_file(folder / text_path.name) as text_out,
            open_file(folder / phrase_path.name) as phrase_out,
            open_file(folder / deid_path.name) as deid_out,
        ):
            for document in documents:
                _check_body(document)
                patient, note = numbering.numbers(document)
                date = document.note_date or ""
                date = date if _NOTE_DATE.fullmatch(date) else ""
                text_out.write(f"{START}{patient}||||{note}||||{date}\n{document.text}{END}\n")
                deid_out.write(f"Patient {patient}\tNote {note}\n")
                for span in document.spans:
                    shown = _WHITESPACE.sub(" ", document.span_text(span))
                    phrase_out.write(
                        f"{patient} {note} {span.start} {span.end} "
                        f"{write_physionet_label(span)} {shown}\n"
                    )
                    deid_out.write(f"{span.start}\t{span.start}\t{span.end}\n")


def detect(path: Path) -> bool:
    if detect_files(path, ".text"):
        return True
    return not path.is_dir() and peek(path, 64).lstrip(BOM).startswith(START)


FORMAT = CorpusFormat(
    name="physionet",
    description="PhysioNet deid: id.text records with id-phi.phrase / id.deid PHI locations",
    read=read,
    write=write,
    detect=detect,
    writes_folder=True,
    suffixes=(".text",),
)
