"""The two kinds of task a worker runs; each writes its results into the work folder.

**Chunk task** (``run_chunk``): read a chunk (or take the documents the driver read), find
each document's spans (once per worker the model is loaded), and write the output documents.
In surrogate and tag mode a document with a patient id is *held* instead: its replacements
depend on the patient's other notes, which may sit in any chunk.

**Bucket task** (``run_bucket``, surrogate and tag mode only): patients are spread over
buckets by a hash of their id; a bucket task reads the held documents of its patients in
input order, shows the redactor all of them first, then redacts them one by one: exactly
what a single process does, since the redactor keeps its state per patient (and, with
mention propagation, each patient's name and ID strings are gathered in the first pass and
their further mentions added in the second). The output is
therefore the same whatever the number of workers, chunks or buckets, and however often the
run was interrupted.

Every output file is written to a temporary name and renamed when complete; the summary is
written last and marks the task as done.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from deidkit.batch.job import (
    Failure,
    Job,
    detect_documents,
    make_deidentifier,
    mapping_of,
    output_document,
    propagates,
    redact_document,
)
from deidkit.batch.sources import Chunk, Record, read_chunk, relative
from deidkit.batch.workdir import WorkDir, inconsistent, read_work_line, work_file, work_line
from deidkit.models.mentions import add_mentions, mention_strings
from deidkit.redact.corpus import patient_rule
from deidkit.redact.engine import Deidentifier, patient_of
from deidkit.types import Document


def bucket_of(patient: str, buckets: int) -> int:
    """The bucket of a patient (a stable hash: the same in every process)."""
    digest = hashlib.blake2b(patient.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % buckets


@lru_cache(maxsize=8)
def _patient_rule(pattern: str | None) -> Callable[[Document], Document]:
    return patient_rule(pattern)


def run_chunk(
    job: Job, chunk: Chunk, records: Sequence[Record] | None, work_path: str
) -> dict[str, Any]:
    """Process one chunk; returns (and writes) its summary."""
    work = WorkDir(Path(work_path))
    if records is None:
        pairs = list(read_chunk(Path(job.root), job.fmt, chunk, dict(job.read_options)))
    else:
        source = relative(job.root, chunk.path)
        pairs = [(record, source) for record in records]
    assign = _patient_rule(job.patient_from_id)
    failures: list[Failure] = []
    documents: list[tuple[int, Document, str]] = []
    for position, (record, source) in enumerate(pairs):
        if isinstance(record, Failure):
            failures.append(record)
        else:
            documents.append((position, assign(record), source))
    found = detect_documents(
        job, [document for _, document, _ in documents], [source for *_, source in documents]
    )
    lines: list[str] = []  # the chunk's output, in input order
    held: dict[int, list[str]] = {}
    dropped: set[str] = set()
    deidentifier = make_deidentifier(job) if job.kind == "deidentify" else None
    for (position, _, source), result in zip(documents, found, strict=True):
        if isinstance(result, Failure):
            failures.append(result)
            continue
        if job.kind == "detect":
            lines.append(work_line({"i": position}, result.to_dict()))
            continue
        if job.stateful and result.patient_id:
            bucket = bucket_of(patient_of(result), job.buckets)
            held.setdefault(bucket, []).append(
                work_line({"c": chunk.key, "i": position, "s": source}, result.to_dict())
            )
            lines.append(work_line({"i": position, "b": bucket}))
            continue
        assert deidentifier is not None
        redacted = redact_document(job, deidentifier, result, source)
        if isinstance(redacted, Failure):
            failures.append(redacted)
            continue
        document, dropped_keys = output_document(job, redacted)
        dropped.update(dropped_keys)
        entry: dict[str, Any] = {"i": position}
        if job.mapping:
            entry["map"] = mapping_of(redacted)
        lines.append(work_line(entry, document))
    ranges = _write_held(work.chunk_held(chunk.key), held)
    with work_file(work.chunk_output(chunk.key)) as handle:
        handle.writelines(lines)
    summary = {
        "key": chunk.key,
        "partition": chunk.partition,
        "index": chunk.index,
        "records": len(pairs),
        "failures": [failure.to_dict() for failure in failures],
        "dropped": sorted(dropped),
        "held": {str(bucket): span for bucket, span in ranges.items()},
    }
    work.write_json(work.chunk_summary(chunk.key), summary)
    return summary


def _write_held(path: Path, held: dict[int, list[str]]) -> dict[int, list[int]]:
    """Held documents grouped by bucket; returns each bucket's [offset, length, count]."""
    ranges: dict[int, list[int]] = {}
    if not held:
        return ranges
    offset = 0
    with work_file(path) as handle:
        for bucket in sorted(held):
            data = "".join(held[bucket])
            size = len(data.encode("utf-8"))
            handle.write(data)
            ranges[bucket] = [offset, size, len(held[bucket])]
            offset += size
    return ranges


