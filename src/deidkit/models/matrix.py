"""Token feature matrices for the SVM and tree detectors, and data-only array files.

A fitted vocabulary maps each feature to a column (int32 indices, as scikit-learn's
``LinearSVC`` requires). Training builds the matrix from the feature dicts; prediction takes
the numeric path the CRF takes (``FeatureExtractor.document_matrix`` over the vocabulary's
columns, ``deidkit.features.columns``), which gives the same matrix. Arrays are saved as
``.npz`` (never with pickles) and read back from verified bytes with ``allow_pickle=False``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse

from deidkit.errors import ModelError
from deidkit.features.columns import MATRIX_SEPARATOR, Columns
from deidkit.models import store
from deidkit.models.spans import OUTSIDE
from deidkit.models.statistical import Features, StatisticalDetector
from deidkit.text import tokenize
from deidkit.types import Document, Token

VOCABULARY_FILE = "vocabulary.json"


class MatrixDetector(StatisticalDetector):
    """A statistical detector that classifies tokens from a sparse feature matrix."""

    min_count: int

    def fit_vocabulary(self, items: Sequence[Features]) -> None:
        self.extractor.fit_vocabulary(items, min_count=self.min_count)
        self._say(f"{self.name}: {self.extractor.n_columns:,} feature columns")

    def to_matrix(self, items: Sequence[Features]) -> sparse.csr_matrix:
        matrix = self.extractor.matrix(items)
        matrix.indices = matrix.indices.astype(np.int32, copy=False)
        matrix.indptr = matrix.indptr.astype(np.int32, copy=False)
        return matrix

    def document_matrix(self, document: Document) -> tuple[list[Token], sparse.csr_matrix]:
        """A document's tokens and their feature matrix (what ``to_matrix`` makes of their
        feature dicts)."""
        tokens = tokenize(document.text)
        vocabulary = self.extractor.vocabulary_
        if vocabulary is None:  # hashed columns: through the feature dicts
            return tokens, self.to_matrix(self.extractor.token_features(document, tokens))
        columns = getattr(self, "_columns", None)
        if columns is None or columns.vocabulary is not vocabulary:
            columns = self._columns = Columns(vocabulary, MATRIX_SEPARATOR)
        matrix = self.extractor.document_matrix(document, tokens, columns)
        matrix.sum_duplicates()  # sorted columns, as to_matrix gives them
        return tokens, matrix

    def write_vocabulary(self, folder: Path) -> None:
        vocabulary = self.extractor.vocabulary_ or {}
        columns = sorted(vocabulary, key=vocabulary.__getitem__)
        (folder / VOCABULARY_FILE).write_text(
            json.dumps({"columns": columns}, ensure_ascii=False), encoding="utf-8"
        )

    def read_vocabulary(self, saved: store.SavedModel) -> None:
        data = saved.read_json(VOCABULARY_FILE)
        columns = data.get("columns") if isinstance(data, dict) else None
        if not isinstance(columns, list):
            raise ModelError(f"model folder {saved.path}: the vocabulary is damaged; retrain it")
        self.extractor.vocabulary_ = {str(key): index for index, key in enumerate(columns)}
        self.extractor.hash_bits = None


def write_arrays(path: Path, arrays: Mapping[str, Any]) -> None:
    """Write numpy arrays (and CSR matrices, split into their parts) to one ``.npz``."""
    flat: dict[str, np.ndarray] = {}
    for key, value in arrays.items():
        if sparse.issparse(value):
            csr = sparse.csr_matrix(value)
            flat[f"{key}.data"] = csr.data
            flat[f"{key}.indices"] = csr.indices.astype(np.int32)
            flat[f"{key}.indptr"] = csr.indptr.astype(np.int64)
            flat[f"{key}.shape"] = np.asarray(csr.shape, dtype=np.int64)
        else:
            flat[key] = np.asarray(value)
    with path.open("wb") as handle:
        np.savez_compressed(handle, **flat)  # type: ignore[arg-type]


def read_arrays(saved: store.SavedModel, name: str) -> dict[str, Any]:
    """Arrays written by ``write_arrays``, from the model's verified bytes (no pickles)."""
    try:
        with np.load(io.BytesIO(saved.read_bytes(name)), allow_pickle=False) as data:
            flat = {key: data[key] for key in data.files}
    except (OSError, ValueError) as error:
        raise ModelError(
            f"model folder {saved.path}: {name} cannot be read ({error}); retrain the model"
        ) from None
    arrays: dict[str, Any] = {}
    for key, value in flat.items():
        if key.endswith(".data"):
            base = key[: -len(".data")]
            shape = tuple(int(v) for v in flat[f"{base}.shape"])
            arrays[base] = sparse.csr_matrix(
                (value, flat[f"{base}.indices"].astype(np.int32), flat[f"{base}.indptr"]),
                shape=shape,
            )
        elif not key.endswith((".indices", ".indptr", ".shape")):
            arrays[key] = value
    return arrays


def threshold_labels(
    values: np.ndarray,
    classes: Sequence[str],
    threshold: float,
    outside_probability: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> tuple[list[str], list[float]]:
    """Labels and scores at an operating point. Per row (token), ``values`` (decision values
    or votes, one column per class) give its best PHI class and, through
    ``outside_probability(value of O, value of the best PHI class)``, its probability of
    being outside PHI rather than in that class (so 0.5 is the argmax decision); the row
    takes that class when the probability is below ``threshold``, else ``O`` (score 1)."""
    outside = list(classes).index(OUTSIDE)
    rows = np.arange(values.shape[0])
    if values.shape[1] < 2:
        return [OUTSIDE] * values.shape[0], [1.0] * values.shape[0]
    phi = values.astype(np.float64, copy=True)
    phi[:, outside] = -np.inf
    best = phi.argmax(axis=1)
    p_out = outside_probability(values[:, outside], values[rows, best])
    marked = p_out < threshold
    labels = [classes[b] if m else OUTSIDE for b, m in zip(best.tolist(), marked.tolist(),
                                                        strict=True)]
    scores = np.where(marked, 1.0 - p_out, 1.0).tolist()
    return labels, scores


def sigmoid(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(values, -30.0, 30.0)))
