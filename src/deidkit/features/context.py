"""The context class (HIDE, Stat De-id): neighbouring words, lexical bigrams, occurrences.

- ``context.w-1`` .. ``context.w-k`` and ``context.w+1`` .. ``context.w+k``: the previous
  and next ``k = window`` words (normalised like the word feature); ``<s>`` / ``</s>`` mark
  the first position before the start and after the end of the document, and positions
  beyond it have no feature.
- ``context.bigram-`` (``w-2 w-1``) and ``context.bigram+`` (``w+1 w+2``): the lexical
  bigrams before and after the token (seed 000 section 4.2.6).
- ``context.occurrences``: how often the token's word occurs in the document divided by the
  number of tokens (HIDE's occurrence count scaled by the sequence length).
"""

from __future__ import annotations

import itertools
from collections import Counter

from deidkit.features.base import DocumentContext, FeatureClass, Features

START = "<s>"
END = "</s>"


class ContextFeatures(FeatureClass):
    name = "context"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        norms = context.norms
        count = len(norms)
        if not count:
            return
        window = self.config.window
        # Only the first position outside the document is named (<s>, </s>); the keys
        # beyond it are left out rather than repeating the marker.
        padded = [START, *norms, END]
        # bigrams[j + 1] = "padded[j] padded[j + 1]", after a leading "<s> <s>": the token
        # at padded position p has the bigram before it at p - 1 and the one after at p + 2.
        bigrams = [
            f"{START} {START}",
            *(f"{a} {b}" for a, b in itertools.pairwise(padded)),
            f"{END} {END}",
        ]
        before_keys = [f"context.w-{distance}" for distance in range(1, window + 1)]
        after_keys = [f"context.w+{distance}" for distance in range(1, window + 1)]
        counts = Counter(norms)
        scale = 1.0 / count
        for index, item in enumerate(items):
            position = index + 1
            low = max(position - window, 0)
            item.update(
                zip(before_keys, padded[position - 1 : low - 1 if low else None : -1], strict=False)
            )
            item.update(zip(after_keys, padded[position + 1 : position + 1 + window], strict=False))
            item["context.bigram-"] = bigrams[position - 1]
            item["context.bigram+"] = bigrams[position + 2]
            item["context.occurrences"] = counts[norms[index]] * scale
