"""What every detector shares (``BaseDetector``).

A detector finds PHI spans in documents. All of them follow one contract,
``deidkit.detector.Detector`` (the scikit-learn estimator contract plus saving):

- ``__init__`` stores hyper-parameters only; ``get_params()`` returns them;
- ``fit(documents) -> self`` learns from documents with gold spans (learned state ends in
  ``_``); a detector that needs no training (rules) accepts any documents, even none;
- ``predict(documents) -> list[Document]`` returns the documents with predicted spans in place
  of their own (``source`` = the detector name, ``score`` where the model has one);
  predicting before ``fit`` raises ``NotFittedError``;
- ``save(directory)`` writes a model folder (``deidkit.models.store``) and
  ``load(directory)`` reads one back, verifying its checksums first.
"""

from __future__ import annotations

import inspect
import json
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from deidkit.errors import ConfigError, InputError, ModelError, NotFittedError
from deidkit.models import store
from deidkit.models.operating import (
    CATEGORIES,
    OPERATING_POINT,
    categories_of,
    check_categories,
    check_threshold,
    threshold_of,
)
from deidkit.text import tokenize
from deidkit.types import Document, Span


class BaseDetector:
    """Shared machinery: parameters, training summary, fitted checks, save and load.

    Subclasses set ``name`` and ``description``, implement ``_fit(documents)``,
    ``_predict_spans(document)`` (or ``_predict_many``), ``_write_files(folder)`` and
    ``_read_files(saved)``, and declare their hyper-parameters as keyword arguments of
    ``__init__`` stored under the same names.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    needs_training: ClassVar[bool] = True
    has_confidence: ClassVar[bool] = False
    """Whether the detector gives tokens a probability of being outside PHI, so that an
    operating point (``set_threshold``) applies."""
    decision_threshold: float | None = None
    """The operating point (``deidkit.models.operating``): a token is PHI when its probability
    of being outside PHI is below it; None decides by argmax."""
    has_category_thresholds: ClassVar[bool] = False
    """Whether the operating point may set a threshold per PHI category (``set_threshold``'s
    ``categories``)."""
    category_thresholds: Mapping[str, float] = MappingProxyType({})
    """The operating point's thresholds per PHI category ("NAME" -> 0.97), beside
    ``decision_threshold`` for the other categories."""
    metadata_: dict[str, Any]
    """The metadata of the model folder a loaded detector came from."""

    # -- parameters --------------------------------------------------------------------------
    @classmethod
    def param_names(cls) -> tuple[str, ...]:
        signature = inspect.signature(cls.__init__)
        return tuple(
            name
            for name, parameter in signature.parameters.items()
            if name != "self"
            and parameter.kind
            in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        )

    @classmethod
    def param_defaults(cls) -> dict[str, Any]:
        signature = inspect.signature(cls.__init__)
        return {
            name: signature.parameters[name].default
            for name in cls.param_names()
            if signature.parameters[name].default is not inspect.Parameter.empty
        }

    def get_params(self) -> dict[str, Any]:
        """The hyper-parameters, JSON-compatible."""
        return {name: _jsonable(getattr(self, name)) for name in self.param_names()}

    def set_params(self, **params: Any) -> BaseDetector:
        for key, value in params.items():
            if key not in self.param_names():
                raise ConfigError(
                    f"{self.name}: unknown parameter {key!r}; parameters: "
                    f"{', '.join(self.param_names())}"
                )
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({params})"

    # -- training and prediction -------------------------------------------------------------
    def fit(self, documents: Iterable[Document]) -> BaseDetector:
        """Learn from documents with gold spans; returns self."""
        docs = list(documents)
        if self.needs_training and not docs:
            raise InputError(
                f"{self.name}: no training documents", fix="pass a corpus with annotated notes"
            )
        if self.needs_training and not any(doc.spans for doc in docs):
            raise InputError(
                f"{self.name}: the training documents have no PHI annotations",
                fix="train on an annotated corpus (gold spans are needed)",
            )
        started = time.perf_counter()
        self._fit(docs)
        self.training_ = {
            **training_summary(docs, time.perf_counter() - started),
            **self._training_details(),
        }
        return self

    def _training_details(self) -> dict[str, Any]:
        """What a detector adds to its training summary (iterations, sample sizes)."""
        return {}

    def predict(self, documents: Iterable[Document]) -> list[Document]:
        """The documents with predicted spans in place of their own."""
        self._check_fitted()
        docs = list(documents)
        predicted = self._predict_many(docs)
        return [doc.with_spans(spans) for doc, spans in zip(docs, predicted, strict=True)]

    def set_threshold(
        self, threshold: float | None, categories: Mapping[str, float] | None = None
    ) -> BaseDetector:
        """Use operating point ``threshold`` (None: argmax), with ``categories``' thresholds
        for their PHI categories (none: ``threshold`` for all); returns self."""
        threshold = check_threshold(threshold)
        checked = check_categories(categories)
        if threshold is not None and not self.has_confidence:
            raise ConfigError(
                f"the {self.name} detector has no confidence to set a threshold on; "
                "drop --threshold or use a crf, svm, tree or ensemble model"
            )
        if checked and threshold is None:
            raise ConfigError("thresholds per category need a threshold for the other categories")
        if checked and not self.has_category_thresholds:
            raise ConfigError(f"the {self.name} detector takes no threshold per category")
        self.decision_threshold = threshold
        self.category_thresholds = MappingProxyType(checked)
        return self

    def predict_text(self, text: str) -> list[Span]:
        """The predicted spans of one string."""
        return list(self.predict([Document(id="text", text=text)])[0].spans)

    @property
    def is_fitted(self) -> bool:
        return hasattr(self, "training_")

    def _check_fitted(self) -> None:
        if not self.is_fitted:
            raise NotFittedError(
                f"the {self.name} detector is not trained; call fit(documents) or load a "
                "saved model first"
            )

    def _fit(self, documents: list[Document]) -> None:
        raise NotImplementedError

    def _predict_many(self, documents: list[Document]) -> list[list[Span]]:
        return [self._predict_spans(doc) for doc in documents]

    def _predict_spans(self, document: Document) -> list[Span]:
        raise NotImplementedError

    # -- saving and loading ------------------------------------------------------------------
    def save(
        self,
        directory: str | Path,
        *,
        metadata: Mapping[str, Any] | None = None,
        overwrite: bool = False,
    ) -> Path:
        """Write this trained detector as a model folder; returns its path."""
        self._check_fitted()
        config = {
            "detector": self.name,
            "params": self.get_params(),
            "label_scheme": "canonical",
            **self._extra_config(),
        }
        training = getattr(self, "training_", {})
        meta = {"training": training, **(dict(metadata) if metadata else {})}
        if self.decision_threshold is not None and OPERATING_POINT not in meta:
            meta[OPERATING_POINT] = {"threshold": self.decision_threshold}
            if self.category_thresholds:
                meta[OPERATING_POINT][CATEGORIES] = dict(self.category_thresholds)
        return store.write_model(
            directory,
            config=config,
            metadata=meta,
            write_files=self._write_files,
            overwrite=overwrite,
        )

    @classmethod
    def load(cls, directory: str | Path) -> BaseDetector:
        """Read a model folder written by ``save`` (checksums verified first)."""
        return cls.from_saved(store.read_model(directory))

    @classmethod
    def from_saved(cls, saved: store.SavedModel) -> BaseDetector:
        if saved.detector != cls.name:
            raise ModelError(
                f"model folder {saved.path} holds a {saved.detector!r} model, not {cls.name!r}; "
                "load it with deidkit.models.load_model"
            )
        params = saved.config.get("params", {})
        if not isinstance(params, dict):
            raise ModelError(f"model folder {saved.path}: bad parameters; retrain the model")
        known = set(cls.param_names())
        unknown = sorted(set(params) - known)
        if unknown:
            raise ModelError(
                f"model folder {saved.path}: parameter {unknown[0]!r} is unknown to this "
                "version of deidkit; retrain the model"
            )
        detector = cls(**params)
        detector._read_files(saved)
        training = saved.metadata.get("training")
        detector.training_ = training if isinstance(training, dict) else {}
        detector.metadata_ = saved.metadata
        threshold = threshold_of(saved.metadata)
        if threshold is not None:
            detector.set_threshold(threshold, categories_of(saved.metadata))
        return detector

    def _extra_config(self) -> dict[str, Any]:
        return {}

    def _write_files(self, folder: Path) -> None:
        """Write the learned state into ``folder`` (nothing for detectors without any)."""

    def _read_files(self, saved: store.SavedModel) -> None:
        """Read the learned state written by ``_write_files``."""


def training_summary(documents: Sequence[Document], seconds: float) -> dict[str, Any]:
    """Documents, tokens, spans per label and training time: saved in a model's metadata."""
    labels: Counter[str] = Counter(span.label for doc in documents for span in doc.spans)
    return {
        "documents": len(documents),
        "tokens": sum(len(tokenize(doc.text)) for doc in documents),
        "spans": sum(labels.values()),
        "labels": dict(sorted(labels.items())),
        "seconds": round(seconds, 3),
    }


def _jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_jsonable(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    json.dumps(value)  # raises for anything that cannot be saved
    return value
