"""``attribute_items`` gives CRFsuite exactly what python-crfsuite makes of ``token_features``:
the same attributes, in the same order, with the same weights (and, with a model's
vocabulary, only the attributes in it)."""

from __future__ import annotations

import warnings

import pycrfsuite
import pytest

from deidkit.corpus.synth import generate
from deidkit.features import FeatureConfig, FeatureExtractor
from deidkit.features.attributes import AttributeNames
from deidkit.text import linkgrammar, tokenize

from .test_golden import CONFIGS, DOCUMENTS

SYNTHETIC = [document.text for document in generate(6, seed=3)]
HAS_LINKGRAMMAR = linkgrammar.unavailable_reason() is None


def _extractor(settings: dict) -> FeatureExtractor:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return FeatureExtractor(FeatureConfig.from_dict(settings))


def crfsuite_view(items: list) -> list[list[tuple[str, float]]]:
    """What CRFsuite receives: python-crfsuite's own conversion, in order."""
    return [list(item.items()) for item in pycrfsuite.ItemSequence(items).items()]


def _texts() -> list[str]:
    return [*DOCUMENTS.values(), *SYNTHETIC]


SETTINGS = {name: settings for name, (settings, _) in CONFIGS.items()}
SETTINGS["en_medical_mesh"] = {"mesh_file": "tests/features/data/tiny_d2025.bin"}
if HAS_LINKGRAMMAR:
    SETTINGS["en_syntax"] = {"classes": ["word", "syntax", "context"]}


@pytest.mark.parametrize("config", sorted(SETTINGS))
def test_attribute_items_equal_python_crfsuites_conversion(config: str) -> None:
    extractor = _extractor(SETTINGS[config])
    for round_ in range(2):  # cold caches, then warm ones
        for number, text in enumerate(_texts()):
            tokens = tokenize(text)
            expected = crfsuite_view(extractor.token_features(text, tokens))
            items = extractor.attribute_items(text, tokens)
            assert all(isinstance(name, bytes) for item in items for name in item)
            found = crfsuite_view(items)
            assert found == expected, f"{config}: text {number}, round {round_}"
            # no two features collapsed into one attribute
            assert [len(item) for item in items] == [len(item) for item in expected]


@pytest.mark.parametrize(
    ("settings", "document", "step"),
    [
        ({"language": "es", "window": 3}, "es_note", 3),
        ({}, "en_note", 2),
        ({"window": 1}, "en_short", 2),
    ],
)
def test_a_vocabulary_leaves_out_and_renames_exactly(
    settings: dict, document: str, step: int
) -> None:
    extractor = _extractor(settings)
    text = DOCUMENTS[document]
    full = extractor.attribute_items(text)
    every = list(dict.fromkeys(name for item in full for name in item))
    # a vocabulary holding some of them, under new names, and a bigram never seen
    vocabulary = {name.decode(): b"#%d" % number for number, name in enumerate(every[::step])}
    vocabulary["context.bigram-:dr. smith"] = b"#unseen"
    kept = extractor.attribute_items(text, vocabulary=vocabulary)
    assert kept == [
        {vocabulary[name.decode()]: weight for name, weight in item.items()
         if name.decode() in vocabulary}
        for item in full
    ]
    assert 0 < sum(map(len, kept)) < sum(map(len, full))
    # and back to no vocabulary: everything again
    assert extractor.attribute_items(text) == full


def test_names_follow_python_crfsuite() -> None:
    names = AttributeNames()
    item = names.item({"word": "año", "context.occurrences": 0.25, "orthography.initcap": 1.0})
    assert item == {"word:año".encode(): 1.0, b"context.occurrences": 0.25,
                    b"orthography.initcap": 1.0}
    assert crfsuite_view([item]) == crfsuite_view(
        [{"word": "año", "context.occurrences": 0.25, "orthography.initcap": 1.0}]
    )
    only = AttributeNames({"context.occurrences": b"\x01", "word:año": b"\x02"})
    assert only.item({"word": "año", "context.occurrences": 0.5, "word.lemma": "año"}) == {
        b"\x02": 1.0, b"\x01": 0.5}


def test_attribute_caches_stay_bounded(monkeypatch) -> None:
    from deidkit.features import attributes
    from deidkit.features import extractor as extractor_module

    monkeypatch.setattr(attributes, "NAMES_LIMIT", 50)
    monkeypatch.setattr(extractor_module, "WORD_CACHE_LIMIT", 20)
    extractor = _extractor({"classes": ["word", "context"]})
    for text in SYNTHETIC:
        extractor.attribute_items(text)
        assert extractor._names.size < 50
        assert len(extractor._attribute_cache) <= 20
    text = SYNTHETIC[0]
    assert crfsuite_view(extractor.attribute_items(text)) == crfsuite_view(
        extractor.token_features(text)
    )


def test_mask_caches_stay_bounded(monkeypatch) -> None:
    from deidkit.features import dictionary, medical

    monkeypatch.setattr(dictionary, "AROUND_LIMIT", 3)
    monkeypatch.setattr(medical, "MASKS_LIMIT", 2)
    extractor = _extractor({"classes": ["word", "medical", "dictionary"]})
    by_name = {feature_class.name: feature_class for feature_class in extractor.classes}
    for text in SYNTHETIC:
        assert crfsuite_view(extractor.attribute_items(text)) == crfsuite_view(
            extractor.token_features(text)
        )
        assert 0 < len(by_name["dictionary"]._around) <= 3
        assert 0 < len(by_name["medical"]._attributes) <= 2


def test_bigram_names_find_values_holding_spaces() -> None:
    words = ["<s>", "[** a b **]", "c", "a b"]
    plain = AttributeNames()
    assert plain.bigram_names(("k-", "k+"), words) == [
        (b"k-:<s> [** a b **]", b"k+:<s> [** a b **]"),
        (b"k-:[** a b **] c", b"k+:[** a b **] c"),
        (b"k-:c a b", b"k+:c a b"),
    ]
    vocabulary = {"k-:[** a b **] c": b"\x01", "k+:c a b": b"\x02", "k+:[** a b **] c": b"\x03",
                  "k-:<s> [**": b"\x04", "other:c a b": b"\x05"}
    named = AttributeNames(vocabulary)
    assert named.bigram_names(("k-", "k+"), words) == [
        (None, None), (b"\x01", b"\x03"), (None, b"\x02")]
    assert named.bigram_names(("k+",), ["c", "a", "b"]) == [(None,), (None,)]
