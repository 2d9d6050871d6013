"""``deidkit convert`` and ``deidkit stats``: thin commands over deidkit.io and deidkit.stats.

Both read a corpus with the input options of ``deidkit.cli.options`` (``@input_options``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from deidkit.cli.options import (
    DateColumnOption,
    DelimiterOption,
    FormatOption,
    IdColumnOption,
    InputOptions,
    LabelsOption,
    OutputFormatOption,
    PatientColumnOption,
    TextColumnOption,
    csv_options,
    input_options,
    output_format,
    output_labels,
)
from deidkit.io import read_documents
from deidkit.io.convert import convert
from deidkit.stats import corpus_stats, format_stats

__all__ = [  # the input options, defined in deidkit.cli.options, importable from here too
    "DateColumnOption",
    "DelimiterOption",
    "FormatOption",
    "IdColumnOption",
    "PatientColumnOption",
    "TextColumnOption",
    "csv_options",
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command("convert")
    @input_options
    def convert_command(
        source: Annotated[Path, typer.Argument(help="Input corpus: a file or a folder.")],
        target: Annotated[Path, typer.Argument(help="Output file or folder.")],
        inputs: InputOptions,
        to: OutputFormatOption = None,
        labels: LabelsOption = None,
    ) -> None:
        """Convert a corpus between formats, keeping every span (written atomically)."""
        source_format = inputs.format_of(source)
        target_format = output_format(target, to, source_format)
        result = convert(
            source,
            target,
            target_format,
            source_format=source_format,
            read_options=inputs.read_options(source_format, output=target_format),
            write_options={
                **inputs.write_options(target_format),
                **output_labels(labels, target_format, model="annotations"),
            },
        )
        typer.echo(
            f"converted {result.documents} documents and {result.spans} spans from "
            f"{result.source_format} to {result.target_format}: {result.target}"
        )
        if result.spans_dropped:
            typer.echo(
                f"note: {result.spans_dropped} spans were not written: the "
                f"{result.target_format} format holds text only",
                err=True,
            )

    @app.command("stats")
    @input_options
    def stats_command(
        corpus: Annotated[Path, typer.Argument(help="Corpus: a file or a folder.")],
        inputs: InputOptions,
        as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
    ) -> None:
        """Count documents, tokens, PHI spans and PHI tokens per label and category."""
        fmt = inputs.format_of(corpus)
        stats = corpus_stats(read_documents(corpus, fmt, **inputs.read_options(fmt)))
        if as_json:
            typer.echo(json.dumps({"corpus": str(corpus), "format": fmt, **stats.to_dict()}))
        else:
            typer.echo(f"corpus: {corpus} ({fmt})")
            typer.echo(format_stats(stats))
