"""CRFsuite's model file, read and re-keyed: attribute names and compact attribute names.

A CRFsuite 1D CRF model file (CRFsuite 0.12, ``crf1d_model.c``) is a 48-byte header
(``lCRF``, size, ``FOMC``, version, counts, offsets) followed by chunks: the features, the
label and attribute dictionaries (each a CQDB "constant quark database": 256 open-addressing
hash tables keyed by Bob Jenkins' ``hashlittle`` of the NUL-terminated name, plus an
id -> record array), and the label and attribute feature references.

Tagging with python-crfsuite costs mostly in turning every attribute name into a C++
string and looking it up in the attribute CQDB; names longer than 15 bytes (most context
attributes: ``context.w-1:paciente``) also cost a heap allocation each time. ``compact``
gives a copy of a model whose attribute dictionary names attribute ``i`` with a 1-3 byte
code instead (a new CQDB appended to the file, the header pointing at it; features,
weights, labels and ids untouched), so a tagger opened on it computes exactly the same
scores from items that use the codes. ``deidkit.models.crf`` checks the copy on a probe
before using it and falls back to the original names if anything differs.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Sequence

_MASK = 0xFFFFFFFF
_MODEL_HEADER = struct.Struct("<4sI4sIIIIIIIII")
_CQDB_HEADER = struct.Struct("<4sIIIII")
_CQDB_BYTE_ORDER = 0x62445371
_TABLES = 256
_CQDB_DATA = _CQDB_HEADER.size + 8 * _TABLES  # first record: after the header and table refs


def _rot(value: int, shift: int) -> int:
    return ((value << shift) | (value >> (32 - shift))) & _MASK


def _mix(a: int, b: int, c: int) -> tuple[int, int, int]:
    a = ((a - c) & _MASK) ^ _rot(c, 4)
    c = (c + b) & _MASK
    b = ((b - a) & _MASK) ^ _rot(a, 6)
    a = (a + c) & _MASK
    c = ((c - b) & _MASK) ^ _rot(b, 8)
    b = (b + a) & _MASK
    a = ((a - c) & _MASK) ^ _rot(c, 16)
    c = (c + b) & _MASK
    b = ((b - a) & _MASK) ^ _rot(a, 19)
    a = (a + c) & _MASK
    c = ((c - b) & _MASK) ^ _rot(b, 4)
    b = (b + a) & _MASK
    return a, b, c


def _final(a: int, b: int, c: int) -> int:
    c = (c ^ b) - _rot(b, 14) & _MASK
    a = (a ^ c) - _rot(c, 11) & _MASK
    b = (b ^ a) - _rot(a, 25) & _MASK
    c = (c ^ b) - _rot(b, 16) & _MASK
    a = (a ^ c) - _rot(c, 4) & _MASK
    b = (b ^ a) - _rot(a, 14) & _MASK
    c = (c ^ b) - _rot(b, 24) & _MASK
    return c


def hashlittle(key: bytes, initval: int = 0) -> int:
    """Bob Jenkins' lookup3 ``hashlittle`` (little-endian), as CQDB computes it."""
    length = len(key)
    a = b = c = (0xDEADBEEF + length + initval) & _MASK
    position = 0
    while length > 12:
        x, y, z = struct.unpack_from("<III", key, position)
        a, b, c = _mix((a + x) & _MASK, (b + y) & _MASK, (c + z) & _MASK)
        length -= 12
        position += 12
    if length == 0:
        return c
    x, y, z = struct.unpack("<III", key[position:] + bytes(12 - length))
    return _final((a + x) & _MASK, (b + y) & _MASK, (c + z) & _MASK)


def hash_keys(keys: Sequence[bytes]) -> list[int]:
    """``hashlittle`` of every key; keys of 1-4 bytes (the compact names) in one plain loop.

    A key of 1-4 bytes is one little-endian word added to ``a`` before ``_final``; the loop
    below is ``_final`` written out, with each subtraction masked instead of each rotation
    (the same value modulo 2**32). Pure Python: numpy would cost more to import (~0.08 CPU s)
    than the ~10,000 hashes of a model."""
    hashes: list[int] = []
    append = hashes.append
    for key in keys:
        length = len(key)
        if not 1 <= length <= 4:
            append(hashlittle(key))
            continue
        a = b = c = (0xDEADBEEF + length) & _MASK
        a = (a + int.from_bytes(key, "little")) & _MASK
        c = ((c ^ b) - ((b << 14) | (b >> 18))) & _MASK
        a = ((a ^ c) - ((c << 11) | (c >> 21))) & _MASK
        b = ((b ^ a) - ((a << 25) | (a >> 7))) & _MASK
        c = ((c ^ b) - ((b << 16) | (b >> 16))) & _MASK
        a = ((a ^ c) - ((c << 4) | (c >> 28))) & _MASK
        b = ((b ^ a) - ((a << 14) | (a >> 18))) & _MASK
        append(((c ^ b) - ((b << 24) | (b >> 8))) & _MASK)
    return hashes


