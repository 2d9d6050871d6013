"""Reading resources: lazily, once, from compact gzip TSV files inside the package.

A data file is UTF-8 text, gzip-compressed: a header line naming the columns, then one row
per line, fields separated by tabs. The first column is the entry (original case); rows are
ordered most frequent first where the source has a frequency. A list may hold several rows
for one entry (``Springfield`` in many states); ``entries`` keeps the first.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import gzip
import itertools
import math
import sys
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType

from deidkit.errors import ResourceError
from deidkit.lang import get_language, is_language
from deidkit.resources import bundles
from deidkit.resources.catalogue import DATA_DIR, ResourceInfo, shipped
from deidkit.resources.frequency import FrequencyTable


@dataclass(frozen=True, slots=True)
class Table:
    """The rows of one resource and the names of its columns."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while long-lived tables are built.

    A list of 90,000 rows allocates as many tuples, and each allocation burst triggers
    collections that scan them and free nothing (tables hold no reference cycles): ~0.1 CPU s
    of a process's start. The collector runs again afterwards unless it was off already.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def names(lang: str | None = None, *, kind: str | None = None) -> tuple[str, ...]:
    """The names of the shipped resources, optionally only one language or kind."""
    return tuple(
        name
        for name, item in shipped().items()
        if (lang is None or item.lang == lang) and (kind is None or item.kind == kind)
    )


def info(name: str) -> ResourceInfo:
    """Source, license, notes and size of a shipped resource or an optional bundle."""
    catalogue = shipped()
    if name in catalogue:
        return catalogue[name]
    if name in bundles.BUNDLES:
        return bundles.BUNDLES[name].info()
    raise ResourceError(
        f"unknown resource {name!r}; run 'deidkit resources list' to see the available ones"
    )


def read_table(path: Path) -> Table:
    """Read one gzip TSV data file (optional '#' header, column line, then rows)."""
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except FileNotFoundError:
        raise ResourceError(f"{path}: resource file missing; reinstall deidkit") from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as error:
        raise ResourceError(f"{path}: resource file damaged ({error}); reinstall deidkit") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if lines and lines[0].startswith("#"):  # a file header such as #deidkit-frequency
        lines.pop(0)
    if not lines:
        raise ResourceError(f"{path}: resource file has no header line; reinstall deidkit")
    columns = tuple(lines[0].split("\t"))
    width = len(columns)
    rows = [tuple(line.split("\t")) for line in itertools.islice(lines, 1, None)]
    if set(map(len, rows)) - {width}:
        number, fields = next((n, f) for n, f in enumerate(rows, start=2) if len(f) != width)
        raise ResourceError(
            f"{path}, line {number}: {len(fields)} fields, expected {width}; reinstall deidkit"
        )
    return Table(columns, tuple(rows))


@functools.cache
def table(name: str) -> Table:
    """All rows of a resource (cached)."""
    item = info(name)
    if item.kind == "optional":
        words = bundles.BUNDLES[name].load()
        return Table(item.columns, tuple((word,) for word in words))
    if item.file is None:
        raise ResourceError(f"resource {name!r} has no data file; reinstall deidkit")
    with collector_paused():
        return read_table(DATA_DIR / item.file)


def columns(name: str) -> tuple[str, ...]:
    """The column names of ``rows(name)``; the first is the entry."""
    return info(name).columns


def rows(name: str) -> tuple[tuple[str, ...], ...]:
    """Every row of a resource, most frequent first where a frequency exists."""
    return table(name).rows


@functools.cache
def entries(name: str) -> tuple[str, ...]:
    """The distinct entries of a resource in original case, most frequent first."""
    return tuple(dict.fromkeys(map(itemgetter(0), table(name).rows)))  # first rows kept


@functools.cache
def lexicon(name: str) -> frozenset[str]:
    """The entries of a resource casefolded, for membership tests."""
    return frozenset(entry.casefold() for entry in entries(name))


