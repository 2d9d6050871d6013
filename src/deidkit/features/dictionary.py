"""The dictionary class (all seeds): membership of the token, or of a phrase covering it, in
name, place, calendar, title, indicator and common-word lists, and the same flags for the
word before and after (Stat De-id).

Features: ``dictionary.<list>`` for the token, ``dictionary.prev.<list>`` and
``dictionary.next.<list>`` for its neighbours. A multi-token entry (``New York``,
``lives in``, ``Abbott Northwestern Hospital``) marks every token it covers.

The lists come from ``deidkit.resources``. ``FeatureConfig.dictionaries`` maps feature names
to resource names; by default it is every word list shipped for the language except the
medical vocabularies (used by the ``medical`` class), named without the language prefix
(``es_provinces`` -> ``dictionary.provinces``), so English and Spanish models use the same
feature names for the same kind of list.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from deidkit import resources
from deidkit.errors import ConfigError, ResourceError
from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.features.phrase_types import chunk_masks
from deidkit.features.phrases import PhraseMatcher, resource_matcher
from deidkit.lang import get_language, is_language

if TYPE_CHECKING:
    from deidkit.features.columns import Block, Columns

MEDICAL_LISTS: frozenset[str] = frozenset({"medical_words"})
"""Base names of the medical vocabularies: the ``medical`` class uses these."""

AROUND_LIMIT = 50_000
"""Distinct masks whose columns are kept."""
_PARTS = ("prev", "own", "next")


def feature_name(resource: str, language: str) -> str:
    """A resource's name without the language's prefix (``es_provinces`` -> ``provinces``)."""
    prefix = get_language(language).resource_prefix if is_language(language) else f"{language}_"
    return resource[len(prefix) :] if prefix and resource.startswith(prefix) else resource


def default_dictionaries(language: str) -> dict[str, str]:
    """Feature name -> resource name of every shipped word list of ``language``."""
    chosen: dict[str, str] = {}
    for name in resources.names(lang=language, kind="list"):
        base = feature_name(name, language)
        if base not in MEDICAL_LISTS:
            chosen[base] = name
    return chosen


@functools.cache
def _matcher(pairs: tuple[tuple[str, str], ...]) -> PhraseMatcher:
    return resource_matcher(dict(pairs))


def load_matcher(dictionaries: dict[str, str]) -> PhraseMatcher:
    """A phrase matcher over the named resources (built once per process and set of lists)."""
    try:
        return _matcher(tuple(dictionaries.items()))
    except ResourceError as error:
        raise ConfigError(f"dictionary features: {error.message}") from None


class DictionaryFeatures(FeatureClass):
    name = "dictionary"
    summary = "name, place, calendar, title, indicator and common-word lists, with neighbours"

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        chosen = (
            dict(config.dictionaries)
            if config.dictionaries is not None
            else default_dictionaries(config.language)
        )
        self.dictionaries = chosen
        self._matcher = load_matcher(chosen)
        self._keys: dict[int, tuple[Features, Features, Features]] = {}

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        if config.dictionaries is None and not default_dictionaries(config.language):
            return f"no word lists are shipped for language {config.language!r}"
        return None

    def _features_of(self, mask: int) -> tuple[Features, Features, Features]:
        """The features a mask gives its token, the token after it and the token before."""
        found = self._keys.get(mask)
        if found is None:
            names = self._matcher.names_of(mask)
            found = (
                dict.fromkeys((f"dictionary.{name}" for name in names), 1.0),
                dict.fromkeys((f"dictionary.prev.{name}" for name in names), 1.0),
                dict.fromkeys((f"dictionary.next.{name}" for name in names), 1.0),
            )
            self._keys[mask] = found
        return found

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        masks = self._matcher.masks(context.words)
        last = len(items) - 1
        features_of = self._features_of
        for index, mask in enumerate(masks):
            if not mask:
                continue
            own, as_previous, as_next = features_of(mask)
            items[index].update(own)
            if index < last:
                items[index + 1].update(as_previous)
            if index > 0:
                items[index - 1].update(as_next)

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        # add_document_features as arrays: each mask's three rows of columns (the next
        # token's prev features, its token's own, the previous token's next features) made
        # once, given to the tokens in add_document_features' order: prev, own, next
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        tables = [columns.rows(f"{self.name}.{part}", AROUND_LIMIT) for part in _PARTS]
        masks = chunk_masks(self._matcher, self.name, chunk)
        marked = np.flatnonzero(masks)
        distinct, inverse = np.unique(masks[marked], return_inverse=True)
        keys = distinct.tolist()
        numbers = tables[0].numbers  # the same in the three tables
        for mask in set(keys).difference(numbers):
            own, as_previous, as_next = self._features_of(mask)
            for table, features in zip(tables, (as_previous, own, as_next), strict=True):
                table.add(mask, columns.row(features))
        found = np.asarray([numbers[mask] for mask in keys], np.intp)[inverse]
        first, end = chunk.first_ends()
        after = marked + 1 < end[marked]  # not its document's last token
        before = marked > first[marked]
        return Block.joined([
            tables[0].block(marked[after] + 1, found[after]),
            tables[1].block(marked, found),
            tables[2].block(marked[before] - 1, found[before]),
        ])

    def describe(self) -> dict[str, object]:
        return {"dictionaries": dict(self.dictionaries)}

    def clear_caches(self) -> None:
        self._matcher.clear_cache()
