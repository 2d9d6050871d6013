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

from deidkit import resources
from deidkit.errors import ConfigError, ResourceError
from deidkit.features.attributes import AttributeItem, AttributeNames
from deidkit.features.base import DocumentContext, FeatureClass, Features, WordCache
from deidkit.features.config import FeatureConfig
from deidkit.features.phrases import PhraseMatcher
from deidkit.lang import get_language, is_language

MEDICAL_LISTS: frozenset[str] = frozenset({"medical_words"})
"""Base names of the medical vocabularies: the ``medical`` class uses these."""

AROUND_LIMIT = 50_000
"""Mask triples (token before, token, token after) whose attributes are kept."""


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
    return PhraseMatcher({feature: resources.entries(resource) for feature, resource in pairs})


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
        self._attributes_names: AttributeNames | None = None
        self._around: WordCache[tuple[int, int, int], AttributeItem] = WordCache(
            self._around_item, AROUND_LIMIT
        )

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

    def add_document_attributes(
        self, context: DocumentContext, items: list[AttributeItem], names: AttributeNames
    ) -> None:
        # A token's attributes depend only on the masks of the token before it, itself and
        # the token after it: made once per such triple (the vocabulary vouches for the
        # names: a new one starts the cache afresh), one update per token.
        if names is not self._attributes_names:
            self._around.clear()
            self._attributes_names = names
        masks = self._matcher.masks(context.words)
        around = zip([0, *masks[:-1]], masks, [*masks[1:], 0], strict=True)
        for item, found in zip(items, map(self._around.__getitem__, around), strict=True):
            if found:
                item.update(found)

    def _around_item(self, masks: tuple[int, int, int]) -> AttributeItem:
        """The attributes a token gets from the masks of (the token before, itself, the token
        after), in ``add_document_features``' order: the previous token's ``prev`` features,
        its own, the next token's ``next`` features."""
        names = self._attributes_names
        if names is None:  # pragma: no cover - set before the first look-up
            raise RuntimeError("dictionary attributes looked up before their names were set")
        before, own, after = masks
        item: AttributeItem = {}
        if before:
            names.add(item, self._features_of(before)[1])
        if own:
            names.add(item, self._features_of(own)[0])
        if after:
            names.add(item, self._features_of(after)[2])
        return item

    def describe(self) -> dict[str, object]:
        return {"dictionaries": dict(self.dictionaries)}

    def clear_caches(self) -> None:
        self._matcher.clear_cache()
        self._around.clear()
