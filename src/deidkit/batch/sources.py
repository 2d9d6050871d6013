"""The input of a batch run, cut into chunks that workers read on their own.

An input is a list of *partitions*, each cut into *chunks* (the unit of work, of resuming and
of a Dask task). The order of partitions, chunks and records is the input order, which is the
order of the output.

- ``files``: a group of one-document files from a folder (text, inline, BRAT, i2b2 2014): each
  file is read on its own, so a file that cannot be read fails alone.
- ``lines``: a byte range of a JSON Lines file (a line belongs to the range it starts in), so
  a large file is split without being scanned first; a bad line fails alone.
- ``rows``: row groups of a Parquet file (``deidkit.batch.parquet``).
- ``stream``: a multi-document file of another format (CSV, PhysioNet, i2b2 2006), read in
  order by the driver, which sends the chunks' documents to the workers. A record the reader
  rejects ends that file: the rest of it is reported as not processed.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from deidkit.batch.job import Failure, failure_of
from deidkit.errors import FormatError, InputError
from deidkit.io import FORMATS, detect_format, get_format, read_documents
from deidkit.io.jsonl import line_reader
from deidkit.io.schemes import LABEL_READ_OPTIONS
from deidkit.io.textfile import BOM, list_files
from deidkit.types import Document

PartitionKind = Literal["files", "lines", "rows", "stream"]
PARQUET = "parquet"
JSONL_SUFFIXES = (".jsonl", ".ndjson")
ONE_DOCUMENT_FILES: dict[str, tuple[str, ...]] = {
    "text": (".txt",),
    "inline": (".txt",),
    "i2b2-2014": (".xml",),
    "brat": (".txt", ".ann"),
}
"""Folder formats holding one document per file (BRAT: per .txt/.ann pair)."""
MULTI_DOCUMENT_FILES: dict[str, tuple[str, ...]] = {
    "csv": (".csv", ".tsv"),
    "physionet": (".text",),
    "i2b2-2006": (".xml",),
}
"""Formats whose files hold many documents; a folder of such files is read file by file."""
Record = Document | Failure


@dataclass(frozen=True, slots=True)
class Partition:
    """A part of the input: a group of files, or one multi-document file."""

    kind: PartitionKind
    path: str
    files: tuple[str, ...] = ()
    size: int = 0
    units: int = 0
    """Row groups of a Parquet file."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """The unit of work: a part of one partition."""

    partition: int
    index: int
    kind: PartitionKind
    path: str
    files: tuple[str, ...] = ()
    start: int = 0
    stop: int = 0

    @property
    def key(self) -> str:
        return f"{self.partition:06d}-{self.index:06d}"


@dataclass(frozen=True, slots=True)
class InputPlan:
    """The partitions of an input and a digest of its files (names, sizes, times)."""

    source: Path
    fmt: str
    partitions: tuple[Partition, ...]
    digest: str
    documents: int | None
    """How many documents the input holds (None when only reading it would tell)."""


# --- formats --------------------------------------------------------------------------------


def input_format(source: Path, name: str | None = None) -> str:
    """The input format: ``name`` if given, else detected; adds what only batch runs read
    (Parquet files or folders, folders of JSON Lines shards)."""
    source = Path(source)
    if name is not None:
        return PARQUET if name == PARQUET else get_format(name).name
    if not source.exists():
        raise InputError("no such file or folder", path=source, fix="check the path")
    if source.is_file() and source.suffix.lower() == ".parquet":
        return PARQUET
    if source.is_dir():
        suffixes = {file.suffix.lower() for file in _visible_files(source)}
        if suffixes and suffixes <= {".parquet"}:
            return PARQUET
        if suffixes and suffixes <= set(JSONL_SUFFIXES):
            return "jsonl"
    return detect_format(source).name


def carries_spans(fmt: str) -> bool:
    return fmt == PARQUET or FORMATS[fmt].carries_spans


def read_options_of(fmt: str) -> tuple[str, ...]:
    """The options a format's reader accepts (Parquet takes the CSV column options), and the
    label options every reader takes (``--label-map``, dropping unknown labels)."""
    if fmt == PARQUET:
        from deidkit.batch.parquet import OPTIONS  # lazy: pyarrow is optional

        return OPTIONS
    return FORMATS[fmt].read_options + LABEL_READ_OPTIONS


def default_output_format(fmt: str) -> str:
    """Parquet input is written as JSON Lines unless another format is asked for."""
    return "jsonl" if fmt == PARQUET else fmt


# --- planning -------------------------------------------------------------------------------


def plan_input(source: Path, fmt: str, *, chunk_size: int) -> InputPlan:
    """The partitions of ``source`` (chunks of ``chunk_size`` documents for file groups)."""
    source = Path(source).resolve()
    if not source.exists():
        raise InputError("no such file or folder", path=source, fix="check the path")
    partitions: list[Partition] = []
    documents: int | None = 0
    if fmt == PARQUET:
        from deidkit.batch.parquet import row_groups  # lazy: pyarrow is optional

        for file in _files(source, (".parquet",), fmt):
            groups, rows = row_groups(file)
            partitions.append(Partition("rows", str(file), size=rows, units=groups))
            documents = (documents or 0) + rows
    elif fmt == "jsonl":
        for file in _files(source, JSONL_SUFFIXES, fmt):
            size = file.stat().st_size
            if size == 0:  # the readers' rule (convert, stats): an empty file is an error
                raise InputError("file is empty", path=file, fix="remove it or add its content")
            partitions.append(Partition("lines", str(file), size=size))
            documents = (documents or 0) + _count_lines(file)
    elif fmt in ONE_DOCUMENT_FILES and source.is_dir():
        files = _document_files(source, fmt)
        for start in range(0, len(files), chunk_size):
            group = tuple(str(file) for file in files[start : start + chunk_size])
            partitions.append(Partition("files", str(source), files=group))
        documents = len(files)
    elif fmt in ONE_DOCUMENT_FILES:
        partitions.append(Partition("files", str(source.parent), files=(str(source),)))
        documents = 1
    elif fmt in MULTI_DOCUMENT_FILES and source.is_dir():
        files = _files(source, MULTI_DOCUMENT_FILES[fmt], fmt)
        partitions.extend(Partition("stream", str(file)) for file in files)
        documents = None
    else:  # one multi-document file, or a format this module does not know how to split
        partitions.append(Partition("stream", str(source)))
        documents = None
    if not partitions:
        raise InputError(f"no {fmt} input found", path=source, fix="check the path and --format")
    return InputPlan(source, fmt, tuple(partitions), _digest(partitions), documents)


def planned_chunks(plan: InputPlan, number: int, *, chunk_size: int) -> list[Chunk]:
    """The chunks of a partition cut without reading it (not for ``stream`` partitions)."""
    partition = plan.partitions[number]
    if partition.kind == "files":
        return [Chunk(number, 0, "files", partition.path, partition.files)]
    if partition.kind == "lines":
        step = max(4096, chunk_size * 4096)  # ~chunk_size notes of 4 kB
        bounds = list(range(0, partition.size, step)) or [0]
        return [
            Chunk(number, index, "lines", partition.path, start=start,
                  stop=min(start + step, partition.size))
            for index, start in enumerate(bounds)
        ]
    if partition.kind == "rows":
        from deidkit.batch.parquet import group_ranges  # lazy: pyarrow is optional

        return [
            Chunk(number, index, "rows", partition.path, start=start, stop=stop)
            for index, (start, stop) in enumerate(
                group_ranges(partition.path, partition.units, chunk_size)
            )
        ]
    raise ValueError("stream partitions are cut while they are read")


def input_root(source: Path) -> Path:
    """The folder that report paths are relative to."""
    source = Path(source).resolve()
    return source if source.is_dir() else source.parent


def relative(root: str | Path, path: str | Path) -> str:
    """A path as shown in reports: relative to the input folder, or the file's name."""
    path = Path(path)
    try:
        return str(path.relative_to(root))
    except ValueError:
        return path.name


