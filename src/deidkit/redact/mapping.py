"""The honest broker's mapping file: every replacement with its original text.

The mapping holds the original PHI: it is written only when asked, never into the output,
atomically, as JSON Lines (``.jsonl``) or CSV (``.csv``, ``.tsv``) chosen by the file name.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path

from deidkit.io.atomic import atomic_file
from deidkit.redact.engine import MappingEntry

COLUMNS = (
    "document",
    "patient",
    "label",
    "start",
    "end",
    "original",
    "new_start",
    "new_end",
    "replacement",
)


def write_mapping(entries: Iterable[MappingEntry], path: Path) -> int:
    """Write the mapping; returns the number of entries written."""
    suffix = path.suffix.lower()
    count = 0
    with atomic_file(path) as handle:
        if suffix in (".csv", ".tsv"):
            writer = csv.DictWriter(
                handle, fieldnames=COLUMNS, delimiter="\t" if suffix == ".tsv" else ","
            )
            writer.writeheader()
            for entry in entries:
                writer.writerow(entry.to_dict())
                count += 1
        else:
            for entry in entries:
                handle.write(json.dumps(entry.to_dict(), ensure_ascii=False) + "\n")
                count += 1
    return count


def read_mapping(path: Path) -> list[MappingEntry]:
    """Read a mapping file written by ``write_mapping``."""
    suffix = path.suffix.lower()
    with path.open(encoding="utf-8", newline="") as handle:
        if suffix in (".csv", ".tsv"):
            rows = list(csv.DictReader(handle, delimiter="\t" if suffix == ".tsv" else ","))
        else:
            rows = [json.loads(line) for line in handle if line.strip()]
    return [
        MappingEntry(
            document=str(row["document"]),
            patient=row["patient"] or None,
            label=str(row["label"]),
            start=int(row["start"]),
            end=int(row["end"]),
            original=str(row["original"]),
            new_start=int(row["new_start"]),
            new_end=int(row["new_end"]),
            replacement=str(row["replacement"]),
        )
        for row in rows
    ]
