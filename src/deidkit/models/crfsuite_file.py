"""CRFsuite's model file read into arrays: labels, attribute names, state and transition weights.

A CRFsuite 1D CRF model file (CRFsuite 0.12, ``crf1d_model.c``) is a 48-byte header
(``lCRF``, size, ``FOMC``, version, counts, offsets) followed by chunks: the features
(``FEAT``: a count, then 20 bytes a feature: type, source and destination as uint32 and the
weight as a double; type 0 is a state feature attribute -> label, type 1 a transition label
-> label), the label and the attribute dictionaries (each a CQDB, "constant quark database":
hash tables from name to id, then an id -> record array; a record is the id, the length and
the NUL-terminated name), and the label and attribute feature references, which list each
attribute's features in the order of the features chunk (not read: the features say it
all). Only features with a non-zero weight are stored.

Parsing a model file costs a process ~15 ms of its start (``en``: 72,664 names gathered from
their records); ``Weights.arrays`` are its content as plain arrays, saved beside the file
(``arrays_folder``) and read back with ``Weights.from_arrays`` instead.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

_MODEL_HEADER = struct.Struct("<4sI4sIIIIIIIII")
_CQDB_HEADER = struct.Struct("<4sIIIII")
_CQDB_BYTE_ORDER = 0x62445371
_FEATURES_HEADER = struct.Struct("<4sII")
_FEATURE = np.dtype([("type", "<u4"), ("source", "<u4"), ("target", "<u4"), ("weight", "<f8")])
STATE, TRANSITION = 0, 1
"""Feature types: attribute -> label, label -> label."""
ARRAYS_VERSION = 1
"""Raise when ``Weights.arrays`` stores something else (arrays of another version are not
read: ``arrays_folder`` names them)."""


class LayoutError(ValueError):
    """The bytes are not a CRFsuite 1D CRF model laid out as this module knows it."""


@dataclass(frozen=True, slots=True, eq=False)
class Weights:
    """A CRFsuite model's content. ``attributes``: the attribute names by id (UTF-8, other
    bytes as ``surrogateescape`` gives them); ``state``: (attribute id, label id, weight) of
    every state feature, in the file's order; ``transitions``: labels x labels (from, to), 0
    where the model has no feature."""

    labels: tuple[str, ...]
    attributes: list[str]
    state_attribute: np.ndarray
    state_label: np.ndarray
    state_weight: np.ndarray
    transitions: np.ndarray

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights as plain arrays (``from_arrays`` gives them back): the names as one
        UTF-8 string each (surrogateescape), NUL after each, as the file holds them."""
        return {
            "labels": _joined(self.labels, "strict"),
            "attributes": _joined(self.attributes, "surrogateescape"),
            "state_attribute": self.state_attribute,
            "state_label": self.state_label,
            "state_weight": self.state_weight,
            "transitions": self.transitions,
        }

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray]) -> Weights:
        """The weights ``arrays`` gave (LayoutError if they are not such arrays)."""
        try:
            labels = _split(arrays["labels"], "strict")
            attributes = _split(arrays["attributes"], "surrogateescape")
            attribute = np.asarray(arrays["state_attribute"], np.int32)
            label = np.asarray(arrays["state_label"], np.int32)
            weight = np.asarray(arrays["state_weight"], np.float64)
            transitions = np.array(arrays["transitions"], np.float64)  # its own, writable
        except (KeyError, TypeError, ValueError) as error:
            raise LayoutError(f"not a model's arrays ({error})") from None
        if (
            attribute.ndim != 1 or label.shape != attribute.shape
            or weight.shape != attribute.shape
            or transitions.shape != (len(labels), len(labels))
            or np.any(attribute < 0) or np.any(attribute >= len(attributes))
            or np.any(label < 0) or np.any(label >= len(labels))
        ):
            raise LayoutError("a model's arrays out of shape or range")
        return cls(tuple(labels), attributes, attribute, label, weight, transitions)


def arrays_folder(checksum: str) -> str:
    """The folder (in a model folder) of ``Weights.arrays`` of the model file whose SHA-256
    is ``checksum``: named by it and by ``ARRAYS_VERSION``, so that arrays of another file or
    of another version of them are never read."""
    return f"weights-{checksum[:16]}-v{ARRAYS_VERSION}"


