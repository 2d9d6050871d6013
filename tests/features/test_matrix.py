"""Sparse matrices for SVMs and trees: int32 indices, a real LinearSVC fit, hashing, saving."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

from deidkit.errors import InputError, NotFittedError
from deidkit.features import FeatureConfig, FeatureExtractor

NOTES = [
    "Seen by Dr. Foley on 3/14/2012. Call 617-555-1234.",
    "Dr. Smith saw the patient. Foley catheter placed.",
    "Patient John Brown, MRN 1234567, seen by Dr. Jones.",
]


# a toy task: is the token a number-like token?
def _labels(items: list[dict]) -> list[int]:
    return [int("orthography.digit" in item) for item in items]


@pytest.fixture(scope="module")
def extractor() -> FeatureExtractor:
    return FeatureExtractor(FeatureConfig(classes=("word", "orthography", "context", "frequency")))


def _items(extractor: FeatureExtractor) -> list[dict]:
    return [item for note in NOTES for item in extractor.token_features(note)]


def test_vocabulary_matrix_has_int32_indices_and_trains_linear_svc(extractor) -> None:
    items = _items(extractor)
    matrix = extractor.fit_matrix(items)
    assert matrix.shape == (len(items), len(extractor.vocabulary_))
    assert matrix.indices.dtype == np.int32 and matrix.indptr.dtype == np.int32
    labels = _labels(items)
    model = LinearSVC(dual="auto").fit(matrix, labels)
    assert model.score(matrix, labels) == 1.0
    tree = DecisionTreeClassifier(random_state=0).fit(matrix, labels)
    assert tree.score(matrix, labels) == 1.0


def test_string_features_are_one_hot_and_numbers_are_values(extractor) -> None:
    items = extractor.token_features("the cat")
    matrix = extractor.fit_vocabulary(items).matrix(items)
    vocabulary = extractor.vocabulary_
    assert matrix[0, vocabulary["word=the"]] == 1.0
    assert matrix[0, vocabulary["frequency.public"]] == pytest.approx(items[0]["frequency.public"])
    assert "word=cat" in vocabulary and "word" not in vocabulary


def test_unseen_features_are_dropped(extractor) -> None:
    extractor.fit_vocabulary(extractor.token_features("the cat"))
    row = extractor.matrix(extractor.token_features("zebra"))
    assert row.shape == (1, len(extractor.vocabulary_))
    assert "word=zebra" not in extractor.vocabulary_


def test_min_count_prunes_rare_features(extractor) -> None:
    items = extractor.token_features("the the cat")
    extractor.fit_vocabulary(items, min_count=2)
    assert "word=the" in extractor.vocabulary_ and "word=cat" not in extractor.vocabulary_


def test_hashing_needs_no_fit_and_has_int32_indices() -> None:
    extractor = FeatureExtractor(FeatureConfig(classes=("word", "orthography")))
    extractor.use_hashing(bits=12)
    items = _items(extractor)
    matrix = extractor.matrix(items)
    assert matrix.shape == (len(items), 4096)
    assert matrix.indices.dtype == np.int32
    labels = _labels(items)
    assert LinearSVC(dual="auto").fit(matrix, labels).score(matrix, labels) == 1.0
    # stable across processes: crc32, not Python's salted hash
    again = FeatureExtractor(FeatureConfig(classes=("word", "orthography"))).use_hashing(12)
    assert (again.matrix(items) != matrix).nnz == 0


def test_matrix_before_fit_is_an_error() -> None:
    extractor = FeatureExtractor(FeatureConfig(classes=("word",)))
    with pytest.raises(NotFittedError, match="fit_vocabulary"):
        extractor.matrix([{"word": "a"}])


def test_vocabulary_save_and_load(extractor, tmp_path) -> None:
    items = _items(extractor)
    matrix = extractor.fit_matrix(items)
    path = tmp_path / "vocabulary.json"
    extractor.save_vocabulary(path)
    other = FeatureExtractor(extractor.config).load_vocabulary(path)
    assert other.vocabulary_ == extractor.vocabulary_
    assert (other.matrix(items) != matrix).nnz == 0
    hashed = FeatureExtractor(extractor.config).use_hashing(10)
    hashed.save_vocabulary(tmp_path / "hash.json")
    assert (
        FeatureExtractor(extractor.config).load_vocabulary(tmp_path / "hash.json").hash_bits == 10
    )
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    with pytest.raises(InputError, match="not a deidkit feature vocabulary"):
        FeatureExtractor(extractor.config).load_vocabulary(tmp_path / "bad.json")


def test_extractor_pickles_for_worker_processes(extractor) -> None:
    import pickle

    items = _items(extractor)
    matrix = extractor.fit_matrix(items)
    copy = pickle.loads(pickle.dumps(extractor))
    assert copy.config == extractor.config and copy.vocabulary_ == extractor.vocabulary_
    assert copy.token_features(NOTES[0]) == extractor.token_features(NOTES[0])
    assert (copy.matrix(items) != matrix).nnz == 0
