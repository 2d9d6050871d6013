"""A phrase matcher's marks on the features' numeric path, worked out once per word type.

``PhraseMatcher.masks`` looks every token up and follows the trie from every token that is
a word of some phrase. What a word gives is the same for every token of it: its one-token
entries' lists, its number as a phrase's word, and the trie node a phrase starting with it
reaches (``word_facts``). On the numeric path a document's tokens have word-type numbers
(``TypeTable``), so these facts are worked out once per type (``TypeTable.facts``) and
gathered by the tokens' types (``document_masks``); only the tokens that start a phrase are
followed one by one (``token_masks``). The marks equal ``PhraseMatcher.masks``'
(``tests/features/test_phrases.py``).

This reads the matcher's trie (its steps and their nodes' lists) and lives beside
``deidkit.features.phrases`` rather than in it: that module's code names the prepared
matchers (``deidkit.resources.prepared``), which a change to it would make stale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from deidkit.features.phrases import _MAX_LISTS, _SHIFT, PhraseMatcher

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.base import DocumentContext


def word_facts(matcher: PhraseMatcher, words: Sequence[str]) -> list[tuple[int, int, int]]:
    """What ``token_masks`` needs of each word, the same for every token of it: its
    one-token entries' lists, its number as a phrase's word (-1 if none) and the trie node
    after it when a phrase starts with it (-1 if none)."""
    steps = matcher._steps
    facts = []
    for word in words:
        mask, number = matcher._word_entry(word)
        facts.append((mask, number, steps.get(number, -1) if number >= 0 else -1))
    return facts


def token_masks(matcher: PhraseMatcher, facts: np.ndarray) -> np.ndarray:
    """``matcher.masks`` of a document's tokens from their words' ``word_facts`` (tokens x 3,
    int64; a matcher of at most ``_MAX_LISTS`` lists): each token's one-token lists, then
    the phrases followed from the tokens that start one."""
    import numpy as np  # lazy: importing the features needs no numpy

    masks = facts[:, 0].copy()
    starts = np.flatnonzero(facts[:, 2] >= 0)
    if not len(starts):
        return masks
    numbers = facts[:, 1].tolist()
    steps, node_masks, count = matcher._steps, matcher._node_masks, len(numbers)
    for start, node in zip(starts.tolist(), facts[starts, 2].tolist(), strict=True):
        end = start + 1
        while end < count and numbers[end] >= 0:
            node = steps.get(node << _SHIFT | numbers[end], 0)  # node 0, the root, ends
            end += 1
            if not node:
                break
            if node_masks[node]:
                masks[start:end] |= node_masks[node]
    return masks


def document_masks(matcher: PhraseMatcher, owner: str, context: DocumentContext) -> np.ndarray:
    """``matcher.masks`` of a document's tokens as an array; on the numeric path (the context
    has its word types) from facts worked out once per type (``TypeTable.facts`` under
    ``owner``, a name for this matcher's facts)."""
    import numpy as np  # lazy: importing the features needs no numpy

    types, type_numbers = context.types, context.type_numbers
    if types is None or type_numbers is None or len(matcher.names) > _MAX_LISTS:
        return np.asarray(matcher.masks(context.words))
    facts = types.facts(owner, 3, lambda words: word_facts(matcher, words))
    return token_masks(matcher, facts[type_numbers])