def held_parts(
    summaries: Sequence[dict[str, Any]], bucket: int
) -> list[tuple[str, int, int]]:
    """(chunk key, offset, length) of a bucket's held documents, in input order."""
    parts = []
    for summary in summaries:
        span = summary["held"].get(str(bucket))
        if span:
            parts.append((summary["key"], span[0], span[1]))
    return parts


HELD_IN_MEMORY = 16 << 20
"""A bucket's held documents are read once and kept for the redacting pass when their JSON
takes up to this many bytes; a larger bucket is read twice (memory stays bounded)."""


def _held_documents(
    work: WorkDir, parts: Sequence[tuple[str, int, int]]
) -> Iterator[tuple[dict[str, Any], Document]]:
    """The entries and documents held for a bucket, in input order (the work folder's own
    files: their documents are not checked again)."""
    for key, offset, length in parts:
        with work.chunk_held(key).open("rb") as handle:
            handle.seek(offset)
            data = handle.read(length)
        for line in data.decode("utf-8").split("\n")[:-1]:
            entry, document = read_work_line(line)
            if document is None:
                raise inconsistent(work, f"chunk {key}")
            yield entry, Document.from_dict(json.loads(document), check=False)


def run_bucket(
    job: Job, bucket: int, parts: Sequence[tuple[str, int, int]], work_path: str
) -> dict[str, Any]:
    """Redact the held documents of a bucket's patients (see the module docstring)."""
    work = WorkDir(Path(work_path))
    deidentifier: Deidentifier = make_deidentifier(job)
    kept: list[tuple[dict[str, Any], Document]] | None = (
        [] if sum(length for *_, length in parts) <= HELD_IN_MEMORY else None
    )
    strings: dict[str, dict[str, str]] | None = (
        {} if job.uses_model and propagates(job) else None
    )
    for held in _held_documents(work, parts):
        deidentifier.observe(held[1])
        if strings is not None:
            patient = patient_of(held[1])
            found = mention_strings([held[1]], lang=job.lang)
            strings[patient] = {**found, **strings.get(patient, {})}
        if kept is not None:
            kept.append(held)
    failures: list[Failure] = []
    dropped: set[str] = set()
    documents = 0
    with work_file(work.bucket_output(bucket)) as handle:
        for record, document in kept if kept is not None else _held_documents(work, parts):
            more = add_mentions(document, strings.get(patient_of(document), {})) if (
                strings is not None) else document
            redacted = redact_document(job, deidentifier, more, record["s"],
                                       observed=more is document)
            entry: dict[str, Any] = {"c": record["c"], "i": record["i"]}
            if isinstance(redacted, Failure):
                failures.append(redacted)
                entry["failed"] = True
                handle.write(work_line(entry))
                continue
            out, dropped_keys = output_document(job, redacted)
            dropped.update(dropped_keys)
            if job.mapping:
                entry["map"] = mapping_of(redacted)
            handle.write(work_line(entry, out))
            documents += 1
    summary = {
        "bucket": bucket,
        "documents": documents,
        "failures": [failure.to_dict() for failure in failures],
        "dropped": sorted(dropped),
    }
    work.write_json(work.bucket_summary(bucket), summary)
    return summary
