"""The CRF detector (HIDE): a linear-chain CRF over BIO tags, through CRFsuite.

Training is L-BFGS, stopping as HIDE does when the log-likelihood improves by less than
``delta`` (1e-5) from one iteration to the next (``period`` 1); L1 (``c1``) and L2 (``c2``)
regularisation are exposed, and so is HIDE's training-data sampling (``sampling`` =
``random`` with probability ``sampling_p`` and a history of ``sampling_history`` tokens, or
``window`` with ``sampling_window`` tokens each side of PHI).

Each predicted span's score is the lowest marginal probability of its tokens' tags. At an
operating point (``set_threshold``, ``deidkit.models.operating``) a token is PHI when its
marginal probability of ``O`` is below the threshold (its most probable PHI tag's category's
own, where the operating point sets one).

CRFsuite trains; the model file is CRFsuite's own (data only) and stays the stored artefact.
Decoding is ours (``deidkit.models.crf_decode``): at load the file's weights become arrays
(saved beside the file by ``write_arrays`` and read from there when they are that file's: a
load then does not parse the file, ~15 ms less a process), and documents are decoded a few
at a time (marginals by forward-backward, tags by Viterbi), giving CRFsuite's tags and its
marginals to rounding. The documents decoded together reach the decoder as one tokens x
attributes matrix (``FeatureExtractor.chunk_rows`` over the model's attribute ids,
``deidkit.features.columns``), their emissions one product with the state weights.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import os
import random
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from deidkit.errors import ConfigError, ModelError
from deidkit.features import FeatureConfig
from deidkit.features.columns import Columns
from deidkit.labels import Category, category_of
from deidkit.models import crfsuite_file, store
from deidkit.models.crf_decode import LinearChain, Posterior
from deidkit.models.crfsuite_file import LayoutError
from deidkit.models.operating import label_thresholds
from deidkit.models.sampling import SAMPLINGS, sample
from deidkit.models.spans import OUTSIDE, TagSet, spans_from_tag_numbers, split_tag
from deidkit.models.statistical import StatisticalDetector, with_pattern_backoff
from deidkit.text import tokenize
from deidkit.types import Document, Span, Token

MODEL_FILE = "model.crfsuite"
DOCUMENTS_AT_ONCE = 8
"""Documents decoded together (their forward-backward runs side by side in pieces,
``crf_marginals``). More would make the forward-backward steps cheaper per document, but a
document's features and its spans must stay within the per-text caches (tokens, PHI
patterns: the last 8 texts), which cost more to miss (measured on MEDDOCAN dev: 8.5 ms a
document 4 at a time, 9.2 at ~15, 10.4 one by one)."""
TAGGINGS = ("bio", "io", "io-bio-names")
"""Tag schemes: ``bio`` (B-/I- prefixes, HIDE's); ``io`` (the bare label on every token of a
span: half the tags, so Viterbi and marginals cost about a quarter; consecutive tokens with
the same label make one span, not across a line break); ``io-bio-names`` (B-/I- for the
NAME labels, bare labels for the rest)."""


def _trainer(report: Any) -> Any:
    """CRFsuite's trainer, reporting every tenth iteration to a progress callback."""
    import pycrfsuite  # lazy: python-crfsuite loads only to train

    class Trainer(pycrfsuite.Trainer):
        def __init__(self) -> None:
            super().__init__(verbose=False)
            self.iterations = 0

        def message(self, message: str) -> None:
            if self.logparser.feed(message) == "iteration":
                self.on_iteration(self.logparser.last_log, self.logparser.last_iteration)

        def on_iteration(self, log: str, info: dict[str, Any]) -> None:
            self.iterations = int(info.get("num", self.iterations))
            if report is not None and self.iterations % 10 == 0:
                loss = float(info.get("loss", 0.0))
                seconds = float(info.get("time", 0.0))
                report(
                    f"crf: iteration {self.iterations}, loss {loss:,.1f} "
                    f"({seconds:.2f} s/iteration)"
                )

    return Trainer()


