"""``deidkit deidentify``: a thin command over ``deidkit.batch.run_deidentify`` (which reads,
detects and redacts with ``deidkit.redact``, in parallel, resumably)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deidkit.agerule import check_age_rule
from deidkit.batch import carries_spans, run_deidentify
from deidkit.batch.runner import RunSettings
from deidkit.cli.options import (
    FAILED_EXIT_CODE,
    InputOptions,
    LabelsOption,
    OutputFormatOption,
    PropagateOption,
    ThresholdOption,
    TimeoutOption,
    batch_options,
    input_options,
    model_label_scheme,
    output_format,
    output_labels,
    report_lines,
)
from deidkit.errors import ConfigError
from deidkit.io.schemes import (
    announce_fallbacks,
    one_note_per_fallback,
    output_scheme,
    portable_labels,
)
from deidkit.labels import LABELS
from deidkit.redact.engine import RedactOptions
from deidkit.redact.keys import SecretKey
from deidkit.redact.modes import MODES, TAG_STYLES
from deidkit.run_report import CorpusReport


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


IDS_NOTE = (
    "note: patient and note ids are replaced by keyed pseudonyms (CSV/Parquet; the same id gives "
    "the same pseudonym under one --key-file); --keep-patient-ids keeps them in clear"
)


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
    @input_options
    @batch_options
    def deidentify_command(
        source: Annotated[Path, typer.Argument(help="Input: a file or a folder of notes.")],
        target: Annotated[
            Path,
            typer.Argument(
                help="Output file or folder: its suffix chooses the format unless --to is "
                "given (.jsonl, .csv, .xml); else the input's (a folder of .txt files for "
                "text input)."
            ),
        ],
        inputs: InputOptions,
        settings: RunSettings,
        to: OutputFormatOption = None,
        model: Annotated[
            str | None,
            typer.Option(
                help="Detector: a shipped model name or a model folder "
                "(default: the language's default model)."
            ),
        ] = None,
        lang: Annotated[str, typer.Option(help="Language code of the notes (en, es, ...).")] = "en",
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
                help="Which ages are PHI: 'all' (i2b2 2014) or 'over-89' (HIPAA Safe "
                "Harbor: detected ages under 90 are left as they are in every mode). "
                "Surrogate mode keeps ages under 90 either way. ('bucket' and 'surrogate' "
                "are still read as --age-surrogates.)"
            ),
        ] = "all",
        age_surrogates: Annotated[
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
            bool | None,
            typer.Option(
                "--pseudonymize-ids/--keep-patient-ids",
                help="Replace patient and note ids by keyed pseudonyms (HMAC of the id under "
                "the key: the same id and key give the same pseudonym; document ids and file "
                "names are kept), or keep them in clear. Default: pseudonymize when the input "
                "or the output is CSV or Parquet (a patient-id column is often the MRN), "
                "else keep.",
            ),
        ] = None,
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
                "name) when the input has no patient ids, e.g. '_(\\[a-z]+)$'; "
                "a patient's notes share surrogates and one date shift."
            ),
        ] = None,
        labels: LabelsOption = None,
        timeout: TimeoutOption = None,
        threshold: ThresholdOption = None,
        propagate: PropagateOption = None,
    ) -> None:
        """Remove or replace the PHI of clinical notes (surrogates by default)."""
        if ages in ("bucket", "surrogate"):  # the option's meaning before the age rule
            ages, age_surrogates = "all", ages
        check_age_rule(ages)
        if detector not in ("model", "annotations"):
            raise ConfigError(f"--detector {detector!r}: use 'model' or 'annotations'")
        if detector == "annotations" and model is not None:
            raise ConfigError("--model applies to --detector model only")
        low, high = parse_shift_range(date_shift_range)
        in_format = inputs.format_of(source)
        out_format = output_format(target, to, in_format)
        ids_by_default = pseudonymize_ids is None and bool(
            {in_format, out_format} & {"csv", "parquet"}
        )
        options = RedactOptions(
            mode=mode,  # type: ignore[arg-type]
            lang=lang,
            null_marker=null_marker,
            placeholder=placeholder,
            tag=tag,
            mask_char=mask_char,
            date_shift_min=low,
            date_shift_max=high,
            age_policy=age_surrogates,  # type: ignore[arg-type]
            age_bucket=age_bucket,
            keep_labels=parse_keep(keep or []),
            pseudonymize_ids=bool(pseudonymize_ids) or ids_by_default,
            labels=tag_labels(
                labels, "annotations" if detector == "annotations" else model, lang, mode
            ),
        )
        if ids_by_default:
            typer.echo(IDS_NOTE, err=True)
        # no key file: the batch run makes a random key (kept until the run ends, to resume)
        key = SecretKey.from_file(key_file) if key_file is not None else None
        if detector == "annotations" and not carries_spans(in_format):
            raise ConfigError(
                f"--detector annotations: the {in_format} format carries no PHI spans; "
                "use --detector model or an annotated format"
            )
        read_options = inputs.read_options(in_format, output=out_format)
        with one_note_per_fallback():  # the writer and the tags announce a fallback once
            report = run_deidentify(
                source,
                target,
                options=options,
                key=key,
                model="annotations" if detector == "annotations" else (model or "default"),
                source_format=in_format,
                to=out_format,
                mapping=mapping,
                read_options=(
                    read_options
                    if detector == "annotations"
                    else inputs.lenient(in_format, read_options)
                ),
                write_options={
                    **inputs.write_options(out_format),
                    **output_labels(
                        labels, out_format, lang=lang,
                        model="annotations" if detector == "annotations" else model,
                    ),
                },
                keep_metadata=keep_metadata,
                patient_from_id=patient_from_id,
                timeout=timeout,
                threshold=threshold,
                ages=ages,
                propagate=propagate,
                settings=settings,
            )
            if options.labels is not None:
                announce_fallbacks(
                    output_scheme(options.labels), set(report.spans) - options.keep_labels
                )
        for line in summary(report):
            typer.echo(line)
        for line in [*warnings(report), *report_lines(report)]:
            typer.echo(line, err=True)
        if report.skipped:
            raise typer.Exit(FAILED_EXIT_CODE)


def tag_labels(labels: str | None, model: str | None, lang: str, mode: str) -> str | None:
    """The label scheme tag mode writes: ``--labels``, else (a model's spans) the scheme the
    model was trained on, as detect does for its annotations; None: canonical labels. A map
    file is passed on as its JSON, so that workers need no file."""
    if mode != "tag":
        return None
    if labels is not None:
        return portable_labels(labels)
    return None if model == "annotations" else model_label_scheme(model, lang)
