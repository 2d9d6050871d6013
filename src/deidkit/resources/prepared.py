"""Derived tables stored ready to load: built once when the package is prepared, not at start.

Some structures derived from the shipped resources are costly to build and the same in every
process: a dictionary class's phrase matcher (157,000 entries tokenised), the frequency
tables (100,000 counts parsed from text) and the rules detector's lexicons (26,000 phrases
tokenised into tries, 140,000 words in sets). They are built once with::

    .venv/bin/python -m deidkit.features.prepare

and stored under ``resources/prepared/`` as plain numpy ``.npy`` arrays (no pickles), one
folder per table, named by a *fingerprint* of everything the table is derived from: the
bytes of its source files and of the code that derives it. A process computes the same
fingerprint (hashing those files costs a few milliseconds) and loads the folder of that name;
when there is none (a list or the tokenizer changed since the tables were prepared, a
custom list) the table is built from its sources as before, so a stale table is never used.
Every file's SHA-256 is listed in ``prepared/manifest.json`` and checked on the bytes that
are loaded; a damaged file is a one-line ResourceError.

``StringTable`` is the look-up these folders hold: sorted distinct strings and an integer
each, found by binary search in the arrays as loaded, so nothing is parsed or hashed at load.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import io
import json
import os
import re
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from deidkit.errors import ResourceError
from deidkit.resources.catalogue import PACKAGE_DIR

PREPARED_DIR = PACKAGE_DIR / "prepared"
MANIFEST_FILE = "manifest.json"
FORMAT_VERSION = 1
"""Raise when the stored arrays change meaning (their fingerprints change with it)."""
REGENERATE = "python -m deidkit.features.prepare"

Arrays = dict[str, np.ndarray]
_T = TypeVar("_T")

_recording: dict[str, Arrays] | None = None


PREFIX = 3
"""How many leading bytes of a key ``StringTable`` groups its keys by."""


def prefix_code(key: bytes) -> int:
    """The first ``PREFIX`` bytes of ``key`` as a number, zeros past its end: a code that
    never falls as keys rise in byte order, so the keys of one code are side by side."""
    return int.from_bytes(key[:PREFIX].ljust(PREFIX, b"\0"), "big")


_PREFIX_MASKS = np.array(
    [(1 << 8 * PREFIX) - (1 << 8 * (PREFIX - size)) for size in range(PREFIX + 1)], np.int64
)
"""The bits of a ``prefix_code`` that a key of 0, 1, ... ``PREFIX`` (or more) bytes fills."""


class StringTable(Mapping[str, int]):
    """An immutable ``str -> int`` mapping over arrays: distinct keys sorted by their UTF-8
    bytes (``keys``: the bytes one after another, ``offsets``: where each starts, and its
    end), ``values`` aligned with them, and optionally ``order`` (the keys' original order,
    which iteration follows). A look-up finds the keys that share the wanted key's first
    ``PREFIX`` bytes (their group found by bisecting the groups' codes, listed at the first
    look-up) and binary-searches only those (a few comparisons; none when no key starts that
    way). ``get_many`` looks many keys up at once, with numpy."""

    __slots__ = ("_blob", "_fixed", "_offsets", "_order", "_prefixes", "_size", "_values")

    def __init__(self, arrays: Mapping[str, np.ndarray]) -> None:
        offsets = np.asarray(arrays["offsets"])
        values = np.asarray(arrays["values"])
        size = len(offsets) - 1
        if (
            offsets.ndim != 1 or size < 0 or values.shape != (size,) or offsets[0] != 0
            or offsets.dtype.kind not in "iu" or values.dtype.kind not in "iu"
            or (np.diff(offsets.astype(np.int64)) < 0).any()
        ):
            raise ValueError("a string table needs rising integer offsets, one more than values")
        self._blob = np.asarray(arrays["keys"], dtype=np.uint8).tobytes()
        if int(offsets[-1]) != len(self._blob):
            raise ValueError("a string table's offsets do not end at its keys' end")
        self._offsets = np.ascontiguousarray(offsets).data  # a memoryview: ints, fast
        self._values = np.ascontiguousarray(values).data
        order = arrays.get("order")
        self._order = None if order is None else np.asarray(order)
        self._size = size
        self._prefixes: tuple[list[int], list[int]] | None = None
        self._fixed: tuple[np.ndarray, np.ndarray] | None = None

    @classmethod
    def build(cls, items: Mapping[str, int], *, keep_order: bool = True) -> StringTable:
        """A table of ``items``; iteration keeps their order when ``keep_order`` (else it is
        the sorted order)."""
        encoded = [key.encode("utf-8", "surrogatepass") for key in items]
        ranks = sorted(range(len(encoded)), key=encoded.__getitem__)
        lengths = np.fromiter((len(encoded[i]) for i in ranks), np.int64, len(ranks))
        offsets = np.zeros(len(ranks) + 1, np.int64)
        np.cumsum(lengths, out=offsets[1:])
        if offsets[-1] < 2**32:
            offsets = offsets.astype(np.uint32)
        numbers = list(items.values())
        small = all(0 <= number < 2**32 for number in numbers)
        values = np.asarray([numbers[i] for i in ranks], np.uint32 if small else np.int64)
        arrays: Arrays = {
            "keys": np.frombuffer(b"".join(encoded[i] for i in ranks), np.uint8),
            "offsets": offsets,
            "values": values,
        }
        if keep_order:
            order = np.empty(len(ranks), np.uint32 if len(ranks) < 2**32 else np.int64)
            order[np.asarray(ranks, dtype=np.int64)] = np.arange(len(ranks))
            arrays["order"] = order
        return cls(arrays)

    def arrays(self) -> Arrays:
        """The arrays that make the table (``StringTable(table.arrays())`` equals it)."""
        found: Arrays = {
            "keys": np.frombuffer(self._blob, np.uint8),
            "offsets": np.asarray(self._offsets),
            "values": self.values_array,
        }
        if self._order is not None:
            found["order"] = self._order
        return found

    def __reduce__(self) -> tuple[type[StringTable], tuple[Arrays]]:
        return StringTable, (self.arrays(),)  # memoryviews do not pickle; arrays do

    @property
    def values_array(self) -> np.ndarray:
        """The values in sorted-key order."""
        return np.asarray(self._values)

    def _key(self, index: int) -> bytes:
        return self._blob[self._offsets[index] : self._offsets[index + 1]]

    def _prefix_groups(self) -> tuple[list[int], list[int]]:
        """The ``prefix_code``s of the keys, each once and rising, and where the keys of each
        start among the sorted keys (then the end): a key's code never falls as the keys rise,
        so the keys of one code are side by side. Each key's first four bytes are read in one
        gather (a big-endian view at every byte), the fourth dropped and those past the key's
        end zeroed; two lists, no object per group (a dictionary of ranges cost a process's
        first note ~8 ms for the English tables)."""
        offsets = np.asarray(self._offsets)
        padded = self._blob + bytes(4)  # every key's start has four bytes to read (PREFIX <= 4)
        windows = np.ndarray((len(padded) - 3,), ">u4", padded, strides=(1,))
        sizes = np.minimum(np.diff(offsets), PREFIX)
        codes = (windows[offsets[:-1]] >> 8 * (4 - PREFIX)) & _PREFIX_MASKS[sizes]
        firsts = np.flatnonzero(codes[1:] != codes[:-1]) + 1
        return codes[np.concatenate(([0], firsts))].tolist(), [0, *firsts.tolist(), self._size]

    def _index(self, key: str) -> int:
        """The position of ``key`` in sorted order, or -1."""
        wanted = key.encode("utf-8", "surrogatepass")
        groups = self._prefixes
        if groups is None:
            groups = self._prefixes = self._prefix_groups() if self._size else ([], [0])
        codes, bounds = groups
        code = prefix_code(wanted)
        group = bisect.bisect_left(codes, code)
        if group == len(codes) or codes[group] != code:
            return -1
        blob, offsets = self._blob, self._offsets
        low, end = bounds[group], bounds[group + 1]
        high = end
        while low < high:
            middle = (low + high) // 2
            if blob[offsets[middle] : offsets[middle + 1]] < wanted:
                low = middle + 1
            else:
                high = middle
        if low < end and blob[offsets[low] : offsets[low + 1]] == wanted:
            return low
        return -1

    def _fixed_keys(self) -> tuple[np.ndarray, np.ndarray]:
        """The sorted keys as numpy byte strings as wide as the longest (``S<width>``: shorter
        ones padded with NULs, which numpy's comparisons ignore at the end, so their order is
        the keys' order) and the keys' lengths in bytes: made at the first ``get_many``
        (~3-5 ms and 2.3 MB for 100,000 words), each key's bytes gathered in one read."""
        offsets = np.asarray(self._offsets, np.intp)
        lengths = np.diff(offsets)
        width = max(int(lengths.max(initial=0)), 1)
        padded = np.frombuffer(self._blob + bytes(width), np.uint8)
        windows = np.lib.stride_tricks.as_strided(
            padded, (len(self._blob) + 1, width), (1, 1), writeable=False
        )  # windows[i]: the width bytes from byte i on
        lengths = lengths.astype(np.min_scalar_type(width))
        rows = windows[offsets[:-1]]
        rows *= np.arange(width, dtype=lengths.dtype) < lengths[:, None]  # NULs past the end
        return rows.view(f"S{width}").ravel(), lengths

    def get_many(self, keys: Sequence[str], default: int) -> list[int]:
        """``[table.get(key, default) for key in keys]``, the keys looked up together: one
        binary search of the keys as numpy byte strings (``_fixed_keys``) for all of them, a
        key then found where its bytes and its length are a table key's. A key ending in a
        NUL (which numpy's comparison would ignore) is looked up alone."""
        if not keys or not self._size:
            return [default] * len(keys)
        fixed = self._fixed
        if fixed is None:
            fixed = self._fixed = self._fixed_keys()
        table, lengths = fixed
        encoded = [key.encode("utf-8", "surrogatepass") for key in keys]
        sizes = np.fromiter(map(len, encoded), np.intp, len(encoded))
        wanted = np.asarray(encoded, table.dtype)  # a longer key is cut short: no key's length
        at = np.minimum(np.searchsorted(table, wanted), self._size - 1)
        found = (table[at] == wanted) & (lengths[at] == sizes)
        values = np.asarray(self._values)[at].tolist()
        result = [value if hit else default
                  for value, hit in zip(values, found.tolist(), strict=True)]
        if "\0" in "".join(keys):
            for number, key in enumerate(encoded):
                if key.endswith(b"\0"):
                    index = self._index(keys[number])
                    result[number] = default if index < 0 else self._values[index]
        return result

    def __getitem__(self, key: str) -> int:
        index = self._index(key) if isinstance(key, str) else -1
        if index < 0:
            raise KeyError(key)
        return self._values[index]

    def get(self, key: str, default: Any = None) -> Any:
        index = self._index(key) if isinstance(key, str) else -1
        return default if index < 0 else self._values[index]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._index(key) >= 0

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        positions = range(self._size) if self._order is None else self._order.tolist()
        for index in positions:  # order[i]: where the i-th key (as built) is in sorted order
            yield self._key(index).decode("utf-8", "surrogatepass")


def get_many(mapping: Mapping[str, int], keys: Sequence[str], default: int) -> list[int]:
    """``[mapping.get(key, default) for key in keys]``: together for a ``StringTable``
    (``StringTable.get_many``), one by one for another mapping."""
    if isinstance(mapping, StringTable):
        return mapping.get_many(keys, default)
    get = mapping.get
    return [get(key, default) for key in keys]


def fingerprint(kind: str, sources: Iterable[Path], code: Iterable[str | Path], *,
                extra: str = "") -> str:
    """A hash of what a prepared table is derived from: its ``kind``, the bytes of its
    ``sources`` and of its ``code`` (files, or text such as a compiled expression)."""
    digest = hashlib.sha256(f"{FORMAT_VERSION}\0{kind}\0{extra}\0".encode())
    for path in sources:
        digest.update(hashlib.sha256(Path(path).read_bytes()).digest())
    for part in code:
        data = Path(part).read_bytes() if isinstance(part, Path) else part.encode("utf-8")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:24]


