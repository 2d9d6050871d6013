"""CSV with a text column: how hospital exports arrive.

One row per document. Columns (names configurable with options):

- ``text`` (option ``text_column``): the note text; required.
- ``id`` (``id_column``): the document id; without such a column the id is
  ``<file stem>-<row number>``.
- ``patient_id`` (``patient_column``), ``note_id`` (``note_id_column``), ``note_type``
  (``note_type_column``), ``note_date`` (``date_column``): optional metadata fields.
- ``spans`` (``spans_column``): optional JSON list of spans (``[{"start": 0, "end": 4,
  "label": "PATIENT"}]``), so that CSV can also carry annotations or predictions; labels
  are read as in JSON Lines (any label deidkit knows, or one ``--label-map`` names).
- every other column goes to ``Document.metadata`` and is written back.

``delimiter`` is ``,`` by default (tab for ``.tsv`` files; ``tab`` or ``\\t`` may be given).
Files are UTF-8 (a byte-order mark, as Excel writes it, is skipped). The writer ends rows
with CRLF and quotes fields as RFC 4180 says, so line breaks inside notes survive. The reader
streams rows; the writer spools documents to a temporary file next to the output first,
because the header must list every metadata column.
"""

from __future__ import annotations

import csv
import json
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import ConfigError, DeidkitError, InputError, OutputError
from deidkit.io.atomic import atomic_file
from deidkit.io.base import CorpusFormat
from deidkit.io.common import UniqueIds, check_output_file, make_document
from deidkit.io.labelmap import read_span_items
from deidkit.io.textfile import BOM, iter_lines
from deidkit.types import Document, Span

OPTIONS = (
    "text_column",
    "id_column",
    "patient_column",
    "note_id_column",
    "note_type_column",
    "date_column",
    "spans_column",
    "delimiter",
)
COLUMN_DEFAULTS: dict[str, str] = {  # option -> default column name (CSV and Parquet)
    "text_column": "text",
    "id_column": "id",
    "patient_column": "patient_id",
    "note_id_column": "note_id",
    "note_type_column": "note_type",
    "date_column": "note_date",
    "spans_column": "spans",
}
METADATA_COLUMNS: dict[str, str] = {  # option -> Document field it fills
    "patient_column": "patient_id",
    "note_id_column": "note_id",
    "note_type_column": "note_type",
    "date_column": "note_date",
}
"""Column options that fill a Document field, by option name."""


def _columns(options: dict[str, str]) -> dict[str, str]:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ConfigError(f"unknown csv option {unknown[0]!r}; use one of: {', '.join(OPTIONS)}")
    return {name: options.get(name, default) for name, default in COLUMN_DEFAULTS.items()}


def _delimiter(path: Path, options: dict[str, str]) -> str:
    value = options.get("delimiter")
    if value is None:
        return "\t" if path.suffix.lower() == ".tsv" else ","
    value = {"tab": "\t", "\\t": "\t"}.get(value.lower(), value)
    if len(value) != 1:
        raise ConfigError(f"csv delimiter must be one character, not {value!r}")
    return value


def _lines(path: Path) -> Iterator[str]:
    for number, line in iter_lines(path):
        yield line.removeprefix(BOM) if number == 1 else line


def _spans(cell: str, path: Path, line: int) -> tuple[Span, ...]:
    if not cell.strip():
        return ()
    try:
        return read_span_items(json.loads(cell), path=path, line=line)
    except InputError:
        raise
    except DeidkitError as error:
        raise InputError(error.message, path=path, line=line, code=error.code) from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
        raise InputError(
            "the spans cell is not a JSON list of spans",
            path=path,
            line=line,
            fix='write [{"start": 0, "end": 4, "label": "PATIENT"}, ...] or leave it empty',
        ) from None


def _other_delimiter(header: list[str]) -> str | None:
    """The delimiter a one-column header seems to use instead (``;``, ``|`` or tab)."""
    if len(header) != 1:
        return None
    counts = {mark: header[0].count(mark) for mark in (";", "|", "\t")}
    mark, count = max(counts.items(), key=lambda item: item[1])
    return ("tab" if mark == "\t" else mark) if count else None


