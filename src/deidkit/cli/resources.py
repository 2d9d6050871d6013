"""``deidkit resources``: list and describe the shipped dictionaries, build frequency tables
and convert MeSH; thin commands over ``deidkit.resources``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from deidkit import resources
from deidkit.errors import OutputError
from deidkit.resources.bundles import BUNDLES
from deidkit.resources.catalogue import ResourceInfo
from deidkit.resources.frequency import build_frequency_table
from deidkit.resources.mesh import MeshVocabulary

resources_app = typer.Typer(
    name="resources",
    help="The shipped dictionaries and word lists: list them, show their provenance and "
    "license, build word-frequency tables and convert MeSH.",
    no_args_is_help=True,
)


def catalogue(lang: str | None = None, *, optional: bool = True) -> list[ResourceInfo]:
    """Every shipped resource (and optional bundle) as ResourceInfo, optionally one language."""
    items = [resources.info(name) for name in resources.names(lang)]
    if optional:
        items += [
            bundle.info() for bundle in BUNDLES.values() if lang is None or bundle.lang == lang
        ]
    return items


def _short_license(text: str) -> str:
    return text.split(" (")[0].split(";")[0]


def _short_source(item: ResourceInfo) -> str:
    return item.source.split(":")[0].split(" (")[0].split(" from ")[0]


def _check_output(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise OutputError(f"{path}: already exists; pass --force to replace it")
    if path.exists() and path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name such as freq.tsv.gz")


@resources_app.command("list")
def list_command(
    lang: Annotated[
        str | None, typer.Option("--lang", help="Only this language (en, es).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List every resource with its size, source and license (optional bundles included)."""
    items = catalogue(lang)
    if as_json:
        typer.echo(json.dumps([item.to_dict() for item in items], indent=1, ensure_ascii=False))
        return
    # lazy: commands import what they use (CLI start-up)
    from rich.table import Table

    # lazy: commands import what they use (CLI start-up)
    from deidkit.cli.options import print_table

    table = Table("name", "lang", "kind", "count", "license", "source", box=None)
    for item in items:
        count = str(item.count) if not item.optional or item.count else "not installed"
        table.add_row(
            item.name, item.lang, item.kind, count, _short_license(item.license),
            _short_source(item),
        )
    print_table(table)


@resources_app.command("info")
def info_command(
    name: Annotated[
        str, typer.Argument(help="Resource name, as shown by 'deidkit resources list'.")
    ],
    head: Annotated[
        int, typer.Option("--head", min=0, help="Also print the first N entries.")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show a resource's description, source, license, build script and size."""
    item = resources.info(name)
    first = list(resources.entries(name)[:head]) if head else []
    if as_json:
        payload = item.to_dict()
        if head:
            payload["head"] = first
        typer.echo(json.dumps(payload, indent=1, ensure_ascii=False))
        return
    for key, value in item.to_dict().items():
        if isinstance(value, list):
            value = ", ".join(value)
        typer.echo(f"{key + ':':13} {value}")
    if head:
        typer.echo(f"{'head:':13} {' | '.join(first)}")


@resources_app.command("build-frequency")
def build_frequency_command(
    corpus: Annotated[
        Path,
        typer.Argument(
            help="Public (non-clinical or published medical) text: a .txt/.txt.gz file, a "
            "folder of them, or a corpus file in a deidkit format."
        ),
    ],
    out: Annotated[Path, typer.Argument(help="Output table, e.g. pubmed-freq.tsv.gz.")],
    format: Annotated[
        str | None,
        typer.Option("--format", "-f", help="Corpus format (see deidkit.io); default: plain "
                     "text for .txt files and folders, detected otherwise."),
    ] = None,
    min_count: Annotated[
        int, typer.Option("--min-count", min=1, help="Drop tokens seen fewer times (smaller file).")
    ] = 1,
    keep_case: Annotated[
        bool, typer.Option("--keep-case", help="Count tokens as written (default: casefolded).")
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace OUT if it exists.")] = False,
) -> None:
    """Count the tokens of a public corpus into a frequency table for the frequency features."""
    _check_output(out, force)
    table = build_frequency_table(
        corpus, format=format, casefold=not keep_case, min_count=min_count
    )
    table.save(out)
    typer.echo(
        f"{out}: {len(table)} distinct tokens, {table.total} tokens counted "
        f"(casefold={'yes' if table.casefold else 'no'}, min count {min_count})"
    )


@resources_app.command("mesh")
def mesh_command(
    source: Annotated[
        Path,
        typer.Argument(help="NLM's MeSH descriptor file: d20XX.bin (ASCII) or desc20XX.xml, "
                       "optionally .gz."),
    ],
    out: Annotated[Path, typer.Argument(help="Compact output, e.g. mesh2025.tsv.gz.")],
    force: Annotated[bool, typer.Option("--force", help="Replace OUT if it exists.")] = False,
) -> None:
    """Convert a MeSH descriptor file into deidkit's compact form for the MeSH feature."""
    _check_output(out, force)
    vocabulary = MeshVocabulary.load(source)
    vocabulary.save(out)
    typer.echo(
        f"{out}: {len(vocabulary.descriptors)} descriptors, {len(vocabulary)} terms"
    )


def register(app: typer.Typer) -> None:
    app.add_typer(resources_app, name="resources")
