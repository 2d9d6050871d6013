"""``deidkit synth`` and ``deidkit reidentify``: thin commands over ``deidkit.corpus``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer

from deidkit.cli.options import (
    GIVEN_INPUTS,
    InputOptions,
    LabelsOption,
    input_options,
    output_labels,
    suffix_format,
)
from deidkit.corpus.families import FAMILIES, NOTE_TYPES
from deidkit.corpus.reidentify import Reidentifier
from deidkit.corpus.synth import VARIANTS, generate
from deidkit.errors import ConfigError
from deidkit.io import FORMATS, get_format, write_documents
from deidkit.types import Document

_FORMAT_NAMES = ", ".join(FORMATS)
OutputToOption = Annotated[str | None, typer.Option("--to", "-t", help=(
    "Output format (default: the one the output's suffix names, else jsonl): "
    f"{_FORMAT_NAMES}."))]
ForceOption = Annotated[bool, typer.Option(help="Replace the output if it exists.")]


@dataclass
class Tally:
    """Counts of what went through a stream of documents (no text is kept)."""

    documents: int = 0
    labels: Counter[str] = field(default_factory=Counter)

    def watch(self, documents: Iterable[Document]) -> Iterator[Document]:
        for document in documents:
            self.documents += 1
            self.labels.update(span.label for span in document.spans)
            yield document

    def summary(self) -> str:
        total = sum(self.labels.values())
        by_label = ", ".join(f"{label} {count}" for label, count in self.labels.most_common())
        return f"{self.documents} documents, {total} PHI spans" + (
            f" ({by_label})" if by_label else "")


def output_path(
    out: Path, to: str | None, stem: str, *, force: bool = True
) -> tuple[Path, str]:
    """Where a corpus is written, and in which format.

    The format is ``to``, else the one ``out``'s suffix names (``.jsonl``, ``.csv``,
    ``.xml``), else JSON Lines. Folder formats write into ``out``; a single-file format
    writes ``out`` when it has a suffix, else ``out/<stem><suffix>``. A suffix naming no
    single-file format (``x.txt``) is an error, never a folder named so; an existing output
    is replaced only with ``force``.
    """
    named = suffix_format(out)
    fmt = get_format(to) if to is not None else get_format(named or "jsonl")
    if named is not None and named != fmt.name:
        raise ConfigError(
            f"{out}: the suffix {out.suffix} means {named} output but --to is {fmt.name}; "
            "change the suffix or --to"
        )
    if out.suffix and named is None and not out.is_dir():
        raise ConfigError(
            f"{out}: {out.suffix} is not a corpus file suffix; give a folder (no suffix) or "
            "a file ending in .jsonl, .csv or .xml"
        )
    if fmt.writes_folder or named is not None:
        target = out
    else:
        target = out / f"{stem}{fmt.suffixes[0] if fmt.suffixes else '.out'}"
    exists = target.is_file() or (target.is_dir() and any(target.iterdir()))
    if exists and not force:
        raise ConfigError(f"{target}: exists; pass --force to replace it, or choose another path")
    return target, fmt.name


def _split_list(values: list[str] | None) -> list[str]:
    return [item.strip() for value in values or () for item in value.split(",") if item.strip()]


def _warn_if_spans_dropped(format_name: str) -> None:
    if not getattr(get_format(format_name), "carries_spans", True):
        typer.echo(f"note: the {format_name} format holds text only; the spans were not "
                   "written (use jsonl, brat or i2b2-2014 to keep them)", err=True)


def _list_templates(value: bool) -> None:
    if value:
        for family in FAMILIES:
            typer.echo(f"{family.id:20} {family.note_type:24} {family.description}")
        raise typer.Exit()


def register(app: typer.Typer) -> None:
    @app.command("synth")
    def synth_command(
        out: Annotated[Path, typer.Option("--out", "-o", help=(
            "Output folder, or a file whose suffix names the format (notes.jsonl, notes.csv)."
        ))],
        n: Annotated[int, typer.Option("--n", "-n", help="How many notes to generate.")] = 100,
        variant: Annotated[str, typer.Option(help=(
            f"Corpus variant: {', '.join(VARIANTS)} (Stat De-id's tests: ambiguous words, "
            "out-of-dictionary names)."))] = "plain",
        seed: Annotated[int, typer.Option(help="Random seed; the same seed gives the same "
                                          "notes.")] = 0,
        to: OutputToOption = None,
        force: ForceOption = False,
        templates: Annotated[list[str] | None, typer.Option("--templates", help=(
            "Only these template families (comma-separated ids; see --list-templates)."))] = None,
        exclude_templates: Annotated[list[str] | None, typer.Option(
            "--exclude-templates", help="Leave out these template families (held out for "
            "testing).")] = None,
        note_types: Annotated[list[str] | None, typer.Option("--note-types", help=(
            f"Only these note types: {', '.join(NOTE_TYPES)}."))] = None,
        list_templates: Annotated[bool, typer.Option(
            "--list-templates", callback=_list_templates, is_eager=True,
            help="List the template families and exit.")] = False,
        labels: LabelsOption = None,
    ) -> None:
        """Generate synthetic clinical notes with exact PHI annotations."""
        if n < 0:
            raise ConfigError(f"--n must be 0 or more (got {n})")
        if variant not in VARIANTS:
            raise ConfigError(f"--variant {variant!r}: use one of: {', '.join(VARIANTS)}")
        types = _split_list(note_types)
        unknown = [name for name in types if name not in NOTE_TYPES]
        if unknown:
            raise ConfigError(f"--note-types {unknown[0]!r}: use one of: {', '.join(NOTE_TYPES)}")
        target, to = output_path(out, to, f"synth-{variant}-{seed}", force=force)
        tally = Tally()
        documents = generate(n, seed=seed, variant=variant,
                             families=_split_list(templates) or None,
                             exclude=_split_list(exclude_templates) or None,
                             note_types=types or None)
        write_documents(tally.watch(documents), target, to,
                        **output_labels(labels, to, model="annotations"))
        typer.echo(f"wrote {tally.summary()} to {target} ({to})")
        _warn_if_spans_dropped(to)

    @app.command("reidentify")
    @input_options
    def reidentify_command(
        source: Annotated[Path, typer.Argument(help=(
            "De-identified input: a file or folder with placeholders such as [REMOVED], "
            "[**First Name**] or ***NAME***."))],
        target: Annotated[Path, typer.Argument(help=(
            "Output folder, or a file name with the format's suffix."))],
        pattern: Annotated[list[str] | None, typer.Option("--pattern", "-p", help=(
            "Another placeholder as a regular expression (repeatable); a named group "
            "(?P<type>...) gives its PHI type."))] = None,
        to: OutputToOption = None,
        force: ForceOption = False,
        seed: Annotated[int, typer.Option(help="Random seed for the surrogates.")] = 0,
        inputs: InputOptions = GIVEN_INPUTS,
        labels: LabelsOption = None,
    ) -> None:
        """Replace placeholders by realistic surrogates and annotate each one (every date of
        a patient, or of a note without a patient id, moves by the same offset)."""
        reidentifier = Reidentifier(seed, tuple(pattern or ()))
        output, to = output_path(target, to, "reidentified", force=force)
        tally = Tally()
        documents = reidentifier.documents(inputs.read(source))
        write_documents(tally.watch(documents), output, to,
                        **output_labels(labels, to, model="annotations"))
        typer.echo(f"re-identified {tally.summary()} from {source} to {output} ({to})")
        _warn_if_spans_dropped(to)
