"""``deidkit convert`` and ``deidkit stats``: thin commands over deidkit.io and deidkit.stats.

The input options (``--format`` and the CSV column options) are defined once here as
annotated types so other commands can reuse them with ``csv_options(...)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from deidkit.errors import ConfigError
from deidkit.io import FORMATS, detect_format, get_format, read_documents
from deidkit.io.convert import convert
from deidkit.stats import corpus_stats, format_stats

_FORMAT_NAMES = ", ".join(FORMATS)

FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help=f"Input format (detected from the path when omitted): {_FORMAT_NAMES}.",
    ),
]
TextColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with the note text (default: text).")
]
IdColumnOption = Annotated[
    str | None,
    typer.Option(help="CSV: the column with document ids (default: id; row numbers if absent)."),
]
PatientColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with patient ids (default: patient_id).")
]
DateColumnOption = Annotated[
    str | None, typer.Option(help="CSV: the column with note dates (default: note_date).")
]
DelimiterOption = Annotated[
    str | None,
    typer.Option(help="CSV: the field delimiter, e.g. ';' or 'tab' (default: ',', tab for .tsv)."),
]


def csv_options(
    text_column: str | None = None,
    id_column: str | None = None,
    patient_column: str | None = None,
    date_column: str | None = None,
    delimiter: str | None = None,
) -> dict[str, str]:
    """The CSV options given on the command line, as ``read_documents`` keyword options."""
    given = {
        "text_column": text_column,
        "id_column": id_column,
        "patient_column": patient_column,
        "date_column": date_column,
        "delimiter": delimiter,
    }
    return {name: value for name, value in given.items() if value is not None}


def _options_for(format_name: str, options: dict[str, str]) -> dict[str, str]:
    return options if FORMATS[format_name].read_options else {}


def register(app: typer.Typer) -> None:
    @app.command("convert")
    def convert_command(
        source: Annotated[Path, typer.Argument(help="Input corpus: a file or a folder.")],
        target: Annotated[Path, typer.Argument(help="Output file or folder.")],
        to: Annotated[str, typer.Option("--to", "-t", help=f"Output format: {_FORMAT_NAMES}.")],
        format: FormatOption = None,
        text_column: TextColumnOption = None,
        id_column: IdColumnOption = None,
        patient_column: PatientColumnOption = None,
        date_column: DateColumnOption = None,
        delimiter: DelimiterOption = None,
    ) -> None:
        """Convert a corpus between formats, keeping every span (written atomically)."""
        options = csv_options(text_column, id_column, patient_column, date_column, delimiter)
        source_format = (get_format(format) if format else detect_format(source)).name
        target_format = get_format(to).name
        if options and not (FORMATS[source_format].read_options or FORMATS[to].write_options):
            raise ConfigError("the CSV options apply only when the input or the output is csv")
        result = convert(
            source,
            target,
            target_format,
            source_format=source_format,
            read_options=_options_for(source_format, options),
            write_options=options if FORMATS[target_format].write_options else {},
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
    def stats_command(
        corpus: Annotated[Path, typer.Argument(help="Corpus: a file or a folder.")],
        format: FormatOption = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
        text_column: TextColumnOption = None,
        id_column: IdColumnOption = None,
        patient_column: PatientColumnOption = None,
        date_column: DateColumnOption = None,
        delimiter: DelimiterOption = None,
    ) -> None:
        """Count documents, tokens, PHI spans and PHI tokens per label and category."""
        options = csv_options(text_column, id_column, patient_column, date_column, delimiter)
        fmt = get_format(format) if format else detect_format(corpus)
        if options and not fmt.read_options:
            raise ConfigError(f"the CSV options do not apply to the {fmt.name} format")
        stats = corpus_stats(read_documents(corpus, fmt.name, **options))
        if as_json:
            typer.echo(json.dumps({"corpus": str(corpus), "format": fmt.name, **stats.to_dict()}))
        else:
            typer.echo(f"corpus: {corpus} ({fmt.name})")
            typer.echo(format_stats(stats))