@functools.lru_cache(maxsize=8)
def _label_limits(
    labels: tuple[str, ...], threshold: float, categories: tuple[tuple[str, float], ...]
) -> np.ndarray:
    """Each tag label's threshold at an operating point (``label_thresholds``), worked out
    once per point rather than per document."""
    return np.asarray(label_thresholds(labels, threshold, dict(categories)))


class CRFDetector(StatisticalDetector):
    """Linear-chain CRF over BIO tags of the canonical PHI labels (CRFsuite, L-BFGS)."""

    name = "crf"
    has_confidence = True
    has_category_thresholds = True
    _model_file: bytes | store.SavedModel  # ``model_``: its bytes, or the folder that has them
    description = "linear-chain CRF (CRFsuite, L-BFGS), BIO tags, HIDE sampling"

    def __init__(
        self,
        *,
        lang: str = "en",
        features: FeatureConfig | Mapping[str, Any] | None = None,
        c1: float = 0.0,
        c2: float = 1.0,
        delta: float = 1e-5,
        period: int = 1,
        max_iterations: int = 0,
        min_freq: float = 0.0,
        all_transitions: bool = False,
        sampling: str = "none",
        sampling_p: float = 0.5,
        sampling_history: int = 4,
        sampling_window: int = 10,
        pattern_backoff: bool = True,
        tagging: str = "bio",
        seed: int = 0,
    ) -> None:
        self.lang = lang
        self.features = features
        self.c1 = c1
        self.c2 = c2
        self.delta = delta
        self.period = period
        self.max_iterations = max_iterations
        self.min_freq = min_freq
        self.all_transitions = all_transitions
        self.sampling = sampling
        self.sampling_p = sampling_p
        self.sampling_history = sampling_history
        self.sampling_window = sampling_window
        self.pattern_backoff = pattern_backoff
        self.tagging = tagging
        self.seed = seed

    def _check_params(self) -> None:
        if self.sampling not in SAMPLINGS:
            raise ConfigError(f"crf: sampling must be one of {', '.join(SAMPLINGS)}")
        if self.c1 < 0 or self.c2 < 0:
            raise ConfigError("crf: c1 and c2 must be 0 or more")
        if self.delta <= 0 or self.period < 1 or self.max_iterations < 0:
            raise ConfigError("crf: delta must be > 0, period >= 1, max_iterations >= 0")
        if self.tagging not in TAGGINGS:
            raise ConfigError(f"crf: tagging must be one of {', '.join(TAGGINGS)}")

    def _trainer_params(self) -> dict[str, Any]:
        params: dict[str, Any] = {
            "c1": float(self.c1),
            "c2": float(self.c2),
            "delta": float(self.delta),
            "period": int(self.period),
            "feature.minfreq": float(self.min_freq),
            "feature.possible_transitions": bool(self.all_transitions),
        }
        if self.max_iterations:
            params["max_iterations"] = int(self.max_iterations)
        return params

    def _fit(self, documents: list[Document]) -> None:
        self._check_params()
        self._start_features()
        rng = random.Random(self.seed)
        trainer = _trainer(self._say)
        trainer.set_params(self._trainer_params())
        kept = total = 0
        for _, features, bio in self.training_items(documents, bio=True):
            tags = self._scheme_tags(bio)
            plain = [split_tag(tag)[1] or OUTSIDE for tag in tags]
            keep = sample(
                plain,
                self.sampling,
                rng=rng,
                p=self.sampling_p,
                history=self.sampling_history,
                window=self.sampling_window,
            )
            total += len(tags)
            if not keep:
                continue
            kept += len(keep)
            trainer.append([features[i] for i in keep], [tags[i] for i in keep])
        self._say(f"crf: training on {kept:,} of {total:,} tokens ({self.sampling} sampling)")
        self.trained_tokens_ = kept
        handle, path = tempfile.mkstemp(suffix=".crfsuite")
        os.close(handle)
        try:
            trainer.train(path)
            self._model_file = Path(path).read_bytes()
            self._open(_weights(self._model_file))
        finally:
            Path(path).unlink(missing_ok=True)
        self.iterations_ = trainer.iterations
        self._say(f"crf: stopped after {self.iterations_} iterations")

    def _scheme_tags(self, bio: list[str]) -> list[str]:
        """Gold BIO tags in this detector's tag scheme."""
        if self.tagging == "bio":
            return bio
        keep_prefix = {Category.NAME} if self.tagging == "io-bio-names" else set()
        return [
            tag if tag == OUTSIDE or category_of(tag[2:]) in keep_prefix else tag[2:] for tag in bio
        ]

    def _training_details(self) -> dict[str, Any]:
        return {"iterations": self.iterations_, "trained_tokens": self.trained_tokens_}

    @property
    def model_(self) -> bytes:
        """The CRFsuite model file. A model loaded from its arrays reads it (verified against
        its checksum) when first asked for: to save it again, or to hand it to CRFsuite."""
        model = self._model_file  # AttributeError before fitting, as any learned state
        if isinstance(model, store.SavedModel):
            model = self._model_file = model.read_bytes(MODEL_FILE)
        return model

    def _open(self, weights: crfsuite_file.Weights, checksum: str = "") -> None:
        """Use a CRFsuite file's weights; ``checksum`` (the file's SHA-256, as a model folder
        lists it) names its vocabulary so that the features' tables of it can be prepared."""
        self.chain_ = LinearChain.from_weights(weights)
        self.labels_ = self.chain_.labels
        self.tags_ = TagSet.of(self.labels_)
        source = ""
        if checksum:
            from deidkit.resources import prepared  # lazy: only a saved model has a checksum

            source = prepared.fingerprint(
                "crf-vocabulary", [], [Path(crfsuite_file.__file__)], extra=checksum
            )
        self.columns_ = Columns(self.chain_.vocabulary, source=source)

    def _predict_many(self, documents: list[Document]) -> list[list[Span]]:
        found: list[list[Span]] = []
        for start in range(0, len(documents), DOCUMENTS_AT_ONCE):
            found += self._predict_batch(documents[start : start + DOCUMENTS_AT_ONCE])
        return found

    def _predict_batch(self, documents: list[Document]) -> list[list[Span]]:
        chain = self.chain_
        tokens = [tokenize(document.text) if document.text else [] for document in documents]
        emissions = self._emissions(documents, tokens)
        posteriors = chain.posteriors(emissions)
        threshold = self.decision_threshold
        if threshold is None:
            paths = chain.best_paths(emissions, posteriors)
        else:
            paths = [self._threshold_path(posterior, threshold) for posterior in posteriors]
        return [
            self._spans(document, words, path, posterior)
            for document, words, path, posterior in zip(
                documents, tokens, paths, posteriors, strict=True
            )
        ]

    def _emissions(self, documents: list[Document], tokens: list[list[Token]]) -> list[np.ndarray]:
        """Each document's tokens x labels scores, from one matrix and one product for all
        of them; a token's per-word features count as one term, worked out once per word
        type, where the chain has room for its types."""
        chain, columns = self.chain_, self.columns_
        counts = [len(words) for words in tokens]
        type_column = chain.typed_rows(columns.types, sum(counts))
        rows = self.extractor.chunk_rows(documents, tokens, columns, type_column)
        scores = chain.emissions(rows, None if type_column is None else columns.types)
        return np.split(scores, list(itertools.accumulate(counts[:-1])))

    def _threshold_path(self, posterior: Posterior, threshold: float) -> np.ndarray:
        """Tags at an operating point: a token's most probable PHI tag where its marginal
        probability of ``O`` is below ``threshold`` (or the threshold of that tag's category,
        ``category_thresholds``), else ``O`` (the most probable tag is looked for only at the
        tokens below the highest threshold)."""
        labels = self.labels_
        phi = [number for number, label in enumerate(labels) if label != OUTSIDE]
        marginals = posterior.marginals
        if OUTSIDE in labels:
            outside = labels.index(OUTSIDE)
            p_out = marginals[:, outside]
        else:
            outside, p_out = -1, np.zeros(len(marginals))
        path = np.full(len(marginals), outside)
        if not phi:
            return path
        categories = self.category_thresholds
        highest = max([threshold, *categories.values()])
        tokens = np.flatnonzero(p_out < highest)
        best = np.asarray(phi)[marginals[tokens][:, phi].argmax(axis=1)]
        if categories:  # each token below its best tag's own threshold
            limits = _label_limits(tuple(labels), threshold, tuple(categories.items()))
            kept = p_out[tokens] < limits[best]
            tokens, best = tokens[kept], best[kept]
        path[tokens] = best
        return path

    def _spans(
        self, document: Document, tokens: list[Token], path: np.ndarray, posterior: Posterior
    ) -> list[Span]:
        if not tokens:
            return []
        chosen = posterior.marginals[np.arange(len(path)), path]
        spans = spans_from_tag_numbers(tokens, path, self.tags_, source=self.name, scores=chosen,
                                       text=document.text)
        if self.pattern_backoff:
            spans = with_pattern_backoff(document.text, self.lang_, spans, self.name)
        return spans

    def _write_files(self, folder: Path) -> None:
        (folder / MODEL_FILE).write_bytes(self.model_)
        write_arrays(folder, self.model_)

    def _read_files(self, saved: store.SavedModel) -> None:
        self._restore_features(saved.config.get("params", {}))
        checksum = saved.checksums.get(MODEL_FILE, "")
        weights = _saved_weights(saved, checksum) if checksum else None
        if weights is None:  # saved without them (an older deidkit) or for another file
            self._model_file = saved.read_bytes(MODEL_FILE)
            weights = _weights(self._model_file)
        else:
            self._model_file = saved
        self._open(weights, checksum)

    def _extra_config(self) -> dict[str, Any]:
        return {"tags": list(self.labels_), "files": [MODEL_FILE]}