def _visible_files(folder: Path) -> list[Path]:
    with os.scandir(folder) as entries:
        return sorted(
            Path(entry.path)
            for entry in entries
            if not entry.name.startswith(".") and entry.is_file()
        )


def _files(source: Path, suffixes: tuple[str, ...], fmt: str) -> list[Path]:
    if source.is_file():
        return [source]
    files = [file for file in _visible_files(source) if file.suffix.lower() in suffixes]
    if not files:
        raise FormatError(
            f"no {' or '.join(suffixes)} files in this folder for the {fmt} format",
            path=source,
            fix="check the folder and --format",
        )
    return files


def _document_files(folder: Path, fmt: str) -> list[Path]:
    """The files to read one by one, in the order the format's reader reads them."""
    if fmt == "brat":
        texts = {file.stem: file for file in list_files(folder, ".txt")}
        annotations = {file.stem: file for file in list_files(folder, ".ann")}
        return [
            texts.get(stem) or annotations[stem]
            for stem in sorted(texts.keys() | annotations.keys())
        ]
    files = list_files(folder, ONE_DOCUMENT_FILES[fmt][0])
    if not files:
        raise FormatError(
            f"no {ONE_DOCUMENT_FILES[fmt][0]} files in this folder",
            path=folder,
            fix="check the folder and --format",
        )
    return files


def _count_lines(path: Path) -> int:
    """Lines of a file (for the progress bar; a few hundred MB/s)."""
    count = 0
    last = b"\n"
    with path.open("rb") as handle:
        while block := handle.read(1 << 22):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (last != b"\n")


