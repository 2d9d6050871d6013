"""CRFsuite model files read into arrays: exactly what CRFsuite itself reports of the model."""

from __future__ import annotations

import io
import struct

import numpy as np
import pycrfsuite
import pytest

from deidkit.models import build_detector, crfsuite_file
from deidkit.models.crf_decode import LinearChain
from deidkit.models.registry import SHIPPED_DIR
from deidkit.resources import prepared
from deidkit.types import Document


@pytest.fixture(scope="module")
def model(train_notes: list[Document]) -> bytes:
    detector = build_detector("crf", {"c1": 0.05, "c2": 0.05, "max_iterations": 30})
    return detector.fit(train_notes[:20]).model_


def _info(data: bytes) -> object:
    tagger = pycrfsuite.Tagger()
    tagger.open_inmemory(data)
    return tagger.info()


def test_weights_are_crfsuites(model: bytes) -> None:
    info = _info(model)
    weights = crfsuite_file.read_weights(model)
    assert list(weights.labels) == sorted(info.labels, key=lambda name: int(info.labels[name]))
    names = weights.attributes
    assert names == sorted(info.attributes, key=lambda name: int(info.attributes[name]))
    state = {
        (names[a], weights.labels[y]): w
        for a, y, w in zip(
            weights.state_attribute, weights.state_label, weights.state_weight, strict=True
        )
    }
    # CRFsuite's info reports weights to 6 decimals
    assert state.keys() == info.state_features.keys() and len(state) > 100
    assert all(abs(state[key] - info.state_features[key]) <= 5e-7 + 1e-12 for key in state)
    transitions = {
        (weights.labels[a], weights.labels[b]): weights.transitions[a, b]
        for a in range(len(weights.labels))
        for b in range(len(weights.labels))
        if weights.transitions[a, b] != 0
    }
    assert transitions.keys() == info.transitions.keys() and transitions
    assert all(abs(transitions[key] - info.transitions[key]) <= 5e-7 + 1e-12 for key in transitions)


def test_the_vocabulary_names_attributes_by_their_id(model: bytes) -> None:
    chain = LinearChain.from_crfsuite(model)
    names = crfsuite_file.read_weights(model).attributes
    assert len(chain.vocabulary) == len(names)
    for number, name in enumerate(names):
        assert chain.vocabulary[name] == number


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],  # the size disagrees with the header
        lambda data: data[:8] + b"XXXX" + data[12:],  # not a 1D CRF
        lambda data: b"not a model",
        lambda data: data[:48] + b"JUNK" + data[52:],  # the features chunk is not one
    ],
)
def test_other_bytes_are_a_layout_error(model: bytes, damage) -> None:
    with pytest.raises(crfsuite_file.LayoutError):
        crfsuite_file.read_weights(damage(model))


def test_a_feature_out_of_range_is_a_layout_error(model: bytes) -> None:
    offset = struct.unpack_from("<I", model, 28)[0]  # the header's off_features
    damaged = bytearray(model)
    struct.pack_into("<I", damaged, offset + 12 + 8, 10_000)  # first feature's destination
    with pytest.raises(crfsuite_file.LayoutError):
        crfsuite_file.read_weights(bytes(damaged))


def _names_one_by_one(model: bytes, offset: int, count: int, errors: str) -> list[str]:
    """The CQDB names read record by record (the reference ``_names`` must equal)."""
    backward = struct.unpack_from("<I", model, offset + 20)[0]
    names = []
    for number in range(count):
        record = struct.unpack_from("<I", model, offset + backward + 4 * number)[0]
        identifier, length = struct.unpack_from("<II", model, offset + record)
        assert identifier == number
        start = offset + record + 8
        names.append(model[start : start + length - 1].decode("utf-8", errors))
    return names


def _attribute_chunk(model: bytes) -> tuple[int, int]:
    """(offset of the attribute names' CQDB, number of attributes) from the header."""
    fields = struct.unpack_from("<4sI4sIIIIIIIII", model)
    return fields[9], fields[6]


@pytest.mark.parametrize("shipped", ["en/member-0-crf", "es"])
def test_names_equal_a_record_by_record_reading(model: bytes, shipped: str) -> None:
    path = SHIPPED_DIR / shipped / "model.crfsuite"
    for data in (model, path.read_bytes()):
        offset, count = _attribute_chunk(data)
        names = crfsuite_file._names(data, offset, count, "surrogateescape")
        assert names == _names_one_by_one(data, offset, count, "surrogateescape")
        assert len(names) == count > 100


