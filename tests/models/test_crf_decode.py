"""Our CRF decoding against CRFsuite's: the same tags (ties included) and the same marginals.

On the shipped models (English and Spanish) over synthetic notes and MEDDOCAN dev documents
(skipped if ../shared/data is absent), on a small model trained here, and on random chains
against a plain port of CRFsuite's Viterbi and against enumerating every path.
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import numpy as np
import pycrfsuite
import pytest

from deidkit.corpus.synth import generate
from deidkit.models import build_detector, crf_decode, load_model
from deidkit.models.crf import DOCUMENTS_AT_ONCE, CRFDetector
from deidkit.models.crf_decode import LinearChain
from deidkit.text import tokenize
from deidkit.types import Document

MEDDOCAN_DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "meddocan" / "dev"


def crf_of(model: object) -> CRFDetector:
    """The CRF of a loaded model (itself, or the ensemble's member)."""
    if isinstance(model, CRFDetector):
        return model
    return next(d for d in model.detectors_ if isinstance(d, CRFDetector))  # type: ignore[attr-defined]


def assert_same_as_crfsuite(crf: CRFDetector, documents: list[Document]) -> int:
    """Tags equal to CRFsuite's (tagging the feature dicts) and every marginal within 1e-6;
    the number of tokens."""
    tagger = pycrfsuite.Tagger()
    tagger.open_inmemory(crf.model_)
    chain = crf.chain_
    items = [crf.extractor.token_features(doc, tokenize(doc.text)) for doc in documents]
    ours = [
        crf.extractor.document_rows(doc, tokenize(doc.text), crf.columns_) for doc in documents
    ]
    emissions = [chain.emissions(matrix) for matrix in ours]
    for doc_items, scores in list(zip(items, emissions, strict=True))[:3]:
        # bit for bit CRFsuite's sum: attribute by attribute, in the token's order
        expected = np.zeros_like(scores)
        for token, attributes in enumerate(pycrfsuite.ItemSequence(doc_items).items()):
            for name, value in attributes.items():
                if name in chain.vocabulary:
                    expected[token] += value * chain.state[chain.vocabulary[name]]
        assert np.array_equal(scores, expected)
    posteriors = chain.posteriors(emissions)
    paths = chain.best_paths(emissions, posteriors)
    labels = chain.labels
    for doc, doc_items, path, posterior in zip(documents, items, paths, posteriors, strict=True):
        assert [labels[i] for i in path] == tagger.tag(doc_items), doc.id
        theirs = np.array(
            [[tagger.marginal(label, t) for label in labels] for t in range(len(doc_items))]
        ).reshape(len(doc_items), len(labels))
        assert np.abs(theirs - posterior.marginals).max(initial=0.0) < 1e-6, doc.id
    return sum(len(doc_items) for doc_items in items)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["en", "es"])
def test_shipped_models_decode_as_crfsuite_on_synthetic_notes(name: str) -> None:
    notes = [doc.with_spans(()) for doc in generate(300, seed=41)]
    assert assert_same_as_crfsuite(crf_of(load_model(name)), notes) > 30_000


@pytest.mark.slow
@pytest.mark.skipif(not MEDDOCAN_DEV.is_dir(), reason="MEDDOCAN dev is not in ../shared/data")
@pytest.mark.parametrize("name", ["es", "en"])
def test_shipped_models_decode_as_crfsuite_on_meddocan_dev(name: str) -> None:
    documents = [
        Document(path.stem, path.read_text(encoding="utf-8"))
        for path in sorted(MEDDOCAN_DEV.glob("*.txt"))[:40]
    ]
    assert assert_same_as_crfsuite(crf_of(load_model(name)), documents) > 10_000


def test_a_model_trained_here_decodes_as_crfsuite(
    train_notes: list[Document], test_notes: list[Document]
) -> None:
    detector = build_detector("crf", {"c1": 0.05, "c2": 0.05, "max_iterations": 30})
    detector.fit(train_notes[:20])
    empty = Document("empty", "")
    assert_same_as_crfsuite(detector, [*test_notes, empty, Document("one", "Smith")])


