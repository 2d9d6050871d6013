"""Running a batch job: plan the input, run the chunk and bucket tasks, assemble the output.

``run_deidentify`` and ``run_detect`` are what ``deidkit deidentify`` and ``deidkit detect``
call. A run keeps its progress in a work folder next to the output; rerunning the same
command after an interruption skips what is done. Without ``skip_failed`` the first document
that cannot be processed stops the run (nothing is written); with it, such documents are
left out, listed in the errors report, and the run completes.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deidkit.batch import progress as progress_bar
from deidkit.batch.assemble import write_errors, write_output
from deidkit.batch.executors import Call, Executor, make_executor
from deidkit.batch.job import (
    DEFAULT_BATCH_SIZE,
    Failure,
    Job,
    Kind,
    detector_for,
    key_fingerprint,
    resolve_model_name,
)
from deidkit.batch.sources import (
    InputPlan,
    carries_spans,
    default_output_format,
    input_format,
    input_root,
    plan_input,
    planned_chunks,
    read_options_of,
    stream_partition,
)
from deidkit.batch.tasks import held_parts, run_chunk
from deidkit.batch.workdir import WorkDir, default_work_dir
from deidkit.detector import Predictor, model_argument
from deidkit.errors import ConfigError, DeidkitError, OutputError
from deidkit.io import FORMATS, get_format
from deidkit.run_report import CorpusReport

if TYPE_CHECKING:  # a detect run imports no redaction engine: a deidentify run's steps do
    from deidkit.redact.engine import RedactOptions
    from deidkit.redact.keys import SecretKey

DEFAULT_CHUNK_SIZE = 64
DEFAULT_BUCKETS = 64
"""Buckets of patients at most (see ``bucket_count``)."""


@dataclass
class BatchReport(CorpusReport):
    """A batch run's report: the corpus report's counts plus how the run went."""

    failures: list[Failure] = field(default_factory=list)
    characters: int = 0
    errors_report: Path | None = None
    reused_chunks: int = 0
    workers: str = "1 process"
    seconds: float = 0.0
    work_dir: Path | None = None


@dataclass(frozen=True, slots=True)
class RunSettings:
    """How a run is carried out (not what it computes)."""

    jobs: int = 1
    dask: Any = None
    work_dir: Path | None = None
    restart: bool = False
    errors: Path | None = None
    progress: bool | None = None
    chunk_size: int = DEFAULT_CHUNK_SIZE
    skip_failed: bool = False
    batch_size: int = DEFAULT_BATCH_SIZE


def run_deidentify(
    source: Path,
    target: Path,
    *,
    options: RedactOptions | None = None,
    key: SecretKey | None = None,
    model: Predictor | str | None = None,
    source_format: str | None = None,
    to: str | None = None,
    mapping: Path | None = None,
    read_options: dict[str, str] | None = None,
    write_options: dict[str, str] | None = None,
    keep_metadata: bool = False,
    patient_from_id: str | None = None,
    timeout: float | None = None,
    buckets: int | None = None,
    settings: RunSettings | None = None,
    detector: Predictor | str | None = None,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> BatchReport:
    """De-identify the corpus at ``source`` into ``target`` (see the module docstring).

    ``model``: a model name or folder (None: the language's default), ``"annotations"``
    (the input's own spans) or a detector object (single process only; ``detector=`` is the
    deprecated old name of ``model=``). ``key``: None makes a
    random key, kept in the work folder until the run ends so that a resumed run matches.
    ``buckets``: how many groups of patients are redacted as separate tasks (None: see
    ``bucket_count``); the output is the same for any number. ``threshold``, ``ages`` and
    ``propagate`` apply to the model's detection (``deidkit.models.adjust``).
    """
    from deidkit.redact.engine import RedactOptions  # lazy: a detect run imports no redaction

    model = model_argument(model, detector)
    options = options or RedactOptions()
    if mapping is not None and (
        _same_or_inside(mapping, target) or _same_or_inside(mapping, source)
    ):
        raise ConfigError(
            f"{mapping}: the mapping holds the original PHI; write it outside the output "
            "and the input (it is for the honest broker only)"
        )
    return _run(
        "deidentify",
        source,
        target,
        model=model,
        lang=options.lang,
        source_format=source_format,
        to=to,
        read_options=read_options,
        write_options=write_options,
        settings=settings or RunSettings(),
        job_fields={
            "options": options,
            "key": key,
            "keep_metadata": keep_metadata,
            "patient_from_id": patient_from_id,
            "mapping": mapping is not None,
            "timeout": timeout,
            "buckets": buckets,
            "threshold": threshold,
            "ages": ages,
            "propagate": propagate,
        },
        mapping=mapping,
    )


def run_detect(
    source: Path,
    target: Path,
    *,
    model: Predictor | str | None = None,
    lang: str = "en",
    source_format: str | None = None,
    to: str | None = None,
    read_options: dict[str, str] | None = None,
    write_options: dict[str, str] | None = None,
    timeout: float | None = None,
    settings: RunSettings | None = None,
    detector: Predictor | str | None = None,
    threshold: float | None = None,
    ages: str = "all",
    propagate: bool | None = None,
) -> BatchReport:
    """Find the PHI spans of every document at ``source`` and write the documents with them
    (the output holds the original text: it is not de-identified). ``model`` as for
    ``run_deidentify`` (``detector=`` is its deprecated old name); ``threshold``, ``ages``
    and ``propagate`` as there."""
    model = model_argument(model, detector)
    if model == "annotations":
        raise ConfigError("detect needs a model, not the input's annotations")
    return _run(
        "detect",
        source,
        target,
        model=model,
        lang=lang,
        source_format=source_format,
        to=to,
        read_options=read_options,
        write_options=write_options,
        settings=settings or RunSettings(),
        job_fields={"keep_metadata": True, "timeout": timeout, "threshold": threshold,
                    "ages": ages, "propagate": propagate},
        mapping=None,
    )


def _run(
    kind: Kind,
    source: Path,
    target: Path,
    *,
    model: Predictor | str | None,
    lang: str,
    source_format: str | None,
    to: str | None,
    read_options: dict[str, str] | None,
    write_options: dict[str, str] | None,
    settings: RunSettings,
    job_fields: dict[str, Any],
    mapping: Path | None,
) -> BatchReport:
    started = time.perf_counter()
    source, target = Path(source), Path(target)
    fmt = input_format(source, source_format)
    out_format = get_format(to).name if to else default_output_format(fmt)
    if _same_or_inside(target, source) or _same_or_inside(source, target):
        raise ConfigError(
            f"{target}: the output would overwrite or sit inside the input {source}; "
            "give another output path"
        )
    if model == "annotations" and not carries_spans(fmt):
        raise ConfigError(
            f"the {fmt} format carries no PHI spans; use a model or an annotated format"
        )
    if settings.chunk_size < 1:
        raise ConfigError("the chunk size must be 1 or more documents")
    if settings.batch_size < 1:
        raise ConfigError("--batch-size must be 1 or more documents")
    read_opts = dict(read_options or {})
    unknown = sorted(set(read_opts) - set(read_options_of(fmt)))
    if unknown:
        raise ConfigError(f"option {unknown[0]!r} does not apply to the {fmt} input format")
    single_text = out_format == "text" and source.is_file() and target.suffix.lower() == ".txt"
    if single_text and target.is_dir():
        raise OutputError(f"{target}: is a folder; give a .txt file path or a folder path")
    if FORMATS[out_format].writes_folder and not single_text and target.is_file():
        raise OutputError(f"{target}: the {out_format} format writes a folder; give a folder path")
    if not FORMATS[out_format].writes_folder and target.is_dir():
        raise OutputError(f"{target}: the {out_format} format writes one file; give a file path")

    plan = plan_input(source, fmt, chunk_size=settings.chunk_size)
    if kind == "deidentify" and job_fields["buckets"] is None:
        job_fields = {**job_fields, "buckets": bucket_count(plan.documents, settings.chunk_size)}
    name, detector = (model, None) if model is None or isinstance(model, str) else (None, model)
    job = Job(
        kind=kind,
        fmt=fmt,
        root=str(input_root(source)),
        model=resolve_model_name(name),
        lang=lang,
        read_options=tuple(sorted(read_opts.items())),
        detector=detector,
        batch_size=settings.batch_size,
        **{name: value for name, value in job_fields.items() if name != "key"},
    )
    user_key: SecretKey | None = job_fields.get("key")
    fingerprint = job.fingerprint()
    if kind == "deidentify":
        fingerprint["key"] = key_fingerprint(user_key) if user_key is not None else "generated"
    work = WorkDir(settings.work_dir or default_work_dir(target))
    work.open(
        {
            "job": fingerprint,
            "input": {"path": str(plan.source), "format": fmt, "digest": plan.digest},
            "chunk_size": settings.chunk_size,
        },
        restart=settings.restart,
    )
    try:
        key = user_key
        if kind == "deidentify" and key is None:
            from deidkit.redact.keys import SecretKey  # lazy: a detect run imports no redaction

            key = SecretKey(work.key_material(), generated=True)
        job = replace(job, key=key)
        detector_for(job)  # a model that cannot be loaded stops the run here, in one line
        report = BatchReport(
            source=source,
            target=target,
            source_format=fmt,
            target_format=out_format,
            mode=job.options.mode if job.options is not None else "detect",
            key_generated=user_key is None and kind == "deidentify",
            work_dir=work.path,
        )
        with make_executor(job, jobs=settings.jobs, dask=settings.dask) as executor:
            report.workers = executor.name
            summaries = _stage_chunks(job, plan, work, executor, settings, report)
            bucket_summaries = _stage_buckets(job, work, executor, summaries, settings)
    except KeyboardInterrupt:
        work.close()
        sys.stderr.write(
            f"deidkit: the work done so far is kept in {work.path}; rerun the same command "
            "to resume\n"
        )
        raise
    except BaseException:
        work.close()
        if work.finished_documents() == 0:
            work.remove()  # nothing to resume, and no note text left behind
        raise
    failures = [
        Failure.from_dict(item)
        for summary in [*summaries, *bucket_summaries]
        for item in summary["failures"]
    ]
    for summary in [*summaries, *bucket_summaries]:
        report.dropped_metadata.update(summary["dropped"])
    written = write_output(
        work,
        [summary["key"] for summary in summaries],
        target,
        out_format,
        write_options=dict(write_options or {}),
        single_text=single_text,
        mapping=mapping,
        on_failure=None if settings.skip_failed else _fail_fast,
    )
    failures.extend(written.failures)
    report.documents = written.documents
    report.characters = written.characters
    report.spans = written.labels
    report.failures = failures
    report.skipped = [failure.id or _where(failure) for failure in failures]
    report.spans_dropped_by_format = not FORMATS[out_format].carries_spans
    if mapping is not None:
        report.mapping = mapping
        report.mapping_entries = written.mapping_entries
    errors = settings.errors or _default_errors_path(target)
    if failures:
        write_errors(failures, errors)
        report.errors_report = errors
    elif settings.errors is None and errors.exists():
        errors.unlink()  # a report of an earlier run of this output no longer applies
    work.remove()
    report.seconds = time.perf_counter() - started
    return report


def bucket_count(documents: int | None, chunk_size: int) -> int:
    """The default number of buckets: one per chunk's worth of documents, ``DEFAULT_BUCKETS``
    at most (and when the input's size is unknown before reading it). A small input then
    runs a few bucket tasks, not 64 (each writes its own files), with as many tasks to share
    among workers as the chunk stage had."""
    if documents is None:
        return DEFAULT_BUCKETS
    return max(1, min(DEFAULT_BUCKETS, -(-documents // chunk_size)))


def _stage_chunks(
    job: Job,
    plan: InputPlan,
    work: WorkDir,
    executor: Executor,
    settings: RunSettings,
    report: BatchReport,
) -> list[dict[str, Any]]:
    """Run every chunk not done yet; returns all chunk summaries in input order."""
    done = {  # a chunk that failed is tried again unless failures are left out
        key: summary
        for key, summary in work.done_chunks().items()
        if settings.skip_failed or not summary["failures"]
    }
    report.reused_chunks = len(done)
    summaries = dict(done)
    read_opts = dict(job.read_options)
    reused = sum(summary["records"] for summary in done.values())

    def calls() -> Iterator[Call]:
        for number, partition in enumerate(plan.partitions):
            if partition.kind == "stream":
                for chunk, records, _ in stream_partition(
                    plan, number, read_opts, settings.chunk_size
                ):
                    if chunk.key not in done:
                        yield run_chunk, (job, chunk, records, str(work.path))
            else:
                for chunk in planned_chunks(plan, number, chunk_size=settings.chunk_size):
                    if chunk.key not in done:
                        yield run_chunk, (job, chunk, None, str(work.path))

    verb = "detecting" if job.kind == "detect" else "de-identifying"
    with progress_bar.bar(
        f"{verb} ({executor.name})", plan.documents, reused, enabled=settings.progress
    ) as advance:
        for summary in executor.run(calls()):
            summaries[summary["key"]] = summary
            if summary["failures"] and not settings.skip_failed:
                _fail_fast(Failure.from_dict(summary["failures"][0]))
            advance(summary["records"])
    return [summaries[key] for key in sorted(summaries)]


def _stage_buckets(
    job: Job,
    work: WorkDir,
    executor: Executor,
    summaries: list[dict[str, Any]],
    settings: RunSettings,
) -> list[dict[str, Any]]:
    """Redact the documents held for their patients, bucket by bucket."""
    if not job.stateful:
        return []
    from deidkit.batch.redaction import run_bucket  # lazy: a detect run imports no redaction

    held = {
        int(bucket): 0 for summary in summaries for bucket in summary["held"]
    }
    for summary in summaries:
        for bucket, span in summary["held"].items():
            held[int(bucket)] += span[2]
    done = work.done_buckets()
    results = [done[bucket] for bucket in sorted(held) if bucket in done]
    if len(results) == len(held):
        return results
    calls = (
        (run_bucket, (job, bucket, held_parts(summaries, bucket), str(work.path)))
        for bucket in sorted(held)
        if bucket not in done
    )
    reused = sum(held[bucket] for bucket in done if bucket in held)
    with progress_bar.bar(
        "patients' notes", sum(held.values()), reused, enabled=settings.progress
    ) as advance:
        for summary in executor.run(calls):
            results.append(summary)
            if summary["failures"] and not settings.skip_failed:
                _fail_fast(Failure.from_dict(summary["failures"][0]))
            advance(held[summary["bucket"]])
    return results


def _fail_fast(failure: Failure) -> None:
    where = f"document {failure.id}" if failure.id else _where(failure)
    raise DeidkitError(
        f"{where} could not be processed ({failure.reason}); nothing was written. Fix the "
        "input, or pass --skip-failed to leave such documents out and list them (rerunning "
        "reuses the work done so far)",
        code="E510",
    )


def _where(failure: Failure) -> str:
    return failure.source + (f" ({failure.where})" if failure.where else "")


def _default_errors_path(target: Path) -> Path:
    target = Path(target)
    return target.with_name(f"{target.name}.errors.jsonl")


def _same_or_inside(path: Path, folder: Path) -> bool:
    path, folder = Path(path).resolve(), Path(folder).resolve()
    return path == folder or folder in path.parents