def load_or_build(
    kind: str,
    key: str,
    build: Callable[[], _T],
    arrays_of: Callable[[_T], Arrays],
    from_arrays: Callable[[Arrays], _T],
) -> _T:
    """The table prepared as ``kind-key`` (``from_arrays`` of its arrays), or ``build()``
    when none was prepared. While ``recording``, always ``build()``, and its arrays are kept
    to be written."""
    name = f"{kind}-{key}"
    if _recording is not None:
        built = build()
        _recording[name] = arrays_of(built)
        return built
    folder = PREPARED_DIR / name
    if not folder.is_dir():
        return build()
    arrays = _read(folder, _manifest())
    try:
        return from_arrays(arrays)
    except (KeyError, ValueError):
        raise ResourceError(
            f"{folder}: damaged or from another version; reinstall deidkit (or run {REGENERATE})"
        ) from None


def stored(kind: str, key: str) -> Arrays | None:
    """The arrays stored as ``kind-key`` (checked against the manifest), or None: what a
    table that must stay as prepared reads while it is prepared again."""
    folder = PREPARED_DIR / f"{kind}-{key}"
    return _read(folder, _manifest()) if folder.is_dir() else None


@functools.cache
def _manifest() -> dict[str, str]:
    path = PREPARED_DIR / MANIFEST_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
        if data.get("format") != FORMAT_VERSION or not isinstance(files, dict):
            raise ValueError
        return {str(name): str(value) for name, value in files.items()}
    except (OSError, ValueError, KeyError, TypeError):
        raise ResourceError(
            f"{path}: missing or damaged; reinstall deidkit (or run {REGENERATE})"
        ) from None


