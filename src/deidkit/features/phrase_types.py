"""A phrase matcher's marks on the features' numeric path, worked out once per word type.

``PhraseMatcher.masks`` looks every token up and follows the trie from every token that is
a word of some phrase. What a word gives is the same for every token of it: its one-token
entries' lists, its number as a phrase's word, and the trie node a phrase starting with it
reaches (``PhraseMatcher.word_facts``). On the numeric path a document's tokens have
word-type numbers (``TypeTable``), so these facts are worked out once per type
(``TypeTable.facts``) and gathered by the tokens' types; only the tokens that start a phrase
are followed one by one (``PhraseMatcher.token_masks``), several documents' at once. The
marks equal ``PhraseMatcher.masks``' (``tests/features/test_phrases.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deidkit.features.phrases import NO_WORD, PhraseMatcher

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.base import ChunkContext


def chunk_masks(matcher: PhraseMatcher, owner: str, chunk: ChunkContext) -> np.ndarray:
    """``matcher.masks`` of each document's tokens, one after another, as an array; from facts
    worked out once per type (``TypeTable.facts`` under ``owner``, a name for this matcher's
    facts) where the matcher allows. A row of no word between two documents stops every
    phrase at its document's end."""
    import numpy as np  # lazy: importing the features needs no numpy

    if not matcher.masks_fit:
        return np.asarray([mask for context in chunk.contexts
                           for mask in matcher.masks(context.words)])
    facts = chunk.types.facts(owner, 3, matcher.word_facts)[chunk.type_numbers]
    at = np.arange(len(chunk)) + chunk.document_of  # each token's row, a gap before it
    gapped = np.full((len(chunk) + len(chunk.contexts) - 1, 3), NO_WORD, np.int64)
    gapped[at] = facts
    return matcher.token_masks(gapped)[at]