def read(path: Path, **options: str) -> Iterator[Document]:
    columns = _columns(options)
    csv.field_size_limit(max(csv.field_size_limit(), 1 << 30))
    rows = csv.reader(_lines(path), delimiter=_delimiter(path, options))
    try:
        header = next(rows)
    except csv.Error as error:
        raise InputError(f"malformed CSV header ({error})", path=path, line=1) from None
    except StopIteration:
        raise InputError("file is empty", path=path, fix="give a CSV file with a header") from None
    positions = {name: index for index, name in enumerate(header)}
    if len(positions) != len(header):
        raise InputError("two columns have the same name", path=path, line=1, fix="rename one")
    for option in ("text_column", *(name for name in options if name.endswith("_column"))):
        if columns[option] not in positions:
            fix = f"name the column with --{option.replace('_', '-')}"
            other = _other_delimiter(header)
            if other is not None:  # "id;text" read as one column: another delimiter
                fix = f"the header reads as one column: pass --delimiter '{other}'"
            raise InputError(
                f"no column named as --{option.replace('_', '-')} says (the header has "
                f"{len(header)} columns; their names are not quoted: they may be a note's first "
                "row)",
                path=path,
                line=1,
                fix=fix,
            )
    used = {columns[name] for name in columns}
    ids = UniqueIds()
    row_number = 0
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as error:
            raise InputError(
                f"malformed CSV ({error})",
                path=path,
                line=rows.line_num,
                fix="check the quoting of the row",
            ) from None
        line = rows.line_num
        if not row:
            continue
        row_number += 1
        if len(row) != len(header):
            raise InputError(
                f"the row has {len(row)} fields but the header has {len(header)}",
                path=path,
                line=line,
                fix="quote fields that contain the delimiter or line breaks",
            )

        def cell(name: str, row: list[str] = row) -> str | None:
            index = positions.get(columns[name])
            return None if index is None else row[index]

        doc_id = cell("id_column")
        if doc_id is None:
            doc_id = f"{path.stem}-{row_number}"
        elif not doc_id.strip():
            raise InputError("empty document id", path=path, line=line, fix="fill the id column")
        try:
            ids.add(doc_id)
        except OutputError:
            raise InputError(
                "duplicate document id (an earlier row has the same id)",
                path=path,
                line=line,
                fix="give every row a unique id",
            ) from None
        fields = {field: cell(option) or None for option, field in METADATA_COLUMNS.items()}
        spans_cell = cell("spans_column")
        yield make_document(
            doc_id,
            cell("text_column") or "",
            _spans(spans_cell, path, line) if spans_cell is not None else (),
            path=path,
            line=line,
            metadata={name: row[index] for name, index in positions.items() if name not in used},
            **fields,
        )


def write(documents: Iterable[Document], path: Path, **options: str) -> None:
    check_output_file(path)
    columns = _columns(options)
    delimiter = _delimiter(path, options)
    metadata_keys: dict[str, None] = {}
    present: set[str] = set()
    ids = UniqueIds()
    path.parent.mkdir(parents=True, exist_ok=True)
    # the spool sits next to the output (not in the system temp folder): it holds note text
    with tempfile.TemporaryFile("w+", encoding="utf-8", dir=path.parent) as spool:
        for document in documents:
            ids.add(document.id)
            metadata_keys.update(dict.fromkeys(document.metadata))
            present.update(
                field for field in METADATA_COLUMNS.values() if getattr(document, field) is not None
            )
            if document.spans:
                present.add("spans")
            spool.write(json.dumps(document.to_dict(), ensure_ascii=False) + "\n")
        standard = [columns["id_column"]]
        standard += [
            columns[option] for option, field in METADATA_COLUMNS.items() if field in present
        ]
        standard.append(columns["text_column"])
        if "spans" in present:
            standard.append(columns["spans_column"])
        clash = [key for key in metadata_keys if key in standard]
        if clash:
            raise OutputError(
                f"{len(clash)} metadata key(s) have the name of a CSV column; rename the column "
                "with the csv options or the metadata key"
            )
        header = standard + list(metadata_keys)
        spool.seek(0)
        with atomic_file(path) as handle:
            out = csv.writer(handle, delimiter=delimiter, lineterminator="\r\n")
            out.writerow(header)
            for line in spool:
                document = Document.from_dict(json.loads(line), check=False)  # our own spool
                out.writerow(_row(document, columns, header))


def _row(document: Document, columns: dict[str, str], header: list[str]) -> list[str]:
    values: dict[str, str] = dict(document.metadata)
    values[columns["id_column"]] = document.id
    values[columns["text_column"]] = document.text
    for option, field in METADATA_COLUMNS.items():
        values[columns[option]] = getattr(document, field) or ""
    spans = [span.to_dict() for span in document.spans]
    values[columns["spans_column"]] = json.dumps(spans, ensure_ascii=False) if spans else ""
    return [values.get(name, "") for name in header]


def detect(path: Path) -> bool:
    return path.is_file() and path.suffix.lower() in {".csv", ".tsv"}


FORMAT = CorpusFormat(
    name="csv",
    description="CSV (or TSV) with a text column and optional id/patient/date/spans columns",
    read=read,
    write=write,
    detect=detect,
    writes_folder=False,
    suffixes=(".csv", ".tsv"),
    read_options=OPTIONS,
    write_options=OPTIONS,
)
