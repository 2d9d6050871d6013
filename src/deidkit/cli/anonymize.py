"""``deidkit anonymize``: a thin command over ``deidkit.anonymize`` (identifier view, Mondrian
k-anonymity and l-diversity, generalized values written back into the notes).

The command reads the input twice (once for the view, once to rewrite), so the notes are never
all held in memory; with ``--model`` the detected spans are kept in a temporary file between
the two passes.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from deidkit.anonymize import (
    DEFAULT_QUASI,
    DIVERSITIES,
    LINK_REASONS,
    QUASI_IDENTIFIERS,
    SENSITIVE_HELP,
    AnonymizeOptions,
    Release,
    Rewriter,
    plan,
)
from deidkit.cli.options import (
    GIVEN_INPUTS,
    InputOptions,
    OutputFormatOption,
    input_options,
    output_format,
)
from deidkit.errors import InputError
from deidkit.io import read_documents, write_documents
from deidkit.io.atomic import atomic_write_text
from deidkit.redact import MODES, TAG_STYLES, RedactOptions, SecretKey, detect, load_detector
from deidkit.types import Document

DETECT_BATCH = 64


def split_list(values: list[str] | None) -> list[str]:
    return [item.strip() for value in values or () for item in value.split(",") if item.strip()]


def _detected(documents: Iterator[Document], model: str, lang: str) -> Iterator[Document]:
    detector = load_detector(None if model == "default" else model, lang)
    batch: list[Document] = []
    for document in documents:
        batch.append(document)
        if len(batch) >= DETECT_BATCH:
            yield from detect(batch, detector)
            batch = []
    if batch:
        yield from detect(batch, detector)


def summary(release: Release, documents: int, target: Path, target_format: str) -> list[str]:
    """The lines the command prints (counts only, no note text)."""
    quality, harbor, model = release.quality, release.safe_harbor, release.model
    persons = len(release.view.persons)
    if persons and quality.released == 0:
        return [
            f"anonymized {documents} documents of {persons} persons to {target} "
            f"({target_format})",
            f"warning: no person could be released with k={model.k}"
            + (f" and l={model.l}" if model.l > 1 else "")
            + f" ({persons} persons, all suppressed): every quasi-identifier was redacted",
        ]
    l_part = ""
    if release.view.sensitive is not None:
        reached = (quality.l_distinct if model.diversity == "distinct" else
                   round(quality.l_entropy or 0.0, 2))
        l_part = f", l={reached} ({model.diversity}, target {model.l})"
    return [
        f"anonymized {documents} documents of {len(release.view.persons)} persons to {target} "
        f"({target_format})",
        f"k={quality.k} (target {model.k}){l_part}; {quality.suppressed} persons suppressed; "
        f"information loss NCP {quality.ncp:.3f}, discernibility {quality.discernibility}",
        f"Safe Harbor on the same persons: k={harbor.k}, {harbor.unique} persons unique, "
        f"{harbor.below_k} in classes smaller than {model.k}; NCP {harbor.ncp:.3f}",
    ]


def register(app: typer.Typer) -> None:
    @app.command("anonymize")
    @input_options
    def anonymize_command(
        source: Annotated[Path, typer.Argument(
            help="Input notes with PHI spans (a file or folder in any readable format).")],
        target: Annotated[Path, typer.Argument(
            help="Output file or folder (format from --to, its suffix, or the input's).")],
        k: Annotated[int, typer.Option(
            "--k", help="k-anonymity: each released person shares the quasi-identifiers of "
            "at least k-1 others.")],
        l_value: Annotated[int, typer.Option(
            "--l", help="l-diversity of the --sensitive attribute in every class.")] = 1,
        sensitive: Annotated[str | None, typer.Option(
            help=f"Sensitive attribute for l-diversity: {SENSITIVE_HELP}.")] = None,
        diversity: Annotated[str, typer.Option(
            help=f"l-diversity kind: {', '.join(DIVERSITIES)}.")] = "distinct",
        quasi: Annotated[list[str] | None, typer.Option(
            help=f"Quasi-identifiers (repeat or comma-separate): {', '.join(QUASI_IDENTIFIERS)}"
            f" (default: all). Other PHI is a direct identifier.")] = None,
        max_suppression: Annotated[float, typer.Option(
            help="Share of persons (0-1) that may be suppressed as outliers.")] = 0.02,
        link_by: Annotated[list[str] | None, typer.Option(
            help=f"How notes link to a person: {', '.join(LINK_REASONS)} (default: all).")
        ] = None,
        view: Annotated[Path | None, typer.Option(
            help="Write the anonymized identifier view here (CSV, one row per person).")
        ] = None,
        report: Annotated[Path | None, typer.Option(
            help="Write k, l, suppressed persons, information loss, Safe Harbor beside it, "
            "the linking report and conflicts here (JSON).")] = None,
        to: OutputFormatOption = None,
        mode: Annotated[str, typer.Option(
            help=f"What direct identifiers become: {', '.join(MODES)}.")] = "surrogate",
        tag: Annotated[str, typer.Option(
            help=f"Tag style or template: {', '.join(TAG_STYLES)}.")] = "brackets",
        key_file: Annotated[Path | None, typer.Option(
            help="File holding the secret key (same key, same output). Create one with "
            "`openssl rand -hex 32 > deid.key`; without it a random key is used.")] = None,
        model: Annotated[str | None, typer.Option(
            help="Detect PHI with this model ('default', a shipped name or a folder) instead "
            "of using the spans in the input.")] = None,
        lang: Annotated[str, typer.Option(help="Language code of the notes (en, es, ...).")] = "en",
        inputs: InputOptions = GIVEN_INPUTS,
    ) -> None:
        """Link PHI to persons, make them k-anonymous (l-diverse) and write the generalized
        values back into the notes (HIDE's identifier view)."""
        options = AnonymizeOptions(
            k=k, l=l_value, diversity=diversity,  # type: ignore[arg-type]  # checked
            sensitive=sensitive, quasi=tuple(split_list(quasi)) or DEFAULT_QUASI,
            max_suppression=max_suppression,
            link_by=tuple(split_list(link_by)) or LINK_REASONS,
            redact=RedactOptions(mode=mode, tag=tag, lang=lang),  # type: ignore[arg-type]
        )
        source_format = inputs.format_of(source)
        target_format = output_format(target, to, source_format)
        read_options = inputs.read_options(source_format, output=target_format)
        secret = SecretKey.from_file(key_file) if key_file is not None else SecretKey.random()
        with tempfile.TemporaryDirectory(prefix="deidkit-anonymize-") as work:
            path, fmt, opts = source, source_format, read_options
            if model is not None:  # the input's spans are not used: unknown labels dropped
                detected = _detected(read_documents(
                    source, source_format, **inputs.lenient(source_format, read_options)),
                    model, lang)
                path, fmt, opts = Path(work) / "detected.jsonl", "jsonl", {}
                write_documents(detected, path, fmt)
            release = plan(read_documents(path, fmt, **opts), options, secret,
                           source=str(source))
            if release.view.spans == 0 and release.view.person_of:
                raise InputError("the input holds no PHI spans, so nothing would be anonymized",
                                 path=source, fix="pass --model default to detect them, or "
                                 "give annotated notes")
            rewriter = Rewriter(release, options.redact, secret)
            write_documents(rewriter.rewrite_all(read_documents(path, fmt, **opts)), target,
                            target_format, **inputs.write_options(target_format))
        if view is not None:
            release.write_view(view)
        if report is not None:
            data = release.report()
            data["mentions"] = {
                "generalized": rewriter.tally.generalized, "kept": rewriter.tally.kept,
                "redacted_quasi_identifiers": rewriter.tally.redacted_quasi,
                "direct_identifiers": rewriter.tally.direct,
                "generalized_by_attribute": dict(sorted(rewriter.tally.by_attribute.items())),
            }
            atomic_write_text(report, json.dumps(data, indent=2) + "\n")
        for line in summary(release, len(release.view.person_of), target, target_format):
            typer.echo(line, err=True)
        if secret.generated:
            typer.echo("note: no --key-file given: a random key was used and not stored, so "
                       "surrogates and person ids differ on every run", err=True)
