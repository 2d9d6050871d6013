"""A phrase matcher's marks on the features' numeric path, worked out once per word type.

``PhraseMatcher.masks`` looks every token up and follows the trie from every token that is
a word of some phrase. What a word gives is the same for every token of it: its one-token
entries' lists, its number as a phrase's word, and the trie node a phrase starting with it
reaches (``PhraseMatcher.word_facts``). On the numeric path a document's tokens have
word-type numbers (``TypeTable``), so these facts are worked out once per type
(``TypeTable.facts``) and gathered by the tokens' types; only the tokens that start a phrase
are followed one by one (``PhraseMatcher.token_masks``). The marks equal
``PhraseMatcher.masks``' (``tests/features/test_phrases.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deidkit.features.phrases import PhraseMatcher

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.base import DocumentContext


def document_masks(matcher: PhraseMatcher, owner: str, context: DocumentContext) -> np.ndarray:
    """``matcher.masks`` of a document's tokens as an array; on the numeric path (the context
    has its word types) from facts worked out once per type (``TypeTable.facts`` under
    ``owner``, a name for this matcher's facts)."""
    import numpy as np  # lazy: importing the features needs no numpy

    types, type_numbers = context.types, context.type_numbers
    if types is None or type_numbers is None or not matcher.masks_fit:
        return np.asarray(matcher.masks(context.words))
    facts = types.facts(owner, 3, matcher.word_facts)
    return matcher.token_masks(facts[type_numbers])
