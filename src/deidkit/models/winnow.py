"""The winnow detector: a SNoW-style sparse network of winnows (Roth and Yih 2002), the second
global-context baseline of Stat De-id (Uzuner et al. 2007, section 4.2).

Every token is an example with binary features: its own word, orthography, affixes, part of
speech (English) and dictionary membership (``deidkit.features``: classes ``word``,
``orthography``, ``affix``, ``pos``, ``dictionary``), plus SNoW's NER features
(``context_features``): the words and tags two tokens each side, conjunctions of words and
tags, and bigrams and trigrams of words and of tags. The tag of a token is its part of
speech (English) or its short shape (Spanish, which has no offline tagger).

One winnow unit per label (``O`` included) learns from the examples (``WinnowUnits``):
a unit is linked to a feature the first time the feature is active in one of its positive
examples (SNoW's sparse network), with weight ``threshold / average active features``; a
mistake on a positive example multiplies the weights of its active features by
``promotion``, a mistake on a negative one by ``demotion`` (a mistake: the activation falls
short of ``threshold + margin``, or reaches ``threshold - margin``). A token takes the label
of the most active unit (winner-take-all).

Then the sentence-level inference step (``constraints``): adjacent PHI tokens of one
category form one entity, which takes the label with the highest summed activation; and two
entities of one sentence may not carry labels that never appeared together in a training
sentence although their frequencies predicted at least ``min_expected`` such sentences: the
entities are labelled in order of confidence, each with its most active label compatible
with those already chosen (``O`` is always compatible). Saved as ``.npz`` and JSON.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse

from deidkit.errors import ConfigError, ModelError
from deidkit.features import FeatureConfig
from deidkit.labels import LABELS, category_of
from deidkit.lang import get_language, is_language
from deidkit.models import store
from deidkit.models.hmm import sentences
from deidkit.models.matrix import read_arrays, write_arrays
from deidkit.models.spans import OUTSIDE, spans_from_labels, token_labels
from deidkit.models.statistical import StatisticalDetector
from deidkit.text import tokenize
from deidkit.types import Document, Span, Token

WEIGHTS_FILE = "winnow.npz"
FEATURES_FILE = "winnow_features.json"
SHARED_CLASSES = ("word", "orthography", "affix", "pos", "dictionary")
"""The classes of ``deidkit.features`` used for the token itself (``pos`` in English only)."""


def context_features(words: Sequence[str], tags: Sequence[str], index: int) -> Iterator[str]:
    """SNoW's NER features of token ``index``: words and tags within two tokens, word-tag
    conjunctions, and bigrams and trigrams of words and of tags."""

    def at(seq: Sequence[str], offset: int) -> str:
        position = index + offset
        return seq[position] if 0 <= position < len(seq) else "<s>" if position < 0 else "</s>"

    w = {offset: at(words, offset) for offset in (-2, -1, 0, 1, 2)}
    t = {offset: at(tags, offset) for offset in (-2, -1, 0, 1, 2)}
    for offset in (-2, -1, 1, 2):
        yield f"w{offset:+d}={w[offset]}"
    for offset in (-2, -1, 0, 1, 2):
        yield f"t{offset:+d}={t[offset]}"
    yield f"w-1&t0={w[-1]}&{t[0]}"
    yield f"t-1&w0={t[-1]}&{w[0]}"
    yield f"w0&t+1={w[0]}&{t[1]}"
    yield f"t0&w+1={t[0]}&{w[1]}"
    yield f"w-1w0={w[-1]} {w[0]}"
    yield f"w0w+1={w[0]} {w[1]}"
    yield f"w-2w-1={w[-2]} {w[-1]}"
    yield f"w+1w+2={w[1]} {w[2]}"
    yield f"w-1w0w+1={w[-1]} {w[0]} {w[1]}"
    yield f"t-1t0={t[-1]} {t[0]}"
    yield f"t0t+1={t[0]} {t[1]}"
    yield f"t-2t-1t0={t[-2]} {t[-1]} {t[0]}"
    yield f"t-1t0t+1={t[-1]} {t[0]} {t[1]}"
    yield f"t0t+1t+2={t[0]} {t[1]} {t[2]}"


class WinnowUnits:
    """One winnow unit per label over binary features (SNoW's sparse network, online).

    ``weights`` is a (features x labels) array; 0 means "not linked"."""

    def __init__(
        self,
        n_features: int,
        n_labels: int,
        *,
        promotion: float,
        demotion: float,
        threshold: float,
        margin: float,
        initial_weight: float,
    ) -> None:
        self.weights = np.zeros((n_features, n_labels))
        self.promotion = promotion
        self.demotion = demotion
        self.threshold = threshold
        self.margin = margin
        self.initial_weight = initial_weight
        self.mistakes = 0

    def activations(self, active: np.ndarray) -> np.ndarray:
        return np.asarray(self.weights[active].sum(axis=0))

    def learn(self, active: np.ndarray, label: int) -> None:
        """One online step on an example with ``active`` feature ids and gold ``label``."""
        if not len(active):
            return
        column = self.weights[active, label]
        unlinked = column == 0.0
        if unlinked.any():
            column[unlinked] = self.initial_weight
            self.weights[active, label] = column
        activation = self.activations(active)
        high = self.threshold + self.margin
        low = self.threshold - self.margin
        if activation[label] < high:
            self.weights[active, label] *= self.promotion
            self.mistakes += 1
        wrong = np.flatnonzero(activation >= low)
        wrong = wrong[wrong != label]
        if len(wrong):
            self.weights[np.ix_(active, wrong)] *= self.demotion
            self.mistakes += 1


class WinnowDetector(StatisticalDetector):
    """SNoW-style sparse network of winnows per token, then sentence-level constraints."""

    name = "winnow"
    description = "SNoW-style winnow units per label (Roth and Yih 2002) + sentence constraints"

    def __init__(
        self,
        *,
        lang: str = "en",
        features: FeatureConfig | Mapping[str, Any] | None = None,
        promotion: float = 1.35,
        demotion: float = 0.8,
        threshold: float = 4.0,
        margin: float = 0.5,
        epochs: int = 3,
        min_count: int = 2,
        constraints: bool = True,
        min_expected: float = 3.0,
        seed: int = 0,
    ) -> None:
        self.lang = lang
        self.features = features
        self.promotion = promotion
        self.demotion = demotion
        self.threshold = threshold
        self.margin = margin
        self.epochs = epochs
        self.min_count = min_count
        self.constraints = constraints
        self.min_expected = min_expected
        self.seed = seed

    def _check_params(self) -> None:
        if not self.promotion > 1.0 or not 0.0 < self.demotion < 1.0:
            raise ConfigError("winnow: promotion must be > 1 and demotion between 0 and 1")
        if not self.threshold > 0 or not 0 <= self.margin < self.threshold:
            raise ConfigError("winnow: threshold must be > 0 and margin in [0, threshold)")
        for key in ("epochs", "min_count"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigError(f"winnow: {key} must be an integer of 1 or more")
        if self.min_expected < 0:
            raise ConfigError("winnow: min_expected must be 0 or more")

    def _requested_config(self) -> FeatureConfig:
        if self.features is None and is_language(self.lang):
            tagged = get_language(self.lang).pos_tagger
            classes = [c for c in SHARED_CLASSES if tagged or c != "pos"]
            return FeatureConfig(language=self.lang, classes=tuple(classes))
        return super()._requested_config()

    # -- features --------------------------------------------------------------------------------
    def token_feature_names(self, document: Document, tokens: Sequence[Token]) -> list[list[str]]:
        """The binary feature names of each token."""
        items = self.extractor.token_features(document, tokens)
        words = [token.text.lower() for token in tokens]
        tags = [str(item.get("pos", item.get("orthography.shape_short", "?"))) for item in items]
        names: list[list[str]] = []
        for index, item in enumerate(items):
            own = ["bias"]
            for key, value in item.items():
                if isinstance(value, str):
                    own.append(f"{key}={value}")
                elif value:
                    own.append(key)
            own.extend(context_features(words, tags, index))
            names.append(own)
        return names

    def _ids(self, names: Sequence[str]) -> np.ndarray:
        vocabulary = self.vocabulary_
        return np.asarray(
            sorted({vocabulary[n] for n in names if n in vocabulary}), dtype=np.int64
        )

    # -- training --------------------------------------------------------------------------------
    def _fit(self, documents: list[Document]) -> None:
        self._check_params()
        self._start_features()
        examples: list[tuple[list[str], str]] = []
        sentence_labels: list[set[str]] = []
        counts: dict[str, int] = {}
        for number, document in enumerate(documents, start=1):
            tokens = tokenize(document.text)
            if not tokens:
                continue
            gold = token_labels(tokens, document.spans)
            names = self.token_feature_names(document, tokens)
            for sentence in sentences(document.text, tokens):
                sentence_labels.append({gold[i] for i in sentence} - {OUTSIDE})
            for feature_names, label in zip(names, gold, strict=True):
                examples.append((feature_names, label))
                for name in set(feature_names):
                    counts[name] = counts.get(name, 0) + 1
            if number % 100 == 0:
                self._say(f"winnow: features of {number}/{len(documents)} documents")
        kept = sorted(name for name, count in counts.items() if count >= self.min_count)
        self.vocabulary_ = {name: index for index, name in enumerate(kept)}
        labels = sorted({label for _, label in examples} - {OUTSIDE})
        self.classes_ = (OUTSIDE, *labels)
        label_id = {label: index for index, label in enumerate(self.classes_)}
        encoded = [(self._ids(names), label_id[label]) for names, label in examples]
        del examples, counts
        average = max(1.0, float(np.mean([len(ids) for ids, _ in encoded])))
        units = WinnowUnits(
            len(self.vocabulary_),
            len(self.classes_),
            promotion=self.promotion,
            demotion=self.demotion,
            threshold=self.threshold,
            margin=self.margin,
            initial_weight=self.threshold / average,
        )
        rng = random.Random(self.seed)
        order = list(range(len(encoded)))
        for epoch in range(1, self.epochs + 1):
            rng.shuffle(order)
            before = units.mistakes
            for position in order:
                ids, target = encoded[position]
                units.learn(ids, target)
            self._say(f"winnow: epoch {epoch}, {units.mistakes - before:,} updates")
        self.weights_ = sparse.csr_matrix(units.weights)
        self.updates_ = units.mistakes
        self.incompatible_ = incompatible_pairs(sentence_labels, self.classes_, self.min_expected)
        self._say(f"winnow: {len(self.incompatible_)} label pairs never seen in one sentence")

    def _training_details(self) -> dict[str, Any]:
        return {"updates": self.updates_, "features": len(self.vocabulary_)}

    # -- prediction ------------------------------------------------------------------------------
    def activations(self, document: Document, tokens: Sequence[Token]) -> np.ndarray:
        """The activation of every unit for every token (tokens x labels)."""
        rows = [self._ids(names) for names in self.token_feature_names(document, tokens)]
        indptr = np.cumsum([0, *(len(ids) for ids in rows)])
        indices = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        matrix = sparse.csr_matrix(
            (np.ones(len(indices)), indices, indptr), shape=(len(rows), len(self.vocabulary_))
        )
        return np.asarray((matrix @ self.weights_).todense())

    def _predict_spans(self, document: Document) -> list[Span]:
        tokens = tokenize(document.text)
        if not tokens:
            return []
        scores = self.activations(document, tokens)
        labels = [self.classes_[i] for i in scores.argmax(axis=1).tolist()]
        if self.constraints:
            incompatible = {tuple(pair) for pair in self.incompatible_}
            for sentence in sentences(document.text, tokens):
                constrain(tokens, sentence, scores, labels, self.classes_, incompatible,
                          document.text)
        share = scores / np.maximum(scores.sum(axis=1, keepdims=True), 1e-300)
        column = {label: index for index, label in enumerate(self.classes_)}
        token_scores = [float(share[i, column[label]]) for i, label in enumerate(labels)]
        return spans_from_labels(
            tokens, labels, source=self.name, text=document.text, scores=token_scores
        )

    # -- saving ----------------------------------------------------------------------------------
    def _extra_config(self) -> dict[str, Any]:
        return {
            "classes": list(self.classes_),
            "incompatible": [list(pair) for pair in self.incompatible_],
            "files": [WEIGHTS_FILE, FEATURES_FILE],
        }

    def _write_files(self, folder: Path) -> None:
        names = sorted(self.vocabulary_, key=self.vocabulary_.__getitem__)
        (folder / FEATURES_FILE).write_text(
            json.dumps({"features": names}, ensure_ascii=False), encoding="utf-8"
        )
        write_arrays(folder / WEIGHTS_FILE, {"weights": self.weights_})

    def _read_files(self, saved: store.SavedModel) -> None:
        self._restore_features(saved.config.get("params", {}))
        data = saved.read_json(FEATURES_FILE)
        try:
            names = [str(name) for name in data["features"]]
            self.classes_ = tuple(str(c) for c in saved.config["classes"])
            self.incompatible_ = [
                (str(a), str(b)) for a, b in saved.config.get("incompatible", [])
            ]
        except (KeyError, TypeError, ValueError):
            raise ModelError(
                f"model folder {saved.path}: the winnow features are damaged; retrain the model"
            ) from None
        self.vocabulary_ = {name: index for index, name in enumerate(names)}
        self.weights_ = read_arrays(saved, WEIGHTS_FILE)["weights"]
        if self.weights_.shape != (len(names), len(self.classes_)):
            raise ModelError(
                f"model folder {saved.path}: weights and features disagree; retrain the model"
            )


def incompatible_pairs(
    sentence_labels: Sequence[set[str]], classes: Sequence[str], min_expected: float
) -> list[tuple[str, str]]:
    """Label pairs never seen in one training sentence although their sentence frequencies
    predict at least ``min_expected`` such sentences (if independent)."""
    total = max(1, len(sentence_labels))
    frequency = {label: 0 for label in classes if label != OUTSIDE}
    together: dict[tuple[str, str], int] = {}
    for present in sentence_labels:
        ordered = sorted(present)
        for label in ordered:
            frequency[label] = frequency.get(label, 0) + 1
        for i, first in enumerate(ordered):
            for second in ordered[i + 1 :]:
                together[(first, second)] = together.get((first, second), 0) + 1
    labels = sorted(frequency)
    return [
        (first, second)
        for i, first in enumerate(labels)
        for second in labels[i + 1 :]
        if not together.get((first, second))
        and frequency[first] * frequency[second] / total >= min_expected
    ]


def _entities(
    tokens: Sequence[Token], sentence: range, labels: Sequence[str], text: str
) -> list[list[int]]:
    """Runs of adjacent PHI tokens whose labels share a category (not across a line break)."""
    runs: list[list[int]] = []
    for index in sentence:
        label = labels[index]
        if label == OUTSIDE:
            continue
        if runs and runs[-1][-1] == index - 1:
            previous = labels[index - 1]
            same = previous in LABELS and label in LABELS and (
                category_of(previous) == category_of(label)
            )
            if same and "\n" not in text[tokens[index - 1].end : tokens[index].start]:
                runs[-1].append(index)
                continue
        runs.append([index])
    return runs


def constrain(
    tokens: Sequence[Token],
    sentence: range,
    scores: np.ndarray,
    labels: list[str],
    classes: Sequence[str],
    incompatible: Collection[tuple[str, ...]],
    text: str,
) -> None:
    """The sentence-level inference step on ``labels`` (changed in place): one label per
    entity, and no two entities with labels that cannot appear in one sentence."""
    entities = _entities(tokens, sentence, labels, text)
    if not entities:
        return
    summed = [scores[run].sum(axis=0) for run in entities]

    def confidence(number: int) -> float:
        top = np.sort(summed[number])[-2:]
        return float(top[-1] - top[0])

    chosen: list[str] = []
    for number in sorted(range(len(entities)), key=confidence, reverse=True):
        for candidate in np.argsort(-summed[number]).tolist():
            label = classes[candidate]
            if label == OUTSIDE or not any(
                tuple(sorted((label, other))) in incompatible for other in chosen
            ):
                break
        for index in entities[number]:
            labels[index] = label
        if label != OUTSIDE:
            chosen.append(label)