def is_utf8(name: str) -> bool:
    """Whether a name (e.g. a file name from the file system) encodes as UTF-8."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable(name: str) -> str:
    """A file name with the bytes that are not UTF-8 as ``\\xNN`` escapes."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _digest(partitions: list[Partition]) -> str:
    """A digest of the input files' names, sizes and modification times."""
    digest = hashlib.sha256()
    for partition in partitions:
        for name in partition.files or (partition.path,):
            try:
                stat = os.stat(name)
                digest.update(os.fsencode(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n"))
            except OSError:
                digest.update(os.fsencode(f"{name}\0missing\n"))
    return digest.hexdigest()[:32]


# --- reading --------------------------------------------------------------------------------


def read_chunk(
    root: Path, fmt: str, chunk: Chunk, read_options: dict[str, str]
) -> Iterator[tuple[Record, str]]:
    """The records of a planned chunk with the source each came from (for reports)."""
    if chunk.kind == "files":
        for name in chunk.files:
            source = relative(root, name)
            if not is_utf8(source):  # a lone surrogate escape from os.listdir
                source = printable(source)
                yield failure_of(
                    InputError("the file name is not valid UTF-8", path=source,
                               fix="rename the file (UTF-8 names only)"),
                    document_id=printable(Path(name).stem), source=source, stage="read",
                ), source  # fmt: skip
                continue
            try:
                for document in read_documents(Path(name), fmt, **read_options):
                    yield document, source
            except Exception as error:  # a reader bug must fail the file, not the run
                yield failure_of(
                    error, document_id=Path(name).stem, source=source, stage="read"
                ), source
    elif chunk.kind == "lines":
        source = relative(root, chunk.path)
        for record in _jsonl_records(
            Path(chunk.path), chunk.start, chunk.stop, source, read_options
        ):
            yield record, source
    elif chunk.kind == "rows":
        from deidkit.batch.parquet import read_rows  # lazy: pyarrow is optional

        source = relative(root, chunk.path)
        for record in read_rows(
            Path(chunk.path), chunk.start, chunk.stop, source, read_options
        ):
            yield record, source
    else:
        raise ValueError("stream chunks carry their documents")


def stream_partition(
    plan: InputPlan, number: int, read_options: dict[str, str], chunk_size: int
) -> Iterator[tuple[Chunk, list[Record], bool]]:
    """Read a ``stream`` partition in order: (chunk, records, last chunk?) triples.

    A reader error ends the partition with a Failure that says the rest was not read.
    """
    partition = plan.partitions[number]
    source = relative(input_root(plan.source), partition.path)
    records: list[Record] = []
    index = 0
    documents = read_documents(Path(partition.path), plan.fmt, **read_options)
    while True:
        try:
            document = next(documents)
        except StopIteration:
            break
        except Exception as error:
            failure = failure_of(error, document_id=None, source=source, stage="read")
            records.append(
                Failure(
                    None, source, "read",
                    f"{failure.reason}; the rest of this file was not read", failure.code,
                )
            )
            break
        records.append(document)
        if len(records) >= chunk_size:
            yield Chunk(number, index, "stream", partition.path), records, False
            records = []
            index += 1
    yield Chunk(number, index, "stream", partition.path), records, True


def _jsonl_records(
    path: Path, start: int, stop: int, source: str, read_options: dict[str, str] | None = None
) -> Iterator[Record]:
    read_line = line_reader(read_options or {})  # the label map and unknown-label policy
    with path.open("rb") as handle:
        if start > 0:
            handle.seek(start - 1)
            handle.readline()  # a line that starts before the range belongs to the one before
        position = handle.tell()
        while position < stop:
            raw = handle.readline()
            if not raw:
                break
            offset, position = position, position + len(raw)
            if not raw.strip():
                continue
            try:
                if b"\x00" in raw:
                    raise InputError(
                        "binary data (NUL byte)", path=path, offset=offset,
                        fix="each line must be one UTF-8 JSON object",
                    )
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as error:
                    raise InputError(
                        f"invalid UTF-8 at byte offset {offset + error.start}",
                        path=path,
                        fix="convert the file to UTF-8",
                    ) from None
                if offset == 0:
                    line = line.removeprefix(BOM)
                yield read_line(line, path, None)
            except Exception as error:
                yield failure_of(
                    error, document_id=_id_of(raw), source=source, stage="read",
                    where=f"byte offset {offset}",
                )


def _id_of(raw: bytes) -> str | None:
    """The id of a JSON line that is not a valid document, if it has one."""
    try:
        data = json.loads(raw.decode("utf-8", errors="replace"))
        value = data.get("id") if isinstance(data, dict) else None
        found = str(value) if isinstance(value, str | int) else None
        if found is not None:
            found.encode("utf-8")  # a lone surrogate could not be reported
    except (ValueError, RecursionError):  # UnicodeEncodeError and huge ints are ValueErrors
        return None
    return found
