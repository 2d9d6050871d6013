"""Converting a corpus from one format to another (what ``deidkit convert`` runs)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from deidkit.errors import ConfigError
from deidkit.io import detect_format, get_format, read_documents, write_documents
from deidkit.types import Document


@dataclass(frozen=True, slots=True)
class Conversion:
    """What a conversion did: formats, paths and counts."""

    source: Path
    target: Path
    source_format: str
    target_format: str
    documents: int
    spans: int
    spans_dropped: int


def convert(
    source: Path | str,
    target: Path | str,
    to: str,
    *,
    source_format: str | None = None,
    read_options: Mapping[str, str] | None = None,
    write_options: Mapping[str, str] | None = None,
) -> Conversion:
    """Read ``source`` (format detected unless given) and write it to ``target`` as ``to``.

    Streams document by document; the output is written atomically, so an error in the
    input leaves no output behind.
    """
    source, target = Path(source), Path(target)
    target_format = get_format(to)
    fmt = get_format(source_format) if source_format else detect_format(source)
    if source.exists() and target.exists() and source.resolve() == target.resolve():
        raise ConfigError(f"{target}: the output is the input; give another output path")
    documents = read_documents(source, fmt.name, **dict(read_options or {}))
    counts = {"documents": 0, "spans": 0}

    def counted() -> Iterator[Document]:
        for document in documents:
            counts["documents"] += 1
            counts["spans"] += len(document.spans)
            yield document

    write_documents(counted(), target, target_format.name, **dict(write_options or {}))
    return Conversion(
        source=source,
        target=target,
        source_format=fmt.name,
        target_format=target_format.name,
        documents=counts["documents"],
        spans=counts["spans"],
        spans_dropped=0 if target_format.carries_spans else counts["spans"],
    )
