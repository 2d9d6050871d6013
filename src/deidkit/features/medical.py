"""The medical-vocabulary class (the SVM paper MeSH ID, Scrubber UMLS dictionaries): tokens that
belong to a medical term are less likely to be PHI.

- ``medical.<vocabulary>``: the token is covered by a term (one word or a phrase) of a medical
  vocabulary. By default these are the medical word lists shipped for the language
  (``medical_words``: the words of the ICD-10-CM tabular list); ``FeatureConfig.
  medical_vocabularies`` names others, e.g. the optional GPL bundle ``hunspell_en_med``
  (read in place when installed). Bundles are never picked up silently: a model trained
  where a bundle happens to be installed must extract the same features everywhere.
- ``medical.mesh.<letter>`` and ``medical.mesh.<letter><2 digits>`` (``medical.mesh.C`` and
  ``medical.mesh.C08`` for "pneumonia"): the token is covered by a MeSH term whose tree
  numbers fall in that top-level category and subcategory. Only when
  ``FeatureConfig.mesh_file`` names NLM's descriptor file (``d20XX.bin`` or
  ``desc20XX.xml``, optionally gzipped) or a compact file from ``deidkit resources mesh``;
  read with ``deidkit.resources.mesh``. A term whose last word ends in a plural ``s`` also
  matches the singular ("Foley Catheters" matches "Foley catheter").
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from deidkit import resources
from deidkit.errors import ConfigError, ResourceError
from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.features.dictionary import MEDICAL_LISTS, feature_name
from deidkit.features.phrase_types import chunk_masks
from deidkit.features.phrases import PhraseMatcher, resource_matcher

if TYPE_CHECKING:
    from deidkit.features.columns import Block, Columns

MASKS_LIMIT = 50_000
"""Distinct vocabulary masks whose columns are kept."""


def default_vocabularies(language: str) -> tuple[str, ...]:
    """The shipped medical lists of ``language`` (optional bundles only when named)."""
    return tuple(
        name
        for name in resources.names(lang=language, kind="list")
        if feature_name(name, language) in MEDICAL_LISTS
    )


def singular_variant(term: str) -> str | None:
    """``foley catheters`` -> ``foley catheter``; None when the last word is not a plain plural."""
    head, _, last = term.rpartition(" ")
    if len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        return f"{head} {last[:-1]}" if head else last[:-1]
    return None


@functools.cache
def mesh_matcher(path: str) -> PhraseMatcher:
    """A phrase matcher whose lists are MeSH subcategories (``C08``) of a descriptor file."""
    from deidkit.resources.mesh import MeshVocabulary  # lazy: only with a MeSH file

    vocabulary = MeshVocabulary.load(path)
    by_category: dict[str, list[str]] = {}
    for term in vocabulary.terms():
        categories = vocabulary.categories(term, depth=2)
        variants = [term]
        singular = singular_variant(term)
        if singular is not None and singular not in vocabulary:
            variants.append(singular)
        for category in categories:
            by_category.setdefault(category, []).extend(variants)
    return PhraseMatcher(dict(sorted(by_category.items())))


@functools.cache
def _matcher(vocabularies: tuple[str, ...], language: str) -> PhraseMatcher:
    return resource_matcher({feature_name(name, language): name for name in vocabularies})


class MedicalFeatures(FeatureClass):
    name = "medical"
    summary = "medical vocabulary membership and MeSH tree categories"

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
        self._mesh = mesh_matcher(config.mesh_file) if config.mesh_file else None
        self._keys: dict[int, Features] = {}
        self._mesh_keys: dict[int, Features] = {}

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        if (
            config.medical_vocabularies is None
            and not config.mesh_file
            and not default_vocabularies(config.language)
        ):
            return f"no medical vocabulary is available for language {config.language!r}"
        return None

    def _features(self, mask: int) -> Features:
        features = self._keys.get(mask)
        if features is None:
            names = self._matcher.names_of(mask)
            features = dict.fromkeys((f"medical.{name}" for name in names), 1.0)
            self._keys[mask] = features
        return features

    def _mesh_features(self, mesh: PhraseMatcher, mask: int) -> Features:
        features = self._mesh_keys.get(mask)
        if features is None:
            categories = mesh.names_of(mask)
            letters = sorted({category[:1] for category in categories})
            names = (*letters, *categories)
            features = dict.fromkeys((f"medical.mesh.{name}" for name in names), 1.0)
            self._mesh_keys[mask] = features
        return features

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        for item, mask in zip(items, self._matcher.masks(context.words), strict=True):
            if mask:
                item.update(self._features(mask))
        if self._mesh is not None:
            for item, mask in zip(items, self._mesh.masks(context.words), strict=True):
                if mask:
                    item.update(self._mesh_features(self._mesh, mask))

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        # add_document_features as arrays: each mask's row of columns made once
        from deidkit.features.columns import Block  # lazy: numpy

        blocks = [self._block(chunk, columns, None)]
        if self._mesh is not None:
            blocks.append(self._block(chunk, columns, self._mesh))
        return Block.joined(blocks)

    def _block(
        self, chunk: ChunkContext, columns: Columns, mesh: PhraseMatcher | None
    ) -> Block:
        import numpy as np  # lazy: importing the features needs no numpy

        owner = f"{self.name}.{'mesh' if mesh else 'lists'}"
        table = columns.rows(owner, MASKS_LIMIT)
        masks = chunk_masks(self._matcher if mesh is None else mesh, owner, chunk)
        marked = np.flatnonzero(masks)
        distinct, inverse = np.unique(masks[marked], return_inverse=True)
        keys = distinct.tolist()
        for mask in set(keys).difference(table.numbers):
            features = self._features(mask) if mesh is None else self._mesh_features(mesh, mask)
            table.add(mask, columns.row(features))
        return table.block(marked, np.asarray([table.numbers[mask] for mask in keys],
                                              np.intp)[inverse])

    def clear_caches(self) -> None:
        self._matcher.clear_cache()
        if self._mesh is not None:
            self._mesh.clear_cache()

    def describe(self) -> dict[str, object]:
        return {"vocabularies": list(self.vocabularies), "mesh_file": self.config.mesh_file}
