"""The last step of a run: the chunks' and buckets' results become the output, atomically.

Single-file outputs (JSON Lines, CSV, i2b2 2006) and folders alike are written by the
format's own writer from one stream of documents in input order (JSON Lines lines are copied
from the work files, which hold them as the writer makes them), so the output is
byte-for-byte what an uninterrupted single-process run writes, and it appears complete or not
at all. Document ids are checked for duplicates in a small SQLite table in the work folder
(memory stays flat however large the input).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deidkit.batch.job import Failure, dumps
from deidkit.batch.workdir import WorkDir, inconsistent, read_work_line
from deidkit.errors import OutputError
from deidkit.io import FORMATS, jsonl, write_documents
from deidkit.io.atomic import atomic_file, atomic_write_text
from deidkit.io.common import safe_file_stem
from deidkit.types import Document


@dataclass
class Written:
    """What the output received."""

    documents: int = 0
    characters: int = 0
    labels: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    mapping_entries: int = 0


def entries(work: WorkDir, keys: Sequence[str]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(chunk key, entry, document line) of every output document in input order; held
    documents are taken from their bucket's output, which lists them in the same order."""
    buckets: dict[int, Any] = {}
    try:
        for key in keys:
            with work.chunk_output(key).open(encoding="utf-8", newline="\n") as handle:
                for line in handle:
                    entry, document = read_work_line(line)
                    if "b" in entry:
                        bucket = int(entry["b"])
                        if bucket not in buckets:
                            buckets[bucket] = work.bucket_output(bucket).open(
                                encoding="utf-8", newline="\n"
                            )
                        other, document = read_work_line(next(buckets[bucket]))
                        if other["c"] != key or other["i"] != entry["i"]:
                            raise inconsistent(work, f"bucket {bucket}")
                        entry = other
                    if document is None:
                        if "failed" in entry:
                            continue  # failed in its bucket: listed in the bucket's summary
                        raise inconsistent(work, f"chunk {key}")
                    yield key, entry, document
    finally:
        for handle in buckets.values():
            handle.close()


class _UniqueIds:
    """Document ids seen so far, on disk."""

    def __init__(self, path: Path, *, casefold: bool) -> None:
        path.unlink(missing_ok=True)
        self._db = sqlite3.connect(path)
        self._db.execute("PRAGMA journal_mode=OFF")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute("CREATE TABLE ids (id TEXT PRIMARY KEY)")
        self._casefold = casefold

    def add(self, document_id: str) -> bool:
        """False if the id was seen before."""
        try:
            self._db.execute(
                "INSERT INTO ids VALUES (?)",
                (document_id.casefold() if self._casefold else document_id,),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def close(self) -> None:
        self._db.close()


def write_output(
    work: WorkDir,
    keys: Sequence[str],
    target: Path,
    out_format: str,
    *,
    write_options: dict[str, str],
    single_text: bool,
    mapping: Path | None,
    on_failure: Callable[[Failure], None] | None = None,
) -> Written:
    """Write the output (and the mapping); documents that cannot be written are failures.

    ``on_failure`` is called with each such failure before the output is complete (it may
    raise to stop the run: the output is then not written).
    """
    written = Written()
    rejected: set[tuple[str, int]] = set()
    folder = FORMATS[out_format].writes_folder
    ids = _UniqueIds(work.path / "ids.sqlite", casefold=folder)

    def accepted() -> Iterator[tuple[dict[str, Any], str]]:
        """The output documents that can be written (as ``Document.to_dict()`` and as their
        JSON Lines line), counted."""
        for key, entry, line in entries(work, keys):
            data = json.loads(line)
            problem = None
            if not ids.add(data["id"]):
                problem = "another document has the same id" + (
                    " (file names ignore case)" if folder else ""
                )
            elif folder and not single_text:
                try:
                    safe_file_stem(data["id"])
                except OutputError as error:
                    problem = error.message
            if problem is not None:
                failure = Failure(data["id"], "output", "write", problem, "E500")
                if on_failure is not None:
                    on_failure(failure)
                rejected.add((key, entry["i"]))
                written.failures.append(failure)
                continue
            written.documents += 1
            written.characters += len(data["text"])
            written.labels.update(span["label"] for span in data["spans"])
            yield data, line

    try:
        if single_text:
            texts = [data["text"] for data, _ in accepted()]
            if len(texts) > 1:
                raise OutputError(f"{target}: a .txt output holds one document; give a folder")
            if texts:
                atomic_write_text(target, texts[0])
        elif out_format == jsonl.FORMAT.name and not write_options:
            jsonl.write_lines((line for _, line in accepted()), target)  # the work files hold them
        else:
            documents = (Document.from_dict(data, check=False) for data, _ in accepted())
            write_documents(documents, target, out_format, **write_options)
    finally:
        ids.close()
    if mapping is not None:
        written.mapping_entries = _write_mapping(work, keys, rejected, mapping)
    return written


def _write_mapping(
    work: WorkDir, keys: Sequence[str], rejected: set[tuple[str, int]], path: Path
) -> int:
    """The run's mapping (a deidentify run's, when asked), without rejected documents."""
    from deidkit.redact.engine import MappingEntry  # lazy: a detect run imports no redaction
    from deidkit.redact.mapping import write_mapping  # lazy: as above

    return write_mapping(
        (
            MappingEntry(**item)
            for key, entry, _ in entries(work, keys)
            if (key, entry["i"]) not in rejected
            for item in entry.get("map", ())
        ),
        path,
    )


def write_errors(failures: Sequence[Failure], path: Path) -> None:
    """The errors report: one JSON object per failure (id, source, stage, code, reason)."""
    with atomic_file(path) as handle:
        for failure in failures:
            handle.write(dumps(failure.to_dict()) + "\n")
