"""``deidkit deidentify``: a thin command over ``deidkit.batch.run_deidentify`` (which reads,
detects and redacts with ``deidkit.redact``, in parallel, resumably)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deidkit.batch import carries_spans, default_output_format, input_format, run_deidentify
from deidkit.batch.options import (
    FAILED_EXIT_CODE,
    ChunkSizeOption,
    DaskOption,
    ErrorsOption,
    JobsOption,
    ProgressOption,
    RestartOption,
    TimeoutOption,
    WorkDirOption,
    read_options_for,
    report_lines,
    run_settings,
)
from deidkit.cli.corpus import (
    DateColumnOption,
    DelimiterOption,
    FormatOption,
    IdColumnOption,
    PatientColumnOption,
    TextColumnOption,
    csv_options,
)
from deidkit.errors import ConfigError
from deidkit.io import FORMATS, get_format
from deidkit.labels import LABELS
from deidkit.redact.corpus import CorpusReport
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.redact.modes import MODES, TAG_STYLES

_FORMAT_NAMES = ", ".join(FORMATS)


def parse_shift_range(value: str) -> tuple[int, int]:
    """``DAYS`` (4 weeks to DAYS either way) or ``MIN:MAX`` in days."""
    try:
        if ":" in value:
            low, high = (int(part) for part in value.split(":", 1))
        else:
            high = int(value)
            low = min(28, high)
    except ValueError:
        raise ConfigError(
            f"--date-shift-range {value!r}: give DAYS (e.g. 365) or MIN:MAX (e.g. 30:365)"
        ) from None
    return low, high


def parse_keep(values: list[str]) -> frozenset[str]:
    labels = {item.strip().upper() for value in values for item in value.split(",") if item}
    unknown = sorted(labels - set(LABELS))
    if unknown:
        raise ConfigError(f"--keep {unknown[0]}: unknown label; use one of: {', '.join(LABELS)}")
    return frozenset(labels)


def summary(report: CorpusReport) -> list[str]:
    """The lines the command prints (counts and paths only)."""
    total = sum(report.spans.values())
    lines = [
        f"de-identified {report.documents} documents ({total} PHI spans, mode {report.mode}) "
        f"from {report.source} ({report.source_format}) to {report.target} "
        f"({report.target_format})"
    ]
    if report.spans:
        lines.append(
            "replaced: "
            + ", ".join(f"{label} {count}" for label, count in report.spans.most_common())
        )
    if report.mapping is not None:
        lines.append(
            f"mapping of {report.mapping_entries} replacements (holds the original PHI: keep it "
            f"with the honest broker): {report.mapping}"
        )
    return lines


def warnings(report: CorpusReport) -> list[str]:
    lines = []
    if report.key_generated and report.mode == "surrogate":
        lines.append(
            "note: no --key-file given: a random key was used and not stored, so surrogates "
            "and date shifts differ on every run"
        )
    if report.dropped_metadata:
        lines.append(
            "note: dropped metadata fields that may hold PHI ("
            + ", ".join(sorted(report.dropped_metadata)[:10])
            + "); --keep-metadata keeps them"
        )
    if report.skipped:
        lines.append(
            f"warning: {len(report.skipped)} document(s) could not be processed and were NOT "
            f"written: {', '.join(report.skipped[:20])}"
        )
    return lines


def register(app: typer.Typer) -> None:
    @app.command("deidentify")
    def deidentify_command(
        source: Annotated[Path, typer.Argument(help="Input: a file or a folder of notes.")],
        target: Annotated[
            Path,
            typer.Argument(help="Output file or folder (a folder of .txt files for text input)."),
        ],
        format: FormatOption = None,
        to: Annotated[
            str | None,
            typer.Option(
                "--to", "-t", help=f"Output format (default: the input's): {_FORMAT_NAMES}."
            ),
        ] = None,
        model: Annotated[
            str | None,
            typer.Option(
                help="Detector: a shipped model name or a model folder "
                "(default: the language's default model)."
            ),
        ] = None,
        lang: Annotated[str, typer.Option(help="Language of the notes: en or es.")] = "en",
        detector: Annotated[
            str,
            typer.Option(
                help="Where the PHI spans come from: 'model' (detect them) or "
                "'annotations' (the spans already in the input)."
            ),
        ] = "model",
        mode: Annotated[
            str, typer.Option(help=f"What PHI becomes: {', '.join(MODES)}.")
        ] = "surrogate",
        key_file: Annotated[
            Path | None,
            typer.Option(
                help="File holding the secret key surrogates and date shifts are "
                "derived from (same key, same output). Create one with "
                "`openssl rand -hex 32 > deid.key`. Without it a random key is "
                "used and forgotten."
            ),
        ] = None,
        date_shift_range: Annotated[
            str,
            typer.Option(
                help="Date shift in days: DAYS (up to DAYS earlier or later) or "
                "MIN:MAX; whole weeks, one shift per patient."
            ),
        ] = "365",
        mapping: Annotated[
            Path | None,
            typer.Option(
                help="Also write every replacement with its original text to this "
                "file (.jsonl, .csv or .tsv) for the honest broker; it must lie "
                "outside the output."
            ),
        ] = None,
        tag: Annotated[
            str,
            typer.Option(
                help=f"Tag mode: a style ({', '.join(TAG_STYLES)}) or a template "
                "with {label}, {source_label}, {category}, {i2b2}, {n}."
            ),
        ] = "brackets",
        null_marker: Annotated[
            str, typer.Option(help="Remove mode: the marker left in place of PHI ('' deletes).")
        ] = "NULL",
        placeholder: Annotated[
            str, typer.Option(help="Placeholder mode: the text put in place of PHI.")
        ] = "[REMOVED]",
        mask_char: Annotated[
            str, typer.Option(help="Mask mode: the character that replaces PHI characters.")
        ] = "*",
        ages: Annotated[
            str,
            typer.Option(
                help="Surrogate mode, ages over 89: 'bucket' (the --age-bucket text) "
                "or 'surrogate' (another age over 89)."
            ),
        ] = "bucket",
        age_bucket: Annotated[str, typer.Option(help="Text for ages over 89.")] = "90+",
        keep: Annotated[
            list[str] | None,
            typer.Option(
                help="Labels to leave as they are, e.g. --keep STATE,COUNTRY (repeatable)."
            ),
        ] = None,
        pseudonymize_ids: Annotated[
            bool,
            typer.Option(
                help="Replace patient and note ids by keyed pseudonyms "
                "(document ids and file names are kept)."
            ),
        ] = False,
        keep_metadata: Annotated[
            bool,
            typer.Option(
                help="Keep the input's extra metadata fields (e.g. other CSV columns); "
                "by default they are dropped as they may hold PHI."
            ),
        ] = False,
        patient_from_id: Annotated[
            str | None,
            typer.Option(
                help="Regular expression finding the patient in a document id (a file "
                "name) when the input has no patient ids, e.g. '_([a-z]+)$'; "
                "a patient's notes share surrogates and one date shift."
            ),
        ] = None,
        skip_failed: Annotated[
            bool,
            typer.Option(
                help="Leave out documents that cannot be processed (and list them in the "
                "errors report, exit code 3) instead of stopping; they are never written "
                "un-redacted."
            ),
        ] = False,
        jobs: JobsOption = 1,
        dask: DaskOption = None,
        work_dir: WorkDirOption = None,
        restart: RestartOption = False,
        errors: ErrorsOption = None,
        progress: ProgressOption = None,
        timeout: TimeoutOption = None,
        chunk_size: ChunkSizeOption = None,
        text_column: TextColumnOption = None,
        id_column: IdColumnOption = None,
        patient_column: PatientColumnOption = None,
        date_column: DateColumnOption = None,
        delimiter: DelimiterOption = None,
    ) -> None:
        """Remove or replace the PHI of clinical notes (surrogates by default)."""
        if detector not in ("model", "annotations"):
            raise ConfigError(f"--detector {detector!r}: use 'model' or 'annotations'")
        if detector == "annotations" and model is not None:
            raise ConfigError("--model applies to --detector model only")
        low, high = parse_shift_range(date_shift_range)
        options = RedactOptions(
            mode=mode,  # type: ignore[arg-type]
            lang=lang,
            null_marker=null_marker,
            placeholder=placeholder,
            tag=tag,
            mask_char=mask_char,
            date_shift_min=low,
            date_shift_max=high,
            age_policy=ages,  # type: ignore[arg-type]
            age_bucket=age_bucket,
            keep_labels=parse_keep(keep or []),
            pseudonymize_ids=pseudonymize_ids,
        )
        # no key file: the batch run makes a random key (kept until the run ends, to resume)
        key = SecretKey.from_file(key_file) if key_file is not None else None
        csv_opts = csv_options(text_column, id_column, patient_column, date_column, delimiter)
        in_format = input_format(source, format)
        out_format = get_format(to).name if to else default_output_format(in_format)
        if detector == "annotations" and not carries_spans(in_format):
            raise ConfigError(
                f"--detector annotations: the {in_format} format carries no PHI spans; "
                "use --detector model or an annotated format"
            )
        read_opts = read_options_for(in_format, csv_opts)
        if csv_opts and not (read_opts or FORMATS[out_format].write_options):
            raise ConfigError("the CSV options apply only when the input or the output is csv")
        report = run_deidentify(
            source,
            target,
            options=options,
            key=key,
            detector="annotations" if detector == "annotations" else (model or "default"),
            source_format=in_format,
            to=out_format,
            mapping=mapping,
            read_options=read_opts,
            write_options=csv_opts if FORMATS[out_format].write_options else {},
            keep_metadata=keep_metadata,
            patient_from_id=patient_from_id,
            timeout=timeout,
            settings=run_settings(
                jobs=jobs,
                dask=dask,
                work_dir=work_dir,
                restart=restart,
                errors=errors,
                progress=progress,
                chunk_size=chunk_size,
                skip_failed=skip_failed,
            ),
        )
        for line in summary(report):
            typer.echo(line)
        for line in [*warnings(report), *report_lines(report)]:
            typer.echo(line, err=True)
        if report.skipped:
            raise typer.Exit(FAILED_EXIT_CODE)