def _read(folder: Path, manifest: Mapping[str, str]) -> Arrays:
    arrays: Arrays = {}
    for path in sorted(folder.glob("*.npy")):
        name = f"{folder.name}/{path.name}"
        data = _file_bytes(path)
        if manifest.get(name) != hashlib.sha256(data).hexdigest():
            raise ResourceError(
                f"{PREPARED_DIR / name}: does not match its checksum in {MANIFEST_FILE}; "
                f"reinstall deidkit (or run {REGENERATE})"
            )
        try:
            arrays[path.stem] = npy_array(data)
        except (OSError, ValueError):
            raise ResourceError(
                f"{PREPARED_DIR / name}: cannot be read; reinstall deidkit (or run {REGENERATE})"
            ) from None
    if not arrays:
        raise ResourceError(f"{folder}: holds no arrays; reinstall deidkit (or run {REGENERATE})")
    return arrays


def _file_bytes(path: Path) -> bytearray:
    """The bytes of ``path`` in a buffer of its own (one copy, writable)."""
    with path.open("rb") as file:
        data = bytearray(os.fstat(file.fileno()).st_size)
        if file.readinto(data) != len(data) or file.read(1):
            raise ResourceError(f"{path}: changed while read; try again")
    return data


_NPY_HEADER = re.compile(
    rb"\x93NUMPY\x01\x00[\x00-\xff]{2}"  # format 1.0, the header's length (checked after)
    rb"\{'descr': '(?P<descr>[<>|=][a-zA-Z]\d*)', 'fortran_order': (?P<order>True|False), "
    rb"'shape': \((?P<shape>(?:\d+, )*(?:\d+,?)?)\), \} *\n"
)
"""The header ``np.save`` writes for an array of a plain type (any other is read by numpy)."""


