"""The detector protocol: what a PHI detector does, in one place for every part of deidkit.

``Detector`` is the whole contract every detector in ``deidkit.models`` follows (the
scikit-learn estimator contract plus saving; see ``deidkit.models.base``). ``Predictor`` is its
``predict`` method alone: what redaction, batch runs, the service and pre-annotation call, so
that any object with ``predict(documents)`` can stand in for a trained model there.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from deidkit.errors import ConfigError
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


__all__ = ["Detector", "Predictor", "model_argument"]
