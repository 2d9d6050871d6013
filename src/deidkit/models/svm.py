"""The SVM detector (the SVM paper and Stat De-id): one classification per token, then spans.

- ``mode``: ``multiclass`` (the PHI label of each token, one-vs-rest) or ``binary`` (PHI or
  not, the SVM paper; binary spans carry the label ``OTHER`` since the type is not predicted).
- ``kernel``: ``linear`` (liblinear, ``LinearSVC``; every token), ``quadratic``
  (``(gamma * x.y + coef0) ** 2``) or ``gaussian`` (``exp(-gamma * |x - y|^2)``); kernel SVMs
  (libsvm) train on at most ``max_samples`` tokens: every PHI token first, then random others.
  ``gamma`` 0 means 1 / (average number of active features per token).
- ``C``: the misclassification penalty; ``class_weight="balanced"`` reweights rare labels.

Adjacent tokens with the same predicted label become one span; a span's score is the lowest
sigmoid of its tokens' decision values. At an operating point a token's probability of being
outside PHI is the sigmoid of the difference between its decision values for ``O`` and for
its best PHI label (``set_threshold``; 0.5 is the argmax decision). Saved as arrays
(``.npz``), no pickles: the linear weights, or the support vectors with their coefficients.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse

from deidkit.errors import ConfigError
from deidkit.features import FeatureConfig
from deidkit.models import store
from deidkit.models.matrix import (
    MatrixDetector,
    read_arrays,
    sigmoid,
    threshold_labels,
    write_arrays,
)
from deidkit.models.spans import OUTSIDE, spans_from_labels
from deidkit.models.statistical import with_pattern_backoff
from deidkit.types import Document, Span

KERNELS = ("linear", "quadratic", "gaussian")
MODES = ("multiclass", "binary")
WEIGHTS_FILE = "svm.npz"
BINARY_LABEL = "OTHER"


class SVMDetector(MatrixDetector):
    """Per-token SVM over token features; adjacent same-label tokens merged into spans."""

    name = "svm"
    has_confidence = True
    description = "per-token SVM (linear, quadratic or Gaussian kernel), binary or multi-class"

    def __init__(
        self,
        *,
        lang: str = "en",
        features: FeatureConfig | Mapping[str, Any] | None = None,
        kernel: str = "linear",
        mode: str = "multiclass",
        C: float = 0.1,
        gamma: float = 0.0,
        coef0: float = 1.0,
        class_weight: str = "none",
        max_samples: int = 20_000,
        max_iter: int = 2_000,
        min_count: int = 1,
        pattern_backoff: bool = True,
        seed: int = 0,
    ) -> None:
        self.lang = lang
        self.features = features
        self.kernel = kernel
        self.mode = mode
        self.C = C
        self.gamma = gamma
        self.coef0 = coef0
        self.class_weight = class_weight
        self.max_samples = max_samples
        self.max_iter = max_iter
        self.min_count = min_count
        self.pattern_backoff = pattern_backoff
        self.seed = seed

    def _check_params(self) -> None:
        if self.kernel not in KERNELS:
            raise ConfigError(f"svm: kernel must be one of {', '.join(KERNELS)}")
        if self.mode not in MODES:
            raise ConfigError(f"svm: mode must be one of {', '.join(MODES)}")
        if self.C <= 0 or self.gamma < 0 or self.max_samples < 2 or self.min_count < 1:
            raise ConfigError("svm: C must be > 0, gamma >= 0, max_samples >= 2, min_count >= 1")
        if self.class_weight not in ("none", "balanced"):
            raise ConfigError("svm: class_weight must be none or balanced")

    def _target(self, label: str) -> str:
        return label if self.mode == "multiclass" or label == OUTSIDE else BINARY_LABEL

    def _fit(self, documents: list[Document]) -> None:
        self._check_params()
        self._start_features()
        items: list[dict[str, Any]] = []
        labels: list[str] = []
        for _, features, tags in self.training_items(documents, bio=False):
            items.extend(features)
            labels.extend(self._target(tag) for tag in tags)
        self.fit_vocabulary(items)
        matrix = self.to_matrix(items)
        del items
        targets = np.asarray(labels)
        weight = None if self.class_weight == "none" else "balanced"
        if self.kernel == "linear":
            self._fit_linear(matrix, targets, weight)
        else:
            self._fit_kernel(matrix, targets, weight)

    def _fit_linear(self, matrix: sparse.csr_matrix, targets: np.ndarray, weight: Any) -> None:
        from sklearn.svm import LinearSVC  # lazy: scikit-learn loads only to train

        self._say(f"svm: linear SVM on {matrix.shape[0]:,} tokens")
        model = LinearSVC(
            C=self.C, class_weight=weight, max_iter=self.max_iter, random_state=self.seed
        )
        model.fit(matrix, targets)
        classes = [str(c) for c in model.classes_]
        coef = np.asarray(model.coef_, dtype=np.float32)
        intercept = np.asarray(model.intercept_, dtype=np.float64)
        if len(classes) == 2:  # liblinear keeps one row for two classes: positive = classes[1]
            coef = np.vstack([-coef, coef])
            intercept = np.concatenate([-intercept, intercept])
        self.classes_ = tuple(classes)
        self.coef_ = coef
        self.intercept_ = intercept

    def _fit_kernel(self, matrix: sparse.csr_matrix, targets: np.ndarray, weight: Any) -> None:
        from sklearn.svm import SVC  # lazy: scikit-learn loads only to train

        rows = self._sample_rows(targets)
        sample = matrix[rows]
        sample_targets = targets[rows]
        active = max(1.0, sample.getnnz() / max(1, sample.shape[0]))
        self.gamma_ = float(self.gamma) if self.gamma > 0 else 1.0 / active
        classes = sorted(set(sample_targets.tolist()))
        if len(classes) < 2:
            raise ConfigError("svm: the training sample has a single label; add annotated notes")
        positives = classes if len(classes) > 2 else [c for c in classes if c != OUTSIDE]
        kind = "poly" if self.kernel == "quadratic" else "rbf"
        used: set[int] = set()
        per_class: list[tuple[np.ndarray, np.ndarray, float]] = []
        for label in positives:
            self._say(f"svm: {self.kernel} kernel, {label} vs rest on {len(rows):,} tokens")
            binary = (sample_targets == label).astype(int)
            model = SVC(kernel=kind, degree=2, gamma=self.gamma_, coef0=self.coef0, C=self.C,
                        class_weight=weight, random_state=self.seed)
            model.fit(sample, binary)
            support = np.asarray(model.support_, dtype=np.int64)
            dual = model.dual_coef_
            dual = dual.toarray() if sparse.issparse(dual) else np.asarray(dual)
            per_class.append((support, dual[0], float(model.intercept_[0])))
            used.update(support.tolist())
        order = np.asarray(sorted(used), dtype=np.int64)
        position = {row: index for index, row in enumerate(order.tolist())}
        alphas = np.zeros((len(positives), len(order)), dtype=np.float64)
        for k, (support, coefficients, _) in enumerate(per_class):
            alphas[k, [position[s] for s in support.tolist()]] = coefficients
        if len(classes) == 2:  # one decision: PHI against O
            alphas = np.vstack([-alphas, alphas])
            intercepts = np.asarray([-per_class[0][2], per_class[0][2]])
            self.classes_ = (OUTSIDE, positives[0])
        else:
            intercepts = np.asarray([entry[2] for entry in per_class])
            self.classes_ = tuple(positives)
        self.support_vectors_ = sparse.csr_matrix(sample[order])
        self.alphas_ = alphas
        self.intercept_ = intercepts

    def _sample_rows(self, targets: np.ndarray) -> np.ndarray:
        """Every PHI token (up to half the budget), then random other tokens."""
        rng = random.Random(self.seed)
        phi = [i for i, label in enumerate(targets.tolist()) if label != OUTSIDE]
        other = [i for i, label in enumerate(targets.tolist()) if label == OUTSIDE]
        budget = self.max_samples
        if len(phi) > budget // 2:
            phi = sorted(rng.sample(phi, budget // 2))
        other = sorted(rng.sample(other, min(len(other), budget - len(phi))))
        return np.asarray(sorted(phi + other), dtype=np.int64)

    def decision(self, matrix: sparse.csr_matrix) -> np.ndarray:
        """Decision values, one column per class of ``classes_``."""
        if self.kernel == "linear":
            return np.asarray(matrix @ self.coef_.T) + self.intercept_
        vectors = self.support_vectors_
        dots = np.asarray((matrix @ vectors.T).todense())
        if self.kernel == "quadratic":
            kernel = (self.gamma_ * dots + self.coef0) ** 2
        else:
            own = np.asarray(matrix.multiply(matrix).sum(axis=1))
            theirs = np.asarray(vectors.multiply(vectors).sum(axis=1)).T
            kernel = np.exp(-self.gamma_ * np.maximum(own + theirs - 2.0 * dots, 0.0))
        return kernel @ self.alphas_.T + self.intercept_

    def _predict_spans(self, document: Document) -> list[Span]:
        tokens, matrix = self.document_matrix(document)
        if not tokens:
            return []
        values = self.decision(matrix)
        if self.decision_threshold is not None and OUTSIDE in self.classes_:
            labels, scores = threshold_labels(
                values, self.classes_, self.decision_threshold,
                lambda outside, best: sigmoid(outside - best),
            )
        else:
            best = values.argmax(axis=1)
            labels = [self.classes_[i] for i in best.tolist()]
            scores = sigmoid(values[np.arange(len(labels)), best]).tolist()
        spans = spans_from_labels(tokens, labels, source=self.name, text=document.text,
                                  scores=scores)
        if self.pattern_backoff and self.mode == "multiclass":
            spans = with_pattern_backoff(document.text, self.lang_, spans, self.name)
        return spans

    def _extra_config(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"classes": list(self.classes_), "files": [WEIGHTS_FILE]}
        if self.kernel != "linear":
            extra["gamma"] = self.gamma_
        return extra

    def _write_files(self, folder: Path) -> None:
        self.write_vocabulary(folder)
        if self.kernel == "linear":
            arrays = {"coef": self.coef_, "intercept": self.intercept_}
        else:
            arrays = {"support_vectors": self.support_vectors_, "alphas": self.alphas_,
                      "intercept": self.intercept_, "gamma": np.asarray([self.gamma_])}
        write_arrays(folder / WEIGHTS_FILE, arrays)

    def _read_files(self, saved: store.SavedModel) -> None:
        self._restore_features(saved.config.get("params", {}))
        self.read_vocabulary(saved)
        arrays = read_arrays(saved, WEIGHTS_FILE)
        self.classes_ = tuple(str(c) for c in saved.config.get("classes", []))
        self.intercept_ = arrays["intercept"]
        if self.kernel == "linear":
            self.coef_ = arrays["coef"]
        else:
            self.support_vectors_ = arrays["support_vectors"]
            self.alphas_ = arrays["alphas"]
            self.gamma_ = float(arrays["gamma"][0])
