"""What a deidentify job does after detection: redact each document fail-closed.

Only ``deidentify`` runs import this module (and with it the redaction engine): a ``detect``
run's chunk task (``tasks.run_chunk``) and runner stop at detection. The chunk task hands it
the detected documents (``redact_found``): a document without a patient, or any document in
remove and mask mode, is redacted there; in surrogate and tag mode a document with a patient
id is *held* for its patient's bucket. The bucket task (``run_bucket``) reads the held
documents of its patients in input order, shows the redactor all of them first, then
redacts them one by one: exactly what a single process does, since the redactor keeps its
state per patient (and, with mention propagation, each patient's name and ID strings are
gathered in the first pass and their further mentions added in the second).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from deidkit.batch.job import DocumentTimeout, Failure, Job, failure_of, propagates, time_limit
from deidkit.batch.workdir import WorkDir, inconsistent, read_work_line, work_file, work_line
from deidkit.errors import ConfigError
from deidkit.models.mentions import add_mentions, mention_strings
from deidkit.redact.corpus import patient_rule
from deidkit.redact.engine import Deidentifier, Redacted, patient_of
from deidkit.types import Document


def make_deidentifier(job: Job) -> Deidentifier:
    if job.key is None or job.options is None:
        raise ConfigError("a deidentify job needs redaction options and a key")
    return Deidentifier(job.options, key=job.key)


def redact_document(
    job: Job, deidentifier: Deidentifier, document: Document, source: str, *,
    observed: bool = False,
) -> Redacted | Failure:
    """The redacted document, or a Failure (never the original text); ``observed``: the
    deidentifier has already observed it."""
    try:
        with time_limit(job.timeout):
            return deidentifier.redact(document, with_mapping=job.mapping, observed=observed)
    except (Exception, DocumentTimeout) as error:
        return failure_of(error, document_id=document.id, source=source, stage="redact")


def output_document(job: Job, redacted: Redacted) -> tuple[dict[str, Any], list[str]]:
    """The JSON of an output document (metadata dropped unless kept) and the dropped keys."""
    document = redacted.document
    dropped: list[str] = []
    if document.metadata and not job.keep_metadata:
        dropped = sorted(document.metadata)
        document = replace(document, metadata={})
    return document.to_dict(), dropped


def mapping_of(redacted: Redacted) -> list[dict[str, Any]]:
    return [entry.to_dict() for entry in redacted.mapping]


def bucket_of(patient: str, buckets: int) -> int:
    """The bucket of a patient (a stable hash: the same in every process)."""
    digest = hashlib.blake2b(patient.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % buckets


@lru_cache(maxsize=8)
def assign_patients(pattern: str | None) -> Callable[[Document], Document]:
    """``--patient-from-id``: documents without a patient id get one from their id."""
    return patient_rule(pattern)


def redact_found(
    job: Job,
    chunk_key: str,
    documents: Sequence[tuple[int, Document, str]],
    found: Sequence[Document | Failure],
    failures: list[Failure],
) -> tuple[list[str], dict[int, list[str]], set[str]]:
    """A chunk's detected documents (position, document, source) redacted or held: its work
    lines in input order, the held documents' lines by bucket and the metadata keys dropped;
    failures are added to ``failures``."""
    lines: list[str] = []
    held: dict[int, list[str]] = {}
    dropped: set[str] = set()
    deidentifier = make_deidentifier(job)
    for (position, _, source), result in zip(documents, found, strict=True):
        if isinstance(result, Failure):
            failures.append(result)
            continue
        if job.stateful and result.patient_id:
            bucket = bucket_of(patient_of(result), job.buckets)
            held.setdefault(bucket, []).append(
                work_line({"c": chunk_key, "i": position, "s": source}, result.to_dict())
            )
            lines.append(work_line({"i": position, "b": bucket}))
            continue
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
    return lines, held, dropped


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