def npy_array(data: bytes | bytearray) -> np.ndarray:
    """The array an ``.npy`` file's bytes hold, made over ``data`` itself (read-only over
    ``bytes``): what ``np.load`` gives, without copying the data block by block or evaluating
    a plain header as a Python literal (~0.15 ms a file); ValueError if it is not one, or
    holds Python objects (never loaded: no pickles). Prepared tables and the CRF's saved
    arrays (``deidkit.models.crf``) are read with it."""
    plain = _NPY_HEADER.match(data)
    if plain is not None and plain.end() == 10 + int.from_bytes(data[8:10], "little"):
        # the header np.save writes for a plain array (numpy's own reading parses it slowly)
        dtype = np.dtype(plain["descr"].decode("ascii"))
        fortran_order = plain["order"] == b"True"
        shape = tuple(int(size) for size in plain["shape"].split(b",") if size.strip())
        start = plain.end()
    else:
        file = io.BytesIO(data)
        version = np.lib.format.read_magic(file)
        if version == (1, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(file)
        elif version == (2, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(file)
        else:
            raise ValueError(f"npy format version {version} is not read here")
        start = file.tell()
    if dtype.hasobject:
        raise ValueError("an array of Python objects is not loaded")
    count = int(np.prod(shape, dtype=np.int64))
    flat = np.frombuffer(data, dtype, count, offset=start)
    return flat.reshape(shape[::-1]).T if fortran_order else flat.reshape(shape)


def clear_cache() -> None:
    """Read the manifest again at the next load (after ``write``, or in tests)."""
    _manifest.cache_clear()


@contextlib.contextmanager
def recording() -> Iterator[dict[str, Arrays]]:
    """Within the block every ``load_or_build`` builds its table and records it under its
    folder name (what ``write`` stores)."""
    global _recording
    previous, _recording = _recording, {}
    try:
        yield _recording
    finally:
        _recording = previous


def write(tables: Mapping[str, Arrays], directory: Path = PREPARED_DIR) -> list[str]:
    """Replace the prepared tables in ``directory`` with ``tables`` (folder name -> arrays)
    and write the manifest; the files written, relative to ``directory``. The bytes depend
    only on the arrays (``np.save`` writes no dates), so preparing again gives the same."""
    staging = directory.with_name(f".{directory.name}.tmp")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    checksums: dict[str, str] = {}
    for name in sorted(tables):
        (staging / name).mkdir()
        for key in sorted(tables[name]):
            buffer = io.BytesIO()
            np.save(buffer, np.asarray(tables[name][key], order="C"), allow_pickle=False)
            data = buffer.getvalue()
            (staging / name / f"{key}.npy").write_bytes(data)
            checksums[f"{name}/{key}.npy"] = hashlib.sha256(data).hexdigest()
    manifest = {"format": FORMAT_VERSION, "command": REGENERATE, "files": checksums}
    (staging / MANIFEST_FILE).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    if directory.exists():
        shutil.rmtree(directory)
    os.replace(staging, directory)
    clear_cache()
    return sorted(checksums)
