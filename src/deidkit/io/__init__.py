"""Corpus readers and writers, one module per format, and format detection.

Use ``read_documents(path, format=None, **options)`` and ``write_documents(documents, path,
format, **options)``; ``FORMATS`` is the explicit registry of every format deidkit reads and
writes (see docs/formats.md). Readers stream: they yield documents one by one and never load
a folder at once. Writers are atomic: the output appears complete or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from deidkit.errors import ConfigError, FormatError, InputError
from deidkit.io import (
    brat,
    csvfile,
    i2b2_2006,
    i2b2_2014,
    inline,
    jsonl,
    physionet,
    plaintext,
)
from deidkit.io.base import CorpusFormat
from deidkit.io.labelmap import noting_fallbacks
from deidkit.io.schemes import (
    LabelMap,
    OutputScheme,
    as_label_map,
    output_scheme,
    read_with_labels,
    relabel,
    reset_writing_scheme,
    set_writing_scheme,
)
from deidkit.types import Document

FORMATS: dict[str, CorpusFormat] = {
    fmt.name: fmt
    for fmt in (
        jsonl.FORMAT,
        csvfile.FORMAT,
        physionet.FORMAT,
        brat.FORMAT,
        i2b2_2014.FORMAT,
        i2b2_2006.FORMAT,
        inline.FORMAT,
        plaintext.FORMAT,
    )
}
"""Every supported format by name. Detection tries them in this order."""


def get_format(name: str) -> CorpusFormat:
    try:
        return FORMATS[name]
    except KeyError:
        raise FormatError(
            f"unknown format {name!r}", fix=f"use one of: {', '.join(FORMATS)}"
        ) from None


def detect_format(path: Path) -> CorpusFormat:
    """The format of a file or folder, from its name and (cheaply) its content."""
    path = Path(path)
    if not path.exists():
        raise InputError("no such file or folder", path=path, fix="check the path")
    for fmt in FORMATS.values():
        if fmt.detect(path):
            return fmt
    raise FormatError(
        "cannot tell the format",
        path=path,
        fix=f"pass --format (one of: {', '.join(FORMATS)})",
    )


def _check_options(fmt: CorpusFormat, options: dict[str, str], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        accepted = ", ".join(allowed) if allowed else "none"
        raise ConfigError(
            f"option {unknown[0]!r} does not apply to the {fmt.name} format "
            f"(its options: {accepted})"
        )


def read_documents(
    path: Path | str,
    format: str | None = None,
    *,
    label_map: LabelMap | Path | str | dict[str, str] | None = None,
    unknown_labels: str = "error",
    **options: str,
) -> Iterator[Document]:
    """Stream the documents of a corpus file or folder.

    ``format`` is a name from ``FORMATS`` (detected from the path when None); ``options``
    are format options such as ``text_column`` for csv. ``label_map`` (a LabelMap, a map
    file or a dict) says what the corpus's own labels mean (``deidkit.io.schemes``);
    ``unknown_labels="drop"`` drops spans with labels nobody knows instead of failing.
    """
    path = Path(path)
    fmt = get_format(format) if format else detect_format(path)
    if not path.exists():
        raise InputError("no such file or folder", path=path, fix="check the path")
    _check_options(fmt, options, fmt.read_options)
    documents = fmt.read(path, **options)
    if label_map is None and unknown_labels == "error":
        return documents
    return read_with_labels(iter(documents), as_label_map(label_map), unknown_labels)


FIXED_SCHEME_FORMATS = ("i2b2-2006", "i2b2-2014", "physionet")
"""Formats whose labels are their own scheme's (the format and scheme share the name)."""


def write_documents(
    documents: Iterable[Document],
    path: Path | str,
    format: str,
    *,
    labels: str | Path | LabelMap | OutputScheme | None = None,
    **options: str,
) -> None:
    """Write documents atomically in the named format; ``labels`` names the output label
    scheme (``canonical``, ``meddocan``, ..., or a label map file; see ``relabel``)."""
    fmt = get_format(format)
    _check_options(fmt, options, fmt.write_options)
    if fmt.name in FIXED_SCHEME_FORMATS:  # its labels: nearest ones are announced
        documents = noting_fallbacks(documents, fmt.name)
    if labels is None:  # the spans' own labels (a format of its own scheme: its labels)
        fmt.write(documents, Path(path), **options)
        return
    scheme = labels if isinstance(labels, OutputScheme) else output_scheme(labels)
    if fmt.name in FIXED_SCHEME_FORMATS and scheme.name != fmt.name:
        raise ConfigError(
            f"--labels: the {fmt.name} format writes {fmt.name} labels; leave out --labels "
            "or write brat, inline, jsonl or csv"
        )
    token = set_writing_scheme(scheme.name)
    try:
        if fmt.name in FIXED_SCHEME_FORMATS:  # its scheme's labels only (no user map labels)
            fmt.write(documents, Path(path), **options)
        else:
            fmt.write(relabel(iter(documents), scheme), Path(path), **options)
    finally:
        reset_writing_scheme(token)


__all__ = [
    "FORMATS",
    "CorpusFormat",
    "detect_format",
    "get_format",
    "read_documents",
    "write_documents",
]
