"""The syntactic-bigram class (the SVM paper, section 4.3.1), optional: Link Grammar links.

For each token, the two nearest words linked to it on the left and on the right by the Link
Grammar parser, with the link type: ``syntax.l1``, ``syntax.l2``, ``syntax.r1``,
``syntax.r2`` = ``<link type>|<word>`` (``S|john`` for "John ... was admitted"). The link
type is the upper-case part of Link Grammar's label (``Ss*s`` -> ``S``). Parses are cached
per sentence. Needs the Debian package ``python3-link-grammar`` (see
``deidkit.text.linkgrammar``); without it the class is skipped with a notice.
"""

from __future__ import annotations

import re

from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.text import linkgrammar

_LINK_TYPE_RE = re.compile(r"[A-Z]+")


def link_type(label: str) -> str:
    match = _LINK_TYPE_RE.match(label)
    return match.group() if match else label


class SyntaxFeatures(FeatureClass):
    name = "syntax"
    summary = "nearest Link Grammar links left and right, with link types"

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._parser = linkgrammar.LinkParser(max_tokens=config.syntax_max_tokens)

    @classmethod
    def unavailable_reason(cls, config: FeatureConfig) -> str | None:
        return linkgrammar.unavailable_reason(config.language)

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        words = context.words
        norms = context.norms
        for first, last in context.sentences:
            left: dict[int, list[tuple[int, str]]] = {}
            right: dict[int, list[tuple[int, str]]] = {}
            for link in self._parser.links(words[first:last]):
                a = link.left + first
                b = link.right + first
                kind = link_type(link.label)
                right.setdefault(a, []).append((b - a, f"{kind}|{norms[b]}"))
                left.setdefault(b, []).append((b - a, f"{kind}|{norms[a]}"))
            for index, linked in left.items():
                linked.sort()
                for rank, (_distance, value) in enumerate(linked[:2], start=1):
                    items[index][f"syntax.l{rank}"] = value
            for index, linked in right.items():
                linked.sort()
                for rank, (_distance, value) in enumerate(linked[:2], start=1):
                    items[index][f"syntax.r{rank}"] = value

    def clear_caches(self) -> None:
        self._parser.clear_cache()

    def describe(self) -> dict[str, object]:
        return {"parser": "Link Grammar (en)", "max_tokens": self.config.syntax_max_tokens}