def write_arrays(folder: Path, model: bytes) -> Path:
    """Write the weights of CRFsuite file ``model`` as arrays (``crfsuite_file.Weights.arrays``,
    ``.npy`` files) into a folder of ``folder`` named by the file's checksum, where a load
    reads them instead of parsing the file; the folder written."""
    target = folder / crfsuite_file.arrays_folder(hashlib.sha256(model).hexdigest())
    target.mkdir()
    for name, array in _weights(model).arrays().items():
        np.save(target / f"{name}.npy", np.ascontiguousarray(array), allow_pickle=False)
    return target


def _weights(model: bytes) -> crfsuite_file.Weights:
    try:
        return crfsuite_file.read_weights(model)
    except LayoutError:
        raise ModelError("crf: the CRFsuite model cannot be read; retrain it") from None


def _saved_weights(saved: store.SavedModel, checksum: str) -> crfsuite_file.Weights | None:
    """The arrays ``write_arrays`` saved of the model file whose SHA-256 is ``checksum``
    (checked against their own), or None when the folder has none of them."""
    from deidkit.resources.prepared import npy_array  # lazy: the arrays' reading imports numpy

    folder = crfsuite_file.arrays_folder(checksum) + "/"
    names = [name for name in saved.checksums if name.startswith(folder)]
    if not names:
        return None
    try:
        return crfsuite_file.Weights.from_arrays({
            name[len(folder) :].removesuffix(".npy"): npy_array(saved.read_bytes(name))
            for name in names
        })
    except ValueError:  # LayoutError included
        raise ModelError(
            f"model folder {saved.path}: the CRF's arrays ({folder}) cannot be read; remove "
            "that folder from the model (and its checksums) or retrain it"
        ) from None
