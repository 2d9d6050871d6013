"""The medical-vocabulary class (seed 000 MeSH ID, seed 004 UMLS dictionaries): tokens that
belong to a medical term are less likely to be PHI.

- ``medical.<vocabulary>``: the token is covered by a term (one word or a phrase) of a medical
  vocabulary. By default these are the medical word lists shipped for the language
  (``medical_words``: the words of the ICD-10-CM tabular list) plus the optional bundles
  the user installed (``hunspell_en_med``, GPL, read in place); ``FeatureConfig.
  medical_vocabularies`` names others.
"""

from __future__ import annotations

import functools

from deidkit import resources
from deidkit.errors import ConfigError, ResourceError
from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.features.dictionary import MEDICAL_LISTS, feature_name
from deidkit.features.phrases import PhraseMatcher


def default_vocabularies(language: str) -> tuple[str, ...]:
    """The shipped medical lists of ``language`` and the installed optional bundles."""
    shipped = [
        name
        for name in resources.names(lang=language, kind="list")
        if feature_name(name, language) in MEDICAL_LISTS
    ]
    bundles = [
        name
        for name, bundle in resources.bundles.BUNDLES.items()
        if bundle.lang == language and bundle.installed()
    ]
    return tuple(shipped + bundles)


@functools.cache
def _matcher(vocabularies: tuple[str, ...], language: str) -> PhraseMatcher:
    return PhraseMatcher(
        {feature_name(name, language): resources.entries(name) for name in vocabularies}
    )


class MedicalFeatures(FeatureClass):
    name = "medical"

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self.vocabularies = (
            config.medical_vocabularies
            if config.medical_vocabularies is not None
            else default_vocabularies(config.language)
        )
        try:
            self._matcher = _matcher(tuple(self.vocabularies), config.language)
        except ResourceError as error:
            raise ConfigError(f"medical features: {error.message}") from None
        self._keys: dict[int, tuple[str, ...]] = {}

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        if config.medical_vocabularies is None and not default_vocabularies(config.language):
            return f"no medical vocabulary is available for language {config.language!r}"
        return None

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        keys_of = self._keys
        for item, mask in zip(items, self._matcher.masks(context.words), strict=True):
            if not mask:
                continue
            keys = keys_of.get(mask)
            if keys is None:
                keys = tuple(f"medical.{name}" for name in self._matcher.names_of(mask))
                keys_of[mask] = keys
            for key in keys:
                item[key] = 1.0

    def describe(self) -> dict[str, object]:
        return {"vocabularies": list(self.vocabularies)}
