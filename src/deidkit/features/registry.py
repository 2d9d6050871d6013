"""The explicit registry of feature classes: stable name -> implementation."""

from __future__ import annotations

from deidkit.features.base import FeatureClass
from deidkit.features.config import FEATURE_CLASSES
from deidkit.features.context import ContextFeatures
from deidkit.features.dictionary import DictionaryFeatures
from deidkit.features.frequency import FrequencyFeatures
from deidkit.features.layout import LayoutFeatures
from deidkit.features.lexical import AffixFeatures, OrthographyFeatures, WordFeatures
from deidkit.features.medical import MedicalFeatures
from deidkit.features.memory import MemoryFeatures
from deidkit.features.pos import PosFeatures
from deidkit.features.regex import RegexFeatures
from deidkit.features.section import SectionFeatures
from deidkit.features.syntax import SyntaxFeatures
from deidkit.features.table import TableFeatures

REGISTRY: dict[str, type[FeatureClass]] = {
    feature_class.name: feature_class
    for feature_class in (
        WordFeatures,
        OrthographyFeatures,
        RegexFeatures,
        AffixFeatures,
        ContextFeatures,
        PosFeatures,
        SyntaxFeatures,
        SectionFeatures,
        LayoutFeatures,
        TableFeatures,
        MemoryFeatures,
        MedicalFeatures,
        DictionaryFeatures,
        FrequencyFeatures,
    )
}

if tuple(REGISTRY) != FEATURE_CLASSES:  # pragma: no cover - a programming error
    raise RuntimeError("feature registry and FEATURE_CLASSES disagree")
