"""The detector protocol: what a PHI detector does, in one place for every part of deidkit.

``Detector`` is the whole contract every detector in ``deidkit.models`` follows (the
scikit-learn estimator contract plus saving; see ``deidkit.models.base``). ``Predictor`` is its
``predict`` method alone: what redaction, batch runs, the service and pre-annotation call, so
that any object with ``predict(documents)`` can stand in for a trained model there.
``resolve_detector`` turns a ``model=`` argument into one, and ``detect`` runs it checked:
detection's own steps, which redaction (``deidkit.redact`` re-exports them) and batch runs
share, so that a detect run imports no redaction engine.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from deidkit.errors import ConfigError, ModelError
from deidkit.types import Document


@runtime_checkable
class Predictor(Protocol):
    """Finds PHI: ``predict(documents)`` returns the documents, in order, with their id and text
    unchanged and the found spans in place of their own."""

    def predict(self, documents: Sequence[Document]) -> list[Document]: ...


@runtime_checkable
class Detector(Predictor, Protocol):
    """What every deidkit detector does: ``fit(documents) -> self``, ``predict``, ``save`` a
    model folder and ``load`` one back."""

    name: ClassVar[str]

    def fit(self, documents: Sequence[Document]) -> Detector: ...

    def save(
        self,
        directory: str | Path,
        *,
        metadata: Mapping[str, Any] | None = None,
        overwrite: bool = False,
    ) -> Path: ...

    @classmethod
    def load(cls, directory: str | Path) -> Detector: ...


def model_argument(
    model: Predictor | str | None, detector: Predictor | str | None
) -> Predictor | str | None:
    """The ``model=`` argument of a public function, given either as ``model=`` or under its
    deprecated old name ``detector=`` (which warns)."""
    if detector is None:
        return model
    if model is not None:
        raise ConfigError("give model= only (detector= is its deprecated old name), not both")
    warnings.warn(
        "detector= is deprecated; pass the model as model= (same values)",
        DeprecationWarning,
        stacklevel=3,
    )
    return detector


def load_detector(name_or_path: str | None, lang: str) -> Detector:
    """A detector from ``deidkit.models.load_model`` (a shipped name, a folder, or None for
    the language's default)."""
    try:
        from deidkit.models import load_model  # lazy: redacting given spans loads no detector code
    except ImportError:
        raise ModelError(
            "no PHI detector is installed in this build of deidkit (deidkit.models is missing); "
            "use --detector annotations to redact the spans already in the input"
        ) from None
    return load_model(name_or_path, lang=lang)


def resolve_detector(detector: Predictor | str | None, lang: str) -> Predictor | None:
    """None or ``"annotations"``: use the given spans; a name or path: load that model
    (``"default"``: the language's default model); an object with ``predict``: itself."""
    if detector is None or detector == "annotations":
        return None
    if isinstance(detector, str):
        return load_detector(None if detector == "default" else detector, lang)
    if not callable(getattr(detector, "predict", None)):
        raise ConfigError("a detector needs a predict(documents) method (see deidkit.models)")
    return detector


def detect(documents: Sequence[Document], detector: Predictor) -> list[Document]:
    """The documents with the detector's spans in place of their own (checked to fit)."""
    predicted = detector.predict(list(documents))
    if len(predicted) != len(documents):
        raise ModelError(
            f"the detector returned {len(predicted)} documents for {len(documents)}; "
            "refusing to write output that might be un-redacted"
        )
    out = []
    for original, found in zip(documents, predicted, strict=True):
        if found.id != original.id or found.text != original.text:
            raise ModelError(
                f"document {original.id}: the detector changed the document's id or text; "
                "refusing to write output that might be un-redacted"
            )
        out.append(original.with_spans(found.spans))
    return out


__all__ = [
    "Detector", "Predictor", "detect", "load_detector", "model_argument", "resolve_detector",
]