def test_names_keep_other_bytes_as_surrogateescape_gives_them(model: bytes) -> None:
    offset, count = _attribute_chunk(model)
    backward = struct.unpack_from("<I", model, offset + 20)[0]
    damaged = bytearray(model)
    for number in (3, 4):  # a name's first byte not UTF-8, another's a 2-byte lead alone
        record = struct.unpack_from("<I", model, offset + backward + 4 * number)[0]
        damaged[offset + record + 8] = 0xFF if number == 3 else 0xC3
    names = crfsuite_file._names(bytes(damaged), offset, count, "surrogateescape")
    assert names == _names_one_by_one(bytes(damaged), offset, count, "surrogateescape")
    assert names[3].startswith("\udcff") and names[4].startswith("\udcc3")
    with pytest.raises(crfsuite_file.LayoutError):  # a NUL inside a name
        record = struct.unpack_from("<I", model, offset + backward + 4 * 5)[0]
        damaged[offset + record + 8] = 0
        crfsuite_file._names(bytes(damaged), offset, count, "surrogateescape")


def _same_weights(found: crfsuite_file.Weights, expected: crfsuite_file.Weights) -> bool:
    return (
        found.labels == expected.labels and found.attributes == expected.attributes
        and all(
            np.array_equal(getattr(found, key), getattr(expected, key))
            and getattr(found, key).dtype == getattr(expected, key).dtype
            for key in ("state_attribute", "state_label", "state_weight", "transitions")
        )
    )


@pytest.mark.parametrize("shipped", ["en/member-0-crf", "es", None])
def test_arrays_give_back_the_weights_read_from_the_file(model: bytes, shipped: str | None) -> None:
    data = model if shipped is None else (SHIPPED_DIR / shipped / "model.crfsuite").read_bytes()
    weights = crfsuite_file.read_weights(data)
    saved = {key: _npy_bytes(array) for key, array in weights.arrays().items()}
    again = crfsuite_file.Weights.from_arrays(
        {key: prepared.npy_array(data) for key, data in saved.items()}
    )
    assert _same_weights(again, weights)


def test_arrays_keep_names_that_are_not_utf8(model: bytes) -> None:
    offset, _ = _attribute_chunk(model)
    backward = struct.unpack_from("<I", model, offset + 20)[0]
    damaged = bytearray(model)
    record = struct.unpack_from("<I", model, offset + backward + 4 * 3)[0]
    damaged[offset + record + 8] = 0xFF
    weights = crfsuite_file.read_weights(bytes(damaged))
    assert weights.attributes[3].startswith("\udcff")
    assert _same_weights(crfsuite_file.Weights.from_arrays(weights.arrays()), weights)


@pytest.mark.parametrize(
    "damage",
    [
        lambda arrays: arrays.pop("transitions"),
        lambda arrays: arrays.update(labels=arrays["labels"][:-1]),  # no NUL after the last
        lambda arrays: arrays.update(state_label=arrays["state_label"][:-1]),
        lambda arrays: arrays.update(transitions=arrays["transitions"][:-1]),
        lambda arrays: arrays.update(state_attribute=arrays["state_attribute"] + 10**6),
        lambda arrays: arrays.update(state_label=-arrays["state_label"] - 1),
        lambda arrays: arrays.update(labels=np.frombuffer(b"\xff\0", np.uint8)),
    ],
)
def test_arrays_that_are_not_a_models_are_a_layout_error(model: bytes, damage) -> None:
    arrays = crfsuite_file.read_weights(model).arrays()
    damage(arrays)
    with pytest.raises(crfsuite_file.LayoutError):
        crfsuite_file.Weights.from_arrays(arrays)


def test_the_arrays_folder_is_named_by_the_file_and_the_version() -> None:
    first, second = "ab" * 32, "cd" * 32
    assert crfsuite_file.arrays_folder(first) != crfsuite_file.arrays_folder(second)
    assert crfsuite_file.arrays_folder(first).endswith(f"-v{crfsuite_file.ARRAYS_VERSION}")


def _npy_bytes(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()
