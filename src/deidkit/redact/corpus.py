"""De-identify a corpus on disk: read, detect (or use the annotations), redact, write.

Two streaming passes over the input: the first finds every document's PHI spans (keeping only
the spans) and lets the surrogate generator see each patient's original values; the second
reads the documents again and writes them redacted. Memory holds spans, not texts. The output
is written atomically; a document that cannot be processed is never written un-redacted:
the run stops with an error naming it, or (``skip_failed``) leaves it out and reports it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from deidkit.detector import Predictor, detect, resolve_detector
from deidkit.errors import ConfigError, DeidkitError, OutputError
from deidkit.io import FORMATS, detect_format, get_format, read_documents, write_documents
from deidkit.io.atomic import atomic_write_text
from deidkit.redact.engine import Deidentifier, MappingEntry, RedactOptions, patient_of
from deidkit.redact.keys import SecretKey
from deidkit.redact.mapping import write_mapping
from deidkit.run_report import CorpusReport
from deidkit.types import Document, Span

BATCH = 64


def _same_or_inside(path: Path, folder: Path) -> bool:
    path, folder = path.resolve(), folder.resolve()
    return path == folder or folder in path.parents


def _output_format(source: Path, source_format: str, to: str | None) -> str:
    if to:
        return get_format(to).name
    return source_format


def deidentify_corpus(
    source: Path,
    target: Path,
    *,
    options: RedactOptions,
    key: SecretKey,
    detector: Predictor | str | None,
    source_format: str | None = None,
    to: str | None = None,
    mapping: Path | None = None,
    read_options: dict[str, str] | None = None,
    write_options: dict[str, str] | None = None,
    skip_failed: bool = False,
    keep_metadata: bool = False,
    patient_from_id: str | None = None,
) -> CorpusReport:
    """De-identify the corpus at ``source`` into ``target``; see the module docstring.

    ``patient_from_id`` is a regular expression applied to the id of each document without a
    patient id (e.g. a file name ``03_discharge_finnegan``): its first group (or whole match)
    becomes the patient id, so that the patient's notes share surrogates and a date shift.
    """
    patient_of_id = patient_rule(patient_from_id)
    source, target = Path(source), Path(target)
    fmt = (get_format(source_format) if source_format else detect_format(source)).name
    out_format = _output_format(source, fmt, to)
    if _same_or_inside(target, source) or _same_or_inside(source, target):
        raise ConfigError(
            f"{target}: the output would overwrite or sit inside the input {source}; "
            "give another output path"
        )
    if mapping is not None and (
        _same_or_inside(mapping, target) or _same_or_inside(mapping, source)
    ):
        raise ConfigError(
            f"{mapping}: the mapping holds the original PHI; write it outside the output "
            "and the input (it is for the honest broker only)"
        )
    single_text = out_format == "text" and source.is_file() and target.suffix.lower() == ".txt"
    if single_text and target.is_dir():
        raise OutputError(f"{target}: is a folder; give a .txt file path or a folder path")
    report = CorpusReport(
        source, target, fmt, out_format, options.mode, key_generated=key.generated
    )
    found = resolve_detector(detector, options.lang)
    propagate = False  # mention propagation across a patient's notes (as batch runs do it)
    strings: dict[str, dict[str, str]] = {}
    if found is not None:
        # lazy: redacting given spans loads no detector code
        from deidkit.models.adjust import Adjusted, adjusted
        from deidkit.models.mentions import add_mentions, mention_strings

        found = adjusted(found, lang=options.lang, by_patient=False)
        propagate = isinstance(found, Adjusted) and found.propagate and options.mode in (
            "surrogate", "tag")
    deidentifier = Deidentifier(options, key=key)
    read_opts = read_options or {}

    # pass 1: spans of every document (detected or given), observed per patient
    spans: dict[str, tuple[Span, ...]] = {}
    failed: set[str] = set()
    batch: list[Document] = []

    def flush() -> None:
        for document in _detect_batch(batch, found, skip_failed, failed):
            spans[document.id] = document.spans
            deidentifier.observe(document)
            if propagate and document.patient_id:
                patient = patient_of(document)
                more = mention_strings([document], lang=options.lang)
                strings[patient] = {**more, **strings.get(patient, {})}
        batch.clear()

    for document in read_documents(source, fmt, **read_opts):
        batch.append(patient_of_id(document))
        if len(batch) >= BATCH:
            flush()
    flush()

    # pass 2: redact and write (a generator: the writer streams it)
    entries: list[MappingEntry] = []

    def redacted() -> Iterator[Document]:
        for document in map(patient_of_id, read_documents(source, fmt, **read_opts)):
            if document.id in failed:
                continue
            document = document.with_spans(spans[document.id])
            if propagate and document.patient_id:
                document = add_mentions(document, strings.get(patient_of(document), {}))
            try:
                result = deidentifier.redact(document)
            except (DeidkitError, ValueError, KeyError, IndexError) as error:
                if not skip_failed:
                    raise _failure(document.id, error) from None
                report.skipped.append(document.id)
                continue
            out = result.document
            if out.metadata and not keep_metadata:
                report.dropped_metadata.update(out.metadata)
                out = replace(out, metadata={})
            report.documents += 1
            report.spans.update(span.label for span in document.spans)
            if mapping is not None:
                entries.extend(result.mapping)
            yield out

    if single_text:
        documents = list(redacted())
        if len(documents) != 1:
            raise OutputError(f"{source}: expected one document in a .txt file")
        atomic_write_text(target, documents[0].text)
    else:
        write_documents(redacted(), target, out_format, **(write_options or {}))
    report.skipped = sorted(set(report.skipped) | failed)
    report.spans_dropped_by_format = not FORMATS[out_format].carries_spans
    if mapping is not None:
        report.mapping = mapping
        report.mapping_entries = write_mapping(entries, mapping)
    return report


def patient_rule(pattern: str | None) -> Callable[[Document], Document]:
    """A function giving documents without a patient id one taken from their id."""
    if pattern is None:
        return lambda document: document
    try:
        compiled = re.compile(pattern)
    except re.error as error:
        raise ConfigError(f"--patient-from-id: invalid regular expression ({error})") from None

    def assign(document: Document) -> Document:
        if document.patient_id is not None:
            return document
        found = compiled.search(document.id)
        if found is None:
            return document
        value = next((group for group in found.groups() if group), None) or found.group()
        return replace(document, patient_id=value)

    return assign


def _detect_batch(
    batch: list[Document], detector: Predictor | None, skip_failed: bool, failed: set[str]
) -> list[Document]:
    if detector is None or not batch:
        return list(batch)
    try:
        return detect(batch, detector)
    except DeidkitError:
        if not skip_failed:
            raise
    except Exception as error:  # a detector bug must not let text through un-redacted
        if not skip_failed:
            raise _failure(batch[0].id if len(batch) == 1 else None, error) from None
    out = []
    for document in batch:  # find the document(s) that fail, keep the rest
        try:
            out.extend(detect([document], detector))
        except Exception:
            failed.add(document.id)
    return out


def _failure(document_id: str | None, error: Exception) -> DeidkitError:
    where = f"document {document_id}" if document_id else "a batch of documents"
    reason = error.message if isinstance(error, DeidkitError) else type(error).__name__
    return DeidkitError(
        f"{where} could not be de-identified ({reason}); nothing was written. "
        "Fix the input or pass --skip-failed to leave such documents out",
        code="E510",
    )
