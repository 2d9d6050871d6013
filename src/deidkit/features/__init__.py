"""Feature extraction for the detectors: every feature class of the seeds, switchable by name.

``FeatureConfig`` says which classes are on (``FEATURE_CLASSES``: word, orthography, regex,
affix, context, pos, syntax, section, layout, table, memory, medical, dictionary, frequency)
and how they are parameterised; ``FeatureExtractor(config)`` gives per-token feature dicts
(CRFsuite items) and sparse matrices with int32 indices (SVM, decision tree). See
docs/features.md.
"""

from __future__ import annotations

from deidkit.features.base import (
    DocumentContext,
    FeatureClass,
    Features,
    class_of_feature,
    normalise_word,
)
from deidkit.features.config import (
    FEATURE_CLASSES,
    LANGUAGES,
    OPTIONAL_CLASSES,
    FeatureConfig,
    default_classes,
)
from deidkit.features.extractor import FeatureExtractor, FeatureUnavailableWarning
from deidkit.features.registry import REGISTRY

__all__ = [
    "FEATURE_CLASSES",
    "LANGUAGES",
    "OPTIONAL_CLASSES",
    "REGISTRY",
    "DocumentContext",
    "FeatureClass",
    "FeatureConfig",
    "FeatureExtractor",
    "FeatureUnavailableWarning",
    "Features",
    "class_of_feature",
    "default_classes",
    "normalise_word",
]