def _column_index(name: str, column: str) -> int:
    cols = columns(name)
    if column not in cols:
        raise ResourceError(
            f"resource {name!r} has no column {column!r}; its columns: {', '.join(cols)}"
        )
    return cols.index(column)


@functools.cache
def weighted(name: str) -> tuple[tuple[str, float], ...]:
    """``(entry, weight)`` pairs, most frequent first, for resources with a ``weight`` column.

    The weight is the source's own frequency (see ``info(name).notes`` for its unit). An entry
    that appears in several rows keeps the weight of its first row.
    """
    index = _column_index(name, "weight")
    seen: set[str] = set()
    pairs: list[tuple[str, float]] = []
    for row in table(name).rows:
        if row[0] in seen:
            continue
        seen.add(row[0])
        weight = float(row[index])
        if not math.isfinite(weight) or weight < 0:
            raise ResourceError(f"resource {name!r}: bad weight {row[index]!r}; reinstall deidkit")
        pairs.append((row[0], weight))
    return tuple(pairs)


def column(name: str, column_name: str) -> tuple[str, ...]:
    """One column of every row, aligned with ``rows(name)``."""
    index = _column_index(name, column_name)
    return tuple(row[index] for row in table(name).rows)


@functools.cache
def attribute(name: str, column_name: str) -> Mapping[str, tuple[str, ...]]:
    """Casefolded entry -> the distinct values of one column over its rows, in row order.

    ``attribute("first_names", "gender")["leslie"] == ("F", "M")`` style look-ups; an entry
    that occurs in several rows (a city in several states) gets every value.
    """
    index = _column_index(name, column_name)
    values: dict[str, list[str]] = {}
    for row in table(name).rows:
        bucket = values.setdefault(row[0].casefold(), [])
        if row[index] not in bucket:
            bucket.append(row[index])
    return MappingProxyType({key: tuple(found) for key, found in values.items()})


def source_file(name: str) -> Path | None:
    """The data file a shipped resource is read from (None for an optional bundle)."""
    item = info(name)
    return None if item.kind == "optional" or item.file is None else DATA_DIR / item.file


@functools.cache
def frequency_table(name: str) -> FrequencyTable:
    """A shipped frequency table (``word_frequency_en``, ``word_frequency_es``), loaded as
    prepared (``deidkit.resources.prepared``) when its file has not changed since."""
    from deidkit.resources import frequency, prepared  # lazy: prepared imports numpy

    item = info(name)
    if item.kind != "frequency" or item.file is None:
        raise ResourceError(
            f"resource {name!r} is not a frequency table; frequency tables: "
            f"{', '.join(names(kind='frequency'))}"
        )
    path = DATA_DIR / item.file
    key = prepared.fingerprint("frequency", [path], [Path(frequency.__file__)])
    return prepared.load_or_build(
        "frequency", key, lambda: FrequencyTable.load(path), FrequencyTable.arrays,
        FrequencyTable.from_arrays,
    )


def for_language(base: str, lang: str) -> str:
    """The name of a resource in a language: ``first_names_male`` -> ``es_first_names_male``.

    A language's lists start with its ``resource_prefix`` (none for English, ``es_`` for
    Spanish; an unknown code is tried as ``<code>_``). Raises ResourceError when the language
    has no such resource.
    """
    prefix = get_language(lang).resource_prefix if is_language(lang) else f"{lang}_"
    name = prefix + base
    if name in shipped() or name in bundles.BUNDLES:
        return name
    raise ResourceError(
        f"no resource {base!r} for language {lang!r}; run 'deidkit resources list' to see "
        "the available ones"
    )


def clear_cache() -> None:
    """Forget loaded resources (after installing an optional bundle, or in tests)."""
    for cached in (table, entries, lexicon, weighted, attribute, frequency_table, shipped):
        cached.cache_clear()
    prepared = sys.modules.get("deidkit.resources.prepared")  # not imported: nothing cached
    if prepared is not None:
        prepared.clear_cache()