def crfsuite_viterbi(emissions: np.ndarray, transitions: np.ndarray) -> list[int]:
    """CRFsuite's ``crf1dc_viterbi``, ported line for line (the first best wins a tie)."""
    count, labels = emissions.shape
    score = emissions[0].copy()
    back = np.zeros((count, labels), dtype=int)
    for t in range(1, count):
        current = np.empty(labels)
        for j in range(labels):
            best, arg = -math.inf, -1
            for i in range(labels):
                value = score[i] + transitions[i, j]
                if best < value:
                    best, arg = value, i
            back[t, j] = arg
            current[j] = best + emissions[t, j]
        score = current
    path = [0] * count
    best = -math.inf
    for i in range(labels):
        if best < score[i]:
            best, path[-1] = score[i], i
    for t in range(count - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return path


def random_chain(rng: np.random.Generator, labels: int, scale: float) -> LinearChain:
    transitions = np.round(rng.normal(size=(labels, labels)) * scale)
    return LinearChain(tuple(map(str, range(labels))), np.zeros((1, labels)), transitions, {})


@pytest.mark.parametrize("seed", range(6))
def test_viterbi_breaks_ties_as_crfsuite(seed: int) -> None:
    # small whole-number weights: many exact ties, computed exactly by both
    rng = np.random.default_rng(seed)
    chain = random_chain(rng, labels=int(rng.integers(2, 7)), scale=1.0)
    labels = len(chain.labels)
    emissions = [np.round(rng.normal(size=(n, labels)) * 2) for n in rng.integers(1, 40, 12)]
    emissions += [np.zeros((5, labels)), np.full((3, labels), 4.0)]  # ties everywhere
    paths = chain.best_paths(emissions, chain.posteriors(emissions))
    for scores, path in zip(emissions, paths, strict=True):
        assert path.tolist() == crfsuite_viterbi(scores, chain.transitions)


@pytest.mark.parametrize("seed", range(4))
def test_marginals_and_partition_function_are_exact(seed: int) -> None:
    rng = np.random.default_rng(seed)
    chain = random_chain(rng, labels=3, scale=2.0)
    # groups of 4 of unequal longest documents share a loop (the second stops before the
    # first), and a group of one has a loop of its own
    emissions = [rng.normal(size=(n, 3)) * 3 for n in (1, 2, 5, 7, 6, 1, 3, 2, 4)]
    for scores, posterior in zip(emissions, chain.posteriors(emissions), strict=True):
        paths = list(itertools.product(range(3), repeat=len(scores)))
        logs = np.array([chain.path_score(scores, np.array(path)) for path in paths])
        log_z = np.logaddexp.reduce(logs)
        assert posterior.log_z == pytest.approx(log_z, abs=1e-9)
        expected = np.zeros_like(scores)
        for path, log in zip(paths, logs, strict=True):
            expected[np.arange(len(path)), path] += math.exp(log - log_z)
        assert np.abs(posterior.marginals - expected).max() < 1e-12


def test_long_documents_with_large_weights_stay_finite() -> None:
    rng = np.random.default_rng(7)
    chain = random_chain(rng, labels=8, scale=30.0)
    emissions = [rng.normal(size=(n, 8)) * 200 for n in (3_000, 1, 40)]
    posteriors = chain.posteriors(emissions)
    paths = chain.best_paths(emissions, posteriors)
    for scores, posterior, path in zip(emissions, posteriors, paths, strict=True):
        assert np.isfinite(posterior.marginals).all() and math.isfinite(posterior.log_z)
        assert np.allclose(posterior.marginals.sum(axis=1), 1.0)
        assert chain.path_score(scores, path) == pytest.approx(
            chain.path_score(scores, np.array(crfsuite_viterbi(scores, chain.transitions)))
        )


def test_documents_decode_the_same_alone_or_together() -> None:
    rng = np.random.default_rng(3)
    chain = random_chain(rng, labels=5, scale=1.5)
    emissions = [rng.normal(size=(n, 5)) * 2 for n in (50, 0, 1, 300, 7, 50)]
    together = chain.posteriors(emissions)
    paths = chain.best_paths(emissions, together)
    for scores, posterior, path in zip(emissions, together, paths, strict=True):
        alone = chain.posteriors([scores])
        assert np.array_equal(chain.best_paths([scores], alone)[0], path)
        assert np.allclose(alone[0].marginals, posterior.marginals, rtol=0, atol=1e-12)


@pytest.mark.parametrize("threshold", [None, 0.9])
def test_predicting_in_batches_gives_each_documents_own_spans(threshold: float | None) -> None:
    crf = crf_of(load_model("es")).set_threshold(threshold)
    notes = [doc.with_spans(()) for doc in generate(60, seed=13)]
    assert len(notes) > 4 * DOCUMENTS_AT_ONCE  # several batches
    together = crf.predict([*notes, Document("empty", "")])
    alone = [crf.predict([doc])[0] for doc in notes]
    assert [doc.spans for doc in together[:-1]] == [doc.spans for doc in alone]
    assert together[-1].spans == ()


def test_each_loaded_model_chooses_its_own_product(monkeypatch: pytest.MonkeyPatch) -> None:
    # numpy's product until the model has multiplied NUMPY_PRODUCT_TOKENS tokens (unless
    # scipy.sparse is imported already), then scipy's; counted per loaded model, not per process
    from deidkit.features.columns import SparseRows

    used: list[str] = []

    def numpy_product(rows: SparseRows, weights: np.ndarray) -> np.ndarray:
        used.append("numpy")
        return np.zeros((rows.shape[0], weights.shape[1]))

    class Dense:  # stands in for scipy's matrix: scipy.sparse is taken out of sys.modules
        def __matmul__(self, weights: np.ndarray) -> np.ndarray:
            used.append("scipy")
            return np.zeros((3, weights.shape[1]))

    monkeypatch.setattr(SparseRows, "times", numpy_product)
    monkeypatch.setattr(SparseRows, "to_csr", lambda rows: Dense())
    monkeypatch.setattr(crf_decode, "NUMPY_PRODUCT_TOKENS", 5)
    monkeypatch.delitem(sys.modules, "scipy.sparse", raising=False)
    rows = SparseRows(np.zeros(4, np.int32), np.zeros(0, np.int32), np.zeros(0), 2)  # 3 tokens
    first, second = (LinearChain(("O", "X"), np.zeros((2, 2)), np.zeros((2, 2)), {})
                     for _ in range(2))
    for chain in (first, first, first, second):
        chain.emissions(rows)
    assert used == ["numpy", "numpy", "scipy", "numpy"]
    assert (first.product.numpy_tokens, second.product.numpy_tokens) == (6, 3)
    monkeypatch.setitem(sys.modules, "scipy.sparse", Dense())  # imported already: scipy's
    used.clear()
    LinearChain(("O", "X"), np.zeros((2, 2)), np.zeros((2, 2)), {}).emissions(rows)
    assert used == ["scipy"]


def test_per_word_features_as_one_term_give_the_same_emissions_to_the_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a token's per-word features are worked out once per word type (their weights summed
    # as the product sums a row's first terms) and enter its row as one term: the emissions
    # equal the full rows', with numpy's product and scipy's, after the type table starts
    # afresh, and where the types outgrow the room kept for them (full rows then)
    from deidkit.features import extractor

    crf = crf_of(load_model("en"))
    notes = [doc.with_spans(()) for doc in generate(40, seed=31)]
    monkeypatch.setattr(extractor, "WORD_CACHE_LIMIT", 600)  # starts afresh mid-way
    monkeypatch.setattr(crf_decode, "TYPE_ROWS", 900)
    chain = LinearChain.from_crfsuite(crf.model_)
    assert chain.types is not None and np.array_equal(chain.state, crf.chain_.state)
    columns = crf.columns_.__class__(chain.vocabulary)
    typed = full = 0
    for scale in ("numpy", "scipy"):
        if scale == "scipy":
            monkeypatch.setattr(crf_decode, "NUMPY_PRODUCT_TOKENS", 0)
            import scipy.sparse  # noqa: F401  (the product turns to scipy's)
        for doc in [*notes, Document("long", " ".join(f"w{n}" for n in range(700)))]:
            tokens = tokenize(doc.text)
            expected = chain.emissions(crf.extractor.document_rows(doc, tokens, columns))
            column = chain.typed_rows(columns.types, len(tokens))
            rows = crf.extractor.document_rows(doc, tokens, columns, column)
            found = chain.emissions(rows, None if column is None else columns.types)
            assert np.array_equal(found, expected)
            typed += column is not None
            full += column is None
    assert typed > 40 and full >= 2  # the 700 new words do not fit in 900 rows


def test_a_chunks_emissions_equal_each_documents_own_to_the_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the CRF builds one matrix and one product for the documents it decodes together
    # (FeatureExtractor.chunk_rows): each document's emissions are those of its own matrix,
    # typed rows or full ones (a chunk whose new types outgrow the room), empty documents
    # included
    crf = crf_of(load_model("en"))
    notes = [doc.with_spans(()) for doc in generate(24, seed=37)]
    notes[3:3] = [Document("empty", ""), Document("blank", " \n "), Document("one", "Boston")]
    notes.append(Document("long", " ".join(f"v{n}" for n in range(700))))
    monkeypatch.setattr(crf_decode, "TYPE_ROWS", 3000)
    chain = LinearChain.from_crfsuite(crf.model_)
    monkeypatch.setattr(crf, "chain_", chain)
    monkeypatch.setattr(crf, "columns_", crf.columns_.__class__(chain.vocabulary))
    reference = crf.columns_.__class__(chain.vocabulary)
    typed = full = 0
    for first in range(0, len(notes), DOCUMENTS_AT_ONCE):
        chunk = notes[first : first + DOCUMENTS_AT_ONCE]
        tokens = [tokenize(doc.text) for doc in chunk]
        fits = chain.typed_rows(crf.columns_.types, sum(map(len, tokens))) is not None
        typed, full = typed + fits, full + (not fits)
        found = crf._emissions(chunk, tokens)
        assert len(found) == len(chunk)
        for doc, words, scores in zip(chunk, tokens, found, strict=True):
            rows = crf.extractor.document_rows(doc, words, reference)
            assert np.array_equal(scores, chain.emissions(rows)), doc.id
    assert typed >= 2 and full >= 1  # the last chunk's new words do not fit in 3,000 rows
