"""CRFsuite model files read into arrays: exactly what CRFsuite itself reports of the model."""

from __future__ import annotations

import struct

import pycrfsuite
import pytest

from deidkit.models import build_detector, crfsuite_file
from deidkit.models.crf_decode import LinearChain
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
    names = [name.decode() for name in weights.attributes]
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
        assert chain.vocabulary[name.decode()] == number


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