def _joined(names: Sequence[str], errors: str) -> np.ndarray:
    """``names`` as UTF-8 bytes, a NUL after each (``_split`` reads them)."""
    return np.frombuffer("".join(name + "\0" for name in names).encode("utf-8", errors), np.uint8)


def _split(joined: np.ndarray | bytes, errors: str) -> list[str]:
    """The names of UTF-8 bytes with a NUL after each, decoded with ``errors``."""
    data = joined if isinstance(joined, bytes) else np.asarray(joined, np.uint8).tobytes()
    if data and not data.endswith(b"\0"):
        raise ValueError("names not ended by a NUL")
    return data.decode("utf-8", errors).split("\0")[:-1]


def _header(model: bytes) -> tuple[int, int, int, int, int]:
    """(number of labels, number of attributes, offsets of the features, the labels and the
    attributes)."""
    if len(model) < _MODEL_HEADER.size:
        raise LayoutError("shorter than a model header")
    fields = _MODEL_HEADER.unpack_from(model)
    magic, size, kind, _, _, labels, attributes, features, label_names, attribute_names = (
        fields[:10]
    )
    if magic != b"lCRF" or kind != b"FOMC" or size != len(model):
        raise LayoutError("not a CRFsuite 1D CRF model of this size")
    return labels, attributes, features, label_names, attribute_names


def _names(model: bytes, offset: int, count: int, errors: str = "strict") -> list[str]:
    """The names of ids 0 .. count-1 in the CQDB at ``offset``, decoded from UTF-8 with
    ``errors``. Read with array operations: every record's head (id, length) gathered at
    once, then every name with its NUL in one string, decoded once and split at the NULs
    (a name is a C string: it holds none)."""
    chunk, _, _, order, entries, backward = _CQDB_HEADER.unpack_from(model, offset)
    if chunk != b"CQDB" or order != _CQDB_BYTE_ORDER or entries < count:
        raise LayoutError("not a CQDB chunk")
    if not count:
        return []
    raw = np.frombuffer(model, np.uint8)
    records = offset + np.frombuffer(model, "<u4", count, offset + backward).astype(np.int64)
    if int(records.max()) + 8 > len(model):
        raise LayoutError("a CQDB record out of range")
    heads = raw[records[:, None] + np.arange(8)].view("<u4")  # count x (id, length)
    lengths = heads[:, 1].astype(np.int64)
    starts = records + 8
    ends = starts + lengths  # each name's end, after its NUL
    if (
        np.any(heads[:, 0] != np.arange(count))
        or np.any(lengths < 1)
        or int(ends.max()) > len(model)
        or np.any(raw[ends - 1])
    ):
        raise LayoutError("a CQDB record out of order")
    before = np.cumsum(lengths) - lengths  # the bytes of the names before each one
    joined = raw[np.repeat(starts - before, lengths) + np.arange(int(lengths.sum()))]
    if np.count_nonzero(joined == 0) != count:
        raise LayoutError("a CQDB name holds a NUL")
    return _split(joined.tobytes(), errors)


def read_weights(model: bytes) -> Weights:
    """Labels, attribute names and weights of a CRFsuite model (LayoutError if the bytes are
    not one laid out as this module knows it)."""
    try:
        labels, attributes, features, label_offset, attribute_offset = _header(model)
        chunk, _, count = _FEATURES_HEADER.unpack_from(model, features)
        if chunk != b"FEAT":
            raise LayoutError("no features chunk")
        table = np.frombuffer(
            model, dtype=_FEATURE, count=count, offset=features + _FEATURES_HEADER.size
        )
        label_names = _names(model, label_offset, labels)
        names = _names(model, attribute_offset, attributes, "surrogateescape")
    except (struct.error, ValueError) as error:
        raise LayoutError(str(error)) from None
    state = table[table["type"] == STATE]
    transition = table[table["type"] == TRANSITION]
    if (
        len(state) + len(transition) != count
        or np.any(state["source"] >= attributes)
        or np.any(state["target"] >= labels)
        or np.any(transition["source"] >= labels)
        or np.any(transition["target"] >= labels)
    ):
        raise LayoutError("a feature out of range")
    transitions = np.zeros((labels, labels))
    transitions[transition["source"], transition["target"]] = transition["weight"]
    return Weights(
        labels=tuple(label_names),
        attributes=names,
        state_attribute=state["source"].astype(np.int32),
        state_label=state["target"].astype(np.int32),
        state_weight=state["weight"].astype(np.float64),
        transitions=transitions,
    )