def _header(model: bytes) -> tuple[int, int] | None:
    """(number of attributes, offset of the attribute CQDB), or None if not a 1D CRF."""
    if len(model) < _MODEL_HEADER.size:
        return None
    magic, size, kind, _, _, _, count, _, _, offset, _, _ = _MODEL_HEADER.unpack_from(model)
    if magic != b"lCRF" or kind != b"FOMC" or size != len(model):
        return None
    return count, offset


def attribute_names(model: bytes) -> list[bytes] | None:
    """The model's attribute names by id (as stored, UTF-8), or None if the bytes are not a
    CRFsuite 1D CRF model laid out as this module knows it."""
    try:
        found = _header(model)
        if found is None:
            return None
        count, offset = found
        chunk, _, _, order, entries, backward = _CQDB_HEADER.unpack_from(model, offset)
        if chunk != b"CQDB" or order != _CQDB_BYTE_ORDER or entries < count:
            return None
        names: list[bytes] = []
        for number, record in enumerate(
            struct.unpack_from(f"<{count}I", model, offset + backward)
        ):
            identifier, length = struct.unpack_from("<II", model, offset + record)
            start = offset + record + 8
            if identifier != number or length < 1 or model[start + length - 1] != 0:
                return None
            names.append(model[start : start + length - 1])
    except struct.error:
        return None
    return names


def code(number: int) -> bytes:
    """The compact name of attribute ``number``: base-255 digits 1-255 (never NUL)."""
    digits = bytearray()
    while True:
        number, digit = divmod(number, 255)
        digits.append(digit + 1)
        if not number:
            return bytes(digits)


_CODES: list[bytes] = []


def codes(count: int) -> list[bytes]:
    """``code(0)`` .. ``code(count - 1)`` (made once and kept)."""
    if len(_CODES) < count:
        _CODES.extend(code(number) for number in range(len(_CODES), count))
    return _CODES[:count]


def cqdb(names: Sequence[bytes]) -> bytes:
    """A CQDB chunk mapping ``names[i]`` to ``i`` (what CRFsuite's ``cqdb_writer`` writes)."""
    keys = [name + b"\0" for name in names]
    pack = struct.Struct("<iI").pack
    chunks = [pack(number, len(key)) + key for number, key in enumerate(keys)]
    offsets = list(itertools.accumulate((len(chunk) for chunk in chunks), initial=_CQDB_DATA))
    records = b"".join(chunks)
    tables: list[list[tuple[int, int]]] = [[] for _ in range(_TABLES)]
    for value, offset in zip(hash_keys(keys), offsets, strict=False):
        tables[value % _TABLES].append((value, offset))
    position = _CQDB_DATA + len(records)
    references = bytearray()
    buckets = bytearray()
    for table in tables:
        if not table:
            references += struct.pack("<II", 0, 0)
            continue
        size = len(table) * 2
        slots = [0] * (2 * size)  # hash, offset, hash, offset, ...
        for value, offset in table:
            slot = (value >> 8) % size
            while slots[2 * slot + 1] != 0:
                slot = (slot + 1) % size
            slots[2 * slot] = value
            slots[2 * slot + 1] = offset
        references += struct.pack("<II", position + len(buckets), size)
        buckets += struct.pack(f"<{2 * size}I", *slots)
    backward = position + len(buckets)
    tail = struct.pack(f"<{len(keys)}I", *offsets[: len(keys)])
    size = backward + len(tail)
    header = _CQDB_HEADER.pack(b"CQDB", size, 0, _CQDB_BYTE_ORDER, len(names), backward)
    return header + bytes(references) + records + bytes(buckets) + tail


def compact(
    model: bytes, names: list[bytes] | None = None
) -> tuple[bytes, list[bytes], list[bytes]] | None:
    """(a copy of ``model`` whose attribute ``i`` is named ``code(i)``, the original names,
    the codes), or None when the model's layout is not the one this module knows.
    ``names``: the model's attribute names if already read."""
    if names is None:
        names = attribute_names(model)
    if names is None or _header(model) is None:
        return None
    short = codes(len(names))
    padding = -len(model) % 16
    offset = len(model) + padding
    chunk = cqdb(short)
    total = offset + len(chunk)
    fields = list(_MODEL_HEADER.unpack_from(model))
    fields[1] = total  # size
    fields[9] = offset  # off_attrs
    header = _MODEL_HEADER.pack(*fields)
    copy = header + model[_MODEL_HEADER.size :] + bytes(padding) + chunk
    return copy, names, short
