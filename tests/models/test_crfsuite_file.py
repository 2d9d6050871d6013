"""CRFsuite model files: attribute names read from the bytes, CQDB written as CRFsuite
writes it, and the compact copy a CRF tags with gives exactly the original's results."""

from __future__ import annotations

import struct

import pycrfsuite
import pytest

from deidkit.models import build_detector, crf, crfsuite_file
from deidkit.types import Document


@pytest.fixture(scope="module")
def model(train_notes: list[Document]) -> bytes:
    detector = build_detector("crf", {"c1": 0.05, "c2": 0.05, "max_iterations": 30})
    return detector.fit(train_notes[:20]).model_


def _tagger(data: bytes) -> pycrfsuite.Tagger:
    tagger = pycrfsuite.Tagger()
    tagger.open_inmemory(data)
    return tagger


def test_attribute_names_are_crfsuites(model: bytes) -> None:
    names = crfsuite_file.attribute_names(model)
    assert names is not None and len(names) > 50
    info = _tagger(model).info().attributes
    assert [name.decode() for name in names] == sorted(info, key=lambda a: int(info[a]))


def test_cqdb_is_byte_for_byte_crfsuites(model: bytes) -> None:
    names = crfsuite_file.attribute_names(model)
    assert names is not None
    offset = struct.unpack_from("<I", model, 36)[0]  # the header's off_attrs
    size = struct.unpack_from("<I", model, offset + 4)[0]
    assert crfsuite_file.cqdb(names) == model[offset : offset + size]


def test_hashlittle_known_values() -> None:
    # lookup3's published self-test values: hashlittle("", 0) and "Four score and seven..."
    assert crfsuite_file.hashlittle(b"", 0) == 0xDEADBEEF
    assert crfsuite_file.hashlittle(b"Four score and seven years ago", 0) == 0x17770551
    assert crfsuite_file.hashlittle(b"Four score and seven years ago", 1) == 0xCD628161
    keys = [crfsuite_file.code(number) + b"\0" for number in range(0, 70_000, 7)]
    assert crfsuite_file.hash_keys(keys) == [crfsuite_file.hashlittle(key) for key in keys]
    mixed = [b"", b"a", b"\xff\xff\xff\xff", b"abcde", b"Four score and seven years ago"]
    assert crfsuite_file.hash_keys(mixed) == [crfsuite_file.hashlittle(key) for key in mixed]


def test_codes_are_short_distinct_and_never_nul() -> None:
    codes = [crfsuite_file.code(number) for number in range(70_000)]
    assert len(set(codes)) == len(codes)
    assert all(1 <= len(c) <= 3 and 0 not in c for c in codes)


def test_compact_copy_tags_and_scores_exactly_as_the_original(
    model: bytes, test_notes: list[Document]
) -> None:
    made = crfsuite_file.compact(model)
    assert made is not None
    copy, names, codes = made
    original, fast = _tagger(model), _tagger(copy)
    assert fast.labels() == original.labels()
    rename = dict(zip(names, codes, strict=True))
    detector = build_detector("crf")
    extractor = detector._new_extractor(detector._requested_config())
    for note in test_notes:
        items = extractor.attribute_items(note)
        renamed = [{rename[k]: v for k, v in item.items() if k in rename} for item in items]
        tags = original.tag(items)
        assert fast.tag(renamed) == tags
        assert [fast.marginal(t, i) for i, t in enumerate(tags)] == [
            original.marginal(t, i) for i, t in enumerate(tags)
        ]


def test_unknown_layouts_are_left_alone(model: bytes) -> None:
    assert crfsuite_file.attribute_names(b"not a model") is None
    assert crfsuite_file.compact(model[:-1]) is None  # size disagrees with the header
    damaged = bytearray(model)
    damaged[8:12] = b"XXXX"  # not a 1D CRF
    assert crfsuite_file.compact(bytes(damaged)) is None


def test_detector_falls_back_to_the_original_model(model: bytes, monkeypatch) -> None:
    real = crfsuite_file.compact
    monkeypatch.setattr(crfsuite_file, "compact", lambda data, names=None: None)
    _, vocabulary, used = crf._fast_tagger(model, _tagger(model))
    assert used is model and all(vocabulary[k] == k.encode() for k in vocabulary)

    def swapped(data: bytes, names=None):  # a copy whose first two attributes trade names
        copy, names, codes = real(data, names)
        return copy, names, [codes[1], codes[0], *codes[2:]]

    monkeypatch.setattr(crfsuite_file, "compact", swapped)
    _, vocabulary, used = crf._fast_tagger(model, _tagger(model))
    assert used is model


def test_compact_copy_is_used(model: bytes) -> None:
    _, vocabulary, used = crf._fast_tagger(model, _tagger(model))
    assert used is not model and max(len(code) for code in vocabulary.values()) <= 3


def test_training_on_attribute_items_gives_the_model_feature_dicts_give(
    train_notes: list[Document], tmp_path
) -> None:
    from deidkit.models.spans import bio_tags

    detector = build_detector("crf", {"c1": 0.05, "c2": 0.05, "max_iterations": 15})
    detector.fit(train_notes[:15])
    trainer = pycrfsuite.Trainer(verbose=False)
    trainer.set_params(detector._trainer_params())
    for note in train_notes[:15]:
        tokens, features = detector.featurize(note)
        trainer.append(features, bio_tags(tokens, note.spans))
    trainer.train(str(tmp_path / "dicts.crfsuite"))
    assert (tmp_path / "dicts.crfsuite").read_bytes() == detector.model_
