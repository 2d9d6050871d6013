"""``deidkit synth`` and ``deidkit reidentify``: thin commands over ``deidkit.corpus``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer

from deidkit.cli.corpus import FormatOption
from deidkit.corpus.families import FAMILIES, NOTE_TYPES
from deidkit.corpus.reidentify import Reidentifier
from deidkit.corpus.synth import VARIANTS, generate
from deidkit.errors import ConfigError
from deidkit.io import FORMATS, get_format, read_documents, write_documents
from deidkit.types import Document

_FORMAT_NAMES = ", ".join(FORMATS)


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


def output_path(out: Path, format_name: str, stem: str) -> Path:
    """Where a format writes: the folder itself for folder formats; for single-file formats
    ``out`` when it ends with the format's suffix, else ``out/<stem><suffix>``."""
    fmt = get_format(format_name)
    if fmt.writes_folder:
        return out
    if out.suffix.lower() in fmt.suffixes:
        return out
    return out / f"{stem}{fmt.suffixes[0] if fmt.suffixes else '.out'}"


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
            "Output folder (or a file name with the format's suffix, e.g. notes.jsonl)."))],
        n: Annotated[int, typer.Option("--n", "-n", help="How many notes to generate.")] = 100,
        variant: Annotated[str, typer.Option(help=(
            f"Corpus variant: {', '.join(VARIANTS)} (seed 001: ambiguous words, "
            "out-of-dictionary names)."))] = "plain",
        seed: Annotated[int, typer.Option(help="Random seed; the same seed gives the same "
                                          "notes.")] = 0,
        to: Annotated[str, typer.Option("--to", "-t", help=(
            f"Output format: {_FORMAT_NAMES}."))] = "jsonl",
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
        target = output_path(out, to, f"synth-{variant}-{seed}")
        tally = Tally()
        documents = generate(n, seed=seed, variant=variant,
                             families=_split_list(templates) or None,
                             exclude=_split_list(exclude_templates) or None,
                             note_types=types or None)
        write_documents(tally.watch(documents), target, to)
        typer.echo(f"wrote {tally.summary()} to {target} ({to})")
        _warn_if_spans_dropped(to)

    @app.command("reidentify")
    def reidentify_command(
        source: Annotated[Path, typer.Argument(help=(
            "De-identified input: a file or folder with placeholders such as [REMOVED], "
            "[**First Name**] or ***NAME***."))],
        target: Annotated[Path, typer.Argument(help=(
            "Output folder, or a file name with the format's suffix."))],
        pattern: Annotated[list[str] | None, typer.Option("--pattern", "-p", help=(
            "Another placeholder as a regular expression (repeatable); a named group "
            "(?P<type>...) gives its PHI type."))] = None,
        format: FormatOption = None,
        to: Annotated[str, typer.Option("--to", "-t", help=(
            f"Output format: {_FORMAT_NAMES}."))] = "jsonl",
        seed: Annotated[int, typer.Option(help="Random seed for the surrogates.")] = 0,
    ) -> None:
        """Replace placeholders by realistic surrogates and annotate each one."""
        reidentifier = Reidentifier(seed, tuple(pattern or ()))
        output = output_path(target, to, "reidentified")
        tally = Tally()
        documents = reidentifier.documents(read_documents(source, format))
        write_documents(tally.watch(documents), output, to)
        typer.echo(f"re-identified {tally.summary()} from {source} to {output} ({to})")
        _warn_if_spans_dropped(to)
