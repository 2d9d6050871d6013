"""Parquet input for batch runs (``pip install deidkit[dask]`` brings pyarrow).

A Parquet file (or a folder of them) holds one document per row. Columns, named as for CSV
(``text``, ``id``, ``patient_id``, ``note_id``, ``note_type``, ``note_date``, ``spans``; the
same ``--text-column`` style options rename them): ``text`` is required; without an ``id``
column the id is ``<file stem>-<row number>``; ``spans`` is a JSON list of spans (a string);
every other column becomes metadata (as a string); span labels are read as in JSON Lines
(``--label-map`` applies). Row groups are the chunks that workers read on their own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from deidkit.batch.job import Failure, failure_of
from deidkit.errors import ConfigError, DeidkitError, InputError
from deidkit.io.csvfile import COLUMN_DEFAULTS, METADATA_COLUMNS
from deidkit.io.labelmap import read_span_items
from deidkit.io.schemes import LABEL_READ_OPTIONS, label_reading
from deidkit.types import Document

OPTIONS = (
    "text_column",
    "id_column",
    "patient_column",
    "note_id_column",
    "note_type_column",
    "date_column",
    "spans_column",
    *LABEL_READ_OPTIONS,
)


def _parquet() -> Any:
    try:
        import pyarrow.parquet as pq  # lazy: pyarrow is optional (the dask extra)
    except ImportError:
        raise ConfigError(
            "reading Parquet needs pyarrow; install it with: pip install 'deidkit[dask]'"
        ) from None
    return pq


def _open(path: Path) -> Any:
    try:
        return _parquet().ParquetFile(path)
    except ConfigError:
        raise
    except Exception as error:
        raise InputError(
            f"not a readable Parquet file ({type(error).__name__})",
            path=path,
            fix="check the file",
        ) from None


def row_groups(path: Path) -> tuple[int, int]:
    """(row groups, rows) of a Parquet file, from its footer."""
    metadata = _open(path).metadata
    return metadata.num_row_groups, metadata.num_rows


def group_ranges(path: str, groups: int, chunk_size: int) -> list[tuple[int, int]]:
    """Consecutive row groups joined until a range has about ``chunk_size`` rows."""
    metadata = _open(Path(path)).metadata
    ranges: list[tuple[int, int]] = []
    start, rows = 0, 0
    for group in range(groups):
        rows += metadata.row_group(group).num_rows
        if rows >= chunk_size:
            ranges.append((start, group + 1))
            start, rows = group + 1, 0
    if start < groups or not ranges:
        ranges.append((start, groups))
    return ranges


def read_rows(
    path: Path, start: int, stop: int, source: str, options: dict[str, str]
) -> Iterator[Document | Failure]:
    """The documents of row groups ``start``..``stop`` (a bad row fails alone)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ConfigError(
            f"option {unknown[0]!r} does not apply to Parquet input (its options: "
            f"{', '.join(OPTIONS)})"
        )
    columns = {name: options.get(name, default) for name, default in COLUMN_DEFAULTS.items()}
    parquet = _open(path)
    names = parquet.schema_arrow.names
    if columns["text_column"] not in names:
        raise InputError(
            f"no column {columns['text_column']!r} (columns: {', '.join(names)})",
            path=path,
            fix="name the text column with --text-column",
        )
    first_row = sum(parquet.metadata.row_group(group).num_rows for group in range(start))
    used = set(columns.values())
    table = parquet.read_row_groups(list(range(start, stop)))
    reading = label_reading(options)  # the label map and unknown-label policy
    for offset, row in enumerate(table.to_pylist()):
        number = first_row + offset + 1
        try:
            if reading is None:
                yield _document(row, columns, used, path, number)
            else:
                with reading.active():
                    document = _document(row, columns, used, path, number)
                yield document
        except Exception as error:
            raw_id = row.get(columns["id_column"])
            yield failure_of(
                error,
                document_id=None if raw_id is None else str(raw_id),
                source=source,
                stage="read",
                where=f"row {number}",
            )


def _document(
    row: dict[str, Any], columns: dict[str, str], used: set[str], path: Path, number: int
) -> Document:
    text = row.get(columns["text_column"])
    if not isinstance(text, str):
        raise InputError(
            "the text is not a string", path=path, record=f"row {number}",
            fix="give the note text as a string column",
        )
    raw_id = row.get(columns["id_column"])
    doc_id = f"{path.stem}-{number}" if raw_id is None else str(raw_id)
    spans_cell = row.get(columns["spans_column"])
    try:
        spans = (
            read_span_items(json.loads(spans_cell), path=path, record=f"row {number}")
            if isinstance(spans_cell, str) and spans_cell.strip()
            else ()
        )
        fields = {
            field: None if row.get(columns[option]) is None else str(row[columns[option]])
            for option, field in METADATA_COLUMNS.items()
        }
        return Document(
            id=doc_id,
            text=text,
            spans=spans,
            metadata={
                name: "" if value is None else str(value)
                for name, value in row.items()
                if name not in used
            },
            **fields,
        )
    except InputError:
        raise
    except DeidkitError as error:
        raise InputError(
            error.message, path=path, record=f"row {number}", code=error.code
        ) from None
    except (ValueError, TypeError, KeyError, AttributeError):
        raise InputError(
            "the spans cell is not a JSON list of spans",
            path=path,
            record=f"row {number}",
            fix='write [{"start": 0, "end": 4, "label": "PATIENT"}, ...] or leave it empty',
        ) from None
