"""The part-of-speech class (the SVM paper, Stat De-id, Scrubber): Penn Treebank tags from
textblob's offline PatternTagger (``deidkit.text.pos``), tagged sentence by sentence on our own
tokens.

``pos`` is the token's tag, ``pos-1`` .. ``pos-k`` and ``pos+1`` .. ``pos+k`` those of its
neighbours for ``k = pos_window`` (Stat De-id uses the word before and after), and
``pos.coarse`` the first letter of the tag for nouns, verbs, adjectives and adverbs
(``N``, ``V``, ``J``, ``R``; Scrubber groups tags this way). English only: for other
languages the class reports itself unavailable.
"""

from __future__ import annotations

import functools

from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.text import pos as tagger_module


@functools.cache
def _coarse(tag: str) -> str:
    """Nouns, verbs, adjectives, adverbs and numbers: ``N``, ``V``, ``J``, ``R``, ``CD``."""
    if tag.startswith("CD"):
        return "CD"
    return tag[:1] if tag[:1] in ("N", "V", "J", "R") else ""


class PosFeatures(FeatureClass):
    name = "pos"
    summary = "part of speech of the token and its neighbours (textblob PatternTagger)"

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._tagger = tagger_module.PosTagger(
            config.language, context_rules=config.pos_context_rules
        )

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        return tagger_module.unavailable_reason(config.language)

    def tags(self, context: DocumentContext) -> list[str]:
        tags: list[str] = []
        words = context.words
        for first, last in context.sentences:
            tags.extend(self._tagger.tag(words[first:last]))
        return tags

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        tags = self.tags(context)
        window = self.config.pos_window
        padded = ["<s>"] * window + tags + ["</s>"] * window
        before = [(f"pos-{distance}", -distance) for distance in range(1, window + 1)]
        after = [(f"pos+{distance}", distance) for distance in range(1, window + 1)]
        neighbours = before + after
        coarse_of = _coarse
        for index, item in enumerate(items):
            tag = tags[index]
            item["pos"] = tag
            coarse = coarse_of(tag)
            if coarse:
                item["pos.coarse"] = coarse
            position = index + window
            for key, shift in neighbours:
                item[key] = padded[position + shift]

    def clear_caches(self) -> None:
        self._tagger.clear_cache()

    def describe(self) -> dict[str, object]:
        return {"tagger": "textblob PatternTagger", "context_rules": self.config.pos_context_rules}
