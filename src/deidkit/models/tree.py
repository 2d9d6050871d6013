"""The boosted decision tree detector (Scrubber).

- An entropy-split decision tree (C4.5-like, as Weka's J48), boosted with AdaBoost (SAMME)
  over ``rounds`` rounds (10 in the seed).
- Trained on every PHI token and an equal number of random non-PHI tokens.
- Cost-sensitive: PHI tokens weigh ``recall_weight`` times a non-PHI token, trading precision
  for recall as the seed's IRB asked.
- False-positive filter: a token predicted as PHI whose ``neighbours`` (100) nearest training
  tokens are all non-PHI is dropped.

Saved as arrays (the trees' nodes, the boosting weights, the training sample for the filter),
no pickles; prediction walks the saved trees with numpy.
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
from deidkit.models.matrix import MatrixDetector, read_arrays, threshold_labels, write_arrays
from deidkit.models.spans import OUTSIDE, spans_from_labels
from deidkit.models.statistical import with_pattern_backoff
from deidkit.types import Document, Span

ARRAYS_FILE = "tree.npz"
_BATCH = 256


class TreeDetector(MatrixDetector):
    """AdaBoost over entropy trees on a balanced token sample, with a kNN false-positive
    filter."""

    name = "tree"
    has_confidence = True
    description = "boosted entropy decision trees, balanced cost-sensitive sample, kNN filter"

    def __init__(
        self,
        *,
        lang: str = "en",
        features: FeatureConfig | Mapping[str, Any] | None = None,
        rounds: int = 10,
        max_depth: int = 0,
        min_samples_leaf: int = 2,
        recall_weight: float = 3.0,
        neighbours: int = 100,
        nn_filter: bool = True,
        min_count: int = 2,
        pattern_backoff: bool = True,
        seed: int = 0,
    ) -> None:
        self.lang = lang
        self.features = features
        self.rounds = rounds
        self.max_depth = max_depth
        self.min_samples_leaf = min_samples_leaf
        self.recall_weight = recall_weight
        self.neighbours = neighbours
        self.nn_filter = nn_filter
        self.min_count = min_count
        self.pattern_backoff = pattern_backoff
        self.seed = seed

    def _check_params(self) -> None:
        if self.rounds < 1 or self.max_depth < 0 or self.min_samples_leaf < 1:
            raise ConfigError("tree: rounds and min_samples_leaf must be >= 1, max_depth >= 0")
        if self.recall_weight <= 0 or self.neighbours < 1 or self.min_count < 1:
            raise ConfigError("tree: recall_weight > 0, neighbours >= 1, min_count >= 1")

    def _fit(self, documents: list[Document]) -> None:
        from sklearn.ensemble import AdaBoostClassifier  # lazy: scikit-learn loads only to train
        from sklearn.tree import DecisionTreeClassifier

        self._check_params()
        self._start_features()
        rng = random.Random(self.seed)
        items: list[dict[str, Any]] = []
        labels: list[str] = []
        others: list[tuple[int, int]] = []  # (document, token) of every non-PHI token
        document_items: list[list[dict[str, Any]]] = []
        for number, (_, features, tags) in enumerate(self.training_items(documents, bio=False)):
            document_items.append(features)
            for index, tag in enumerate(tags):
                if tag == OUTSIDE:
                    others.append((number, index))
                else:
                    items.append(features[index])
                    labels.append(tag)
        if not items:
            raise ConfigError("tree: the training documents have no PHI tokens")
        for number, index in sorted(rng.sample(others, min(len(others), len(items)))):
            items.append(document_items[number][index])
            labels.append(OUTSIDE)
        del document_items, others
        self._say(f"tree: {len(items):,} training tokens (all PHI + as many random others)")
        self.fit_vocabulary(items)
        matrix = self.to_matrix(items)
        targets = np.asarray(labels)
        weights = np.where(targets == OUTSIDE, 1.0, float(self.recall_weight))
        base = DecisionTreeClassifier(
            criterion="entropy",
            max_depth=self.max_depth or None,
            min_samples_leaf=self.min_samples_leaf,
            random_state=self.seed,
        )
        booster = AdaBoostClassifier(estimator=base, n_estimators=self.rounds,
                                     random_state=self.seed)
        booster.fit(matrix, targets, sample_weight=weights)
        self._say(f"tree: {len(booster.estimators_)} boosting rounds")
        self.classes_ = tuple(str(c) for c in booster.classes_)
        self._keep_trees(booster)
        self.booster_ = booster  # in memory only (not saved): lets tests compare predictions
        self.sample_ = matrix.astype(np.float32)
        self.sample_phi_ = (targets != OUTSIDE).astype(np.int8)

    def _keep_trees(self, booster: Any) -> None:
        """The boosted trees as flat arrays (nodes of all trees concatenated)."""
        lefts, rights, features, thresholds, votes, roots = [], [], [], [], [], []
        offset = 0
        class_index = {c: i for i, c in enumerate(self.classes_)}
        for estimator in booster.estimators_:
            tree = estimator.tree_
            left = tree.children_left.astype(np.int64)
            right = tree.children_right.astype(np.int64)
            leaf = left < 0
            lefts.append(np.where(leaf, -1, left + offset))
            rights.append(np.where(leaf, -1, right + offset))
            features.append(tree.feature.astype(np.int64))
            thresholds.append(tree.threshold.astype(np.float64))
            local = np.asarray([class_index[str(c)] for c in estimator.classes_])
            votes.append(local[tree.value[:, 0, :].argmax(axis=1)])
            roots.append(offset)
            offset += tree.node_count
        self.left_ = np.concatenate(lefts)
        self.right_ = np.concatenate(rights)
        self.feature_ = np.concatenate(features)
        self.threshold_ = np.concatenate(thresholds)
        self.vote_ = np.concatenate(votes)
        self.roots_ = np.asarray(roots, dtype=np.int64)
        self.tree_weights_ = np.asarray(booster.estimator_weights_[: len(roots)], dtype=np.float64)

    def predict_tokens(self, matrix: sparse.csr_matrix) -> tuple[np.ndarray, np.ndarray]:
        """Class index and vote share of each row (SAMME: weighted votes of the trees)."""
        scores = self._votes(matrix)
        rows = np.arange(matrix.shape[0])
        best = scores.argmax(axis=1)
        total = scores.sum(axis=1)
        share = np.where(total > 0, scores[rows, best] / np.where(total > 0, total, 1.0), 1.0)
        return best, share

    def vote_shares(self, matrix: sparse.csr_matrix) -> np.ndarray:
        """Each row's share of the weighted votes for every class (rows sum to 1)."""
        scores = self._votes(matrix)
        total = scores.sum(axis=1, keepdims=True)
        return np.where(total > 0, scores / np.where(total > 0, total, 1.0), 1.0 / scores.shape[1])

    def _votes(self, matrix: sparse.csr_matrix) -> np.ndarray:
        """Weighted votes of the trees, one column per class."""
        used = np.unique(self.feature_[self.feature_ >= 0])
        dense = np.asarray(matrix[:, used].todense(), dtype=np.float32) if used.size else (
            np.zeros((matrix.shape[0], 0), dtype=np.float32)
        )
        column = np.full(self.feature_.shape, -1, dtype=np.int64)
        column[self.feature_ >= 0] = np.searchsorted(used, self.feature_[self.feature_ >= 0])
        rows = np.arange(matrix.shape[0])
        scores = np.zeros((matrix.shape[0], len(self.classes_)))
        for root, weight in zip(self.roots_.tolist(), self.tree_weights_.tolist(), strict=True):
            node = np.full(matrix.shape[0], root, dtype=np.int64)
            inner = self.left_[node] >= 0
            while inner.any():
                at = node[inner]
                values = dense[rows[inner], column[at]]
                node[inner] = np.where(values <= self.threshold_[at], self.left_[at],
                                       self.right_[at])
                inner = self.left_[node] >= 0
            scores[rows, self.vote_[node]] += weight
        return scores

    def _drop_lonely_phi(self, matrix: sparse.csr_matrix, phi_rows: np.ndarray) -> np.ndarray:
        """Rows of ``phi_rows`` whose ``neighbours`` nearest training tokens are not all
        non-PHI (ties go to PHI: a token is dropped only if that many non-PHI training tokens
        are strictly closer than every PHI one)."""
        sample = self.sample_
        own_sample = getattr(self, "_sample_norms", None)
        if own_sample is None:
            own_sample = np.asarray(sample.multiply(sample).sum(axis=1)).ravel()
            self._sample_norms = own_sample
        sample_t = getattr(self, "_sample_t", None)
        if sample_t is None:
            sample_t = sparse.csr_matrix(sample.T)
            self._sample_t = sample_t
        k = min(self.neighbours, sample.shape[0])
        keep: list[int] = []
        for start in range(0, len(phi_rows), _BATCH):
            batch = phi_rows[start : start + _BATCH]
            rows = matrix[batch].astype(np.float32)
            own = np.asarray(rows.multiply(rows).sum(axis=1))
            distances = own + own_sample[None, :] - 2.0 * np.asarray((rows @ sample_t).todense())
            # the k nearest are all non-PHI when k non-PHI tokens are closer than any PHI token
            phi = self.sample_phi_.astype(bool)
            nearest_phi = (
                distances[:, phi].min(axis=1) if phi.any() else np.full(len(batch), np.inf)
            )
            closer = (distances[:, ~phi] < nearest_phi[:, None]).sum(axis=1)
            lonely = closer >= k
            keep.extend(batch[~lonely].tolist())
        return np.asarray(keep, dtype=np.int64)

    def _predict_spans(self, document: Document) -> list[Span]:
        tokens, matrix = self.document_matrix(document)
        if not tokens:
            return []
        outside = self.classes_.index(OUTSIDE) if OUTSIDE in self.classes_ else -1
        if self.decision_threshold is not None and outside >= 0:
            shares = self.vote_shares(matrix)
            chosen, _ = threshold_labels(shares, self.classes_, self.decision_threshold,
                                         _outside_share)
            best = np.asarray([self.classes_.index(label) for label in chosen], dtype=np.int64)
            share = shares[np.arange(len(best)), best]
        else:
            best, share = self.predict_tokens(matrix)
        phi_rows = np.flatnonzero(best != outside)
        if self.nn_filter and phi_rows.size:
            kept = set(self._drop_lonely_phi(matrix, phi_rows).tolist())
            for row in phi_rows.tolist():
                if row not in kept:
                    best[row] = outside
        labels = [OUTSIDE if i == outside else self.classes_[i] for i in best.tolist()]
        spans = spans_from_labels(tokens, labels, source=self.name, text=document.text,
                                  scores=share.tolist())
        if self.pattern_backoff:
            spans = with_pattern_backoff(document.text, self.lang_, spans, self.name)
        return spans

    def _extra_config(self) -> dict[str, Any]:
        return {"classes": list(self.classes_), "files": [ARRAYS_FILE]}

    def _write_files(self, folder: Path) -> None:
        self.write_vocabulary(folder)
        write_arrays(folder / ARRAYS_FILE, {
            "left": self.left_, "right": self.right_, "feature": self.feature_,
            "threshold": self.threshold_, "vote": self.vote_, "roots": self.roots_,
            "tree_weights": self.tree_weights_, "sample": self.sample_,
            "sample_phi": self.sample_phi_,
        })

    def _read_files(self, saved: store.SavedModel) -> None:
        self._restore_features(saved.config.get("params", {}))
        self.read_vocabulary(saved)
        arrays = read_arrays(saved, ARRAYS_FILE)
        self.classes_ = tuple(str(c) for c in saved.config.get("classes", []))
        self.left_, self.right_ = arrays["left"], arrays["right"]
        self.feature_, self.threshold_ = arrays["feature"], arrays["threshold"]
        self.vote_, self.roots_ = arrays["vote"], arrays["roots"]
        self.tree_weights_ = arrays["tree_weights"]
        self.sample_ = arrays["sample"].astype(np.float32)
        self.sample_phi_ = arrays["sample_phi"]


def _outside_share(outside: np.ndarray, best: np.ndarray) -> np.ndarray:
    """The share of ``O`` in the votes of ``O`` and the best PHI class (the probability of
    being outside PHI at an operating point; 0.5 is the argmax decision)."""
    total = outside + best
    result: np.ndarray = np.where(total > 0, outside / np.where(total > 0, total, 1.0), 1.0)
    return result
