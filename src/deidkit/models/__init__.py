"""PHI detectors behind one interface: rules, CRF, SVM, boosted decision tree, ensemble.

>>> from deidkit.models import build_detector, load_model
>>> detector = build_detector("crf", {"c2": 0.05}).fit(train_documents)
>>> detector.save("models/my-crf")
>>> predicted = load_model("models/my-crf").predict(test_documents)
>>> load_model(None, lang="en")          # the shipped English default

Every detector: ``fit(documents) -> self``, ``predict(documents) -> list[Document]`` (predicted
spans in place of gold ones), ``save(directory)``, ``load(directory)``. See docs/models.md.
"""

from __future__ import annotations

from deidkit.detector import Detector
from deidkit.models.base import BaseDetector
from deidkit.models.registry import (
    DEFAULT_MODELS,
    DETECTORS,
    SHIPPED_MODELS,
    ShippedModel,
    build_detector,
    detector_class,
    load_model,
    resolve_model_path,
)
from deidkit.models.store import SavedModel, TamperedModelError, read_model

__all__ = [
    "DEFAULT_MODELS",
    "DETECTORS",
    "SHIPPED_MODELS",
    "BaseDetector",
    "Detector",
    "SavedModel",
    "ShippedModel",
    "TamperedModelError",
    "build_detector",
    "detector_class",
    "load_model",
    "read_model",
    "resolve_model_path",
]
