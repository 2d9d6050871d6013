"""The two kinds of task a worker runs; each writes its results into the work folder.

**Chunk task** (``run_chunk``): read a chunk (or take the documents the driver read), find
each document's spans (once per worker the model is loaded), and write the output documents.
In surrogate and tag mode a document with a patient id is *held* instead: its replacements
depend on the patient's other notes, which may sit in any chunk.

**Bucket task** (``redaction.run_bucket``, surrogate and tag mode only): patients are
spread over buckets by a hash of their id; a bucket task redacts the held documents of its
patients as a single process would (see ``deidkit.batch.redaction``). The output is
therefore the same whatever the number of workers, chunks or buckets, and however often the
run was interrupted. A detect run imports no redaction code: a chunk task turns to
``deidkit.batch.redaction`` only in a deidentify run.

Every output file is written to a temporary name and renamed when complete; the summary is
written last and marks the task as done.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deidkit.batch.job import Failure, Job, detect_documents
from deidkit.batch.sources import Chunk, Record, read_chunk, relative
from deidkit.batch.workdir import WorkDir, work_file, work_line
from deidkit.types import Document


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
    failures: list[Failure] = []
    documents: list[tuple[int, Document, str]] = []
    for position, (record, source) in enumerate(pairs):
        if isinstance(record, Failure):
            failures.append(record)
        else:
            documents.append((position, record, source))
    if job.kind == "deidentify":
        from deidkit.batch import redaction  # lazy: a detect run imports no redaction engine

        assign = redaction.assign_patients(job.patient_from_id)
        documents = [(position, assign(record), source) for position, record, source in documents]
    found = detect_documents(
        job, [document for _, document, _ in documents], [source for *_, source in documents]
    )
    held: dict[int, list[str]] = {}
    dropped: set[str] = set()
    if job.kind == "deidentify":
        lines, held, dropped = redaction.redact_found(job, chunk.key, documents, found, failures)
    else:
        lines = []  # the chunk's output, in input order
        for (position, *_), result in zip(documents, found, strict=True):
            if isinstance(result, Failure):
                failures.append(result)
            else:
                lines.append(work_line({"i": position}, result.to_dict()))
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
