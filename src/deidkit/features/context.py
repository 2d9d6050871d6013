"""The context class (HIDE, Stat De-id): neighbouring words, lexical bigrams, occurrences.

- ``context.w-1`` .. ``context.w-k`` and ``context.w+1`` .. ``context.w+k``: the previous
  and next ``k = window`` words (normalised like the word feature); ``<s>`` / ``</s>`` mark
  the first position before the start and after the end of the document, and positions
  beyond it have no feature.
- ``context.bigram-`` (``w-2 w-1``) and ``context.bigram+`` (``w+1 w+2``): the lexical
  bigrams before and after the token (the SVM paper, section 4.2.6).
- ``context.occurrences``: how often the token's word occurs in the document divided by the
  number of tokens (HIDE's occurrence count scaled by the sequence length).
"""

from __future__ import annotations

import itertools
from collections import Counter
from operator import itemgetter

from deidkit.features.attributes import AttributeItem, AttributeNames
from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig

START = "<s>"
END = "</s>"
_BIGRAM_KEYS = ("context.bigram-", "context.bigram+")


class ContextFeatures(FeatureClass):
    name = "context"
    summary = "previous/next words, lexical bigrams, occurrences in the document"

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        distances = range(1, config.window + 1)
        self._neighbour_keys = (
            *(f"context.w-{distance}" for distance in distances),
            *(f"context.w+{distance}" for distance in distances),
        )

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        norms = context.norms
        count = len(norms)
        if not count:
            return
        window = self.config.window
        # Only the first position outside the document is named (<s>, </s>); the keys
        # beyond it are left out rather than repeating the marker.
        # norms framed by <s> and </s>, then None beyond them (where keys are left out)
        outside: list[str | None] = [None] * max(window - 1, 1)
        padded: list[str | None] = [*outside, START, *norms, END, *outside]
        offset = len(outside) + 1  # padded index of the first token
        before = [(f"context.w-{distance}", distance) for distance in range(1, window + 1)]
        after = [(f"context.w+{distance}", distance) for distance in range(1, window + 1)]
        framed = [START, START, *norms, END, END]
        bigrams = [f"{a} {b}" for a, b in itertools.pairwise(framed)]
        counts = Counter(norms)
        scale = 1.0 / count
        for index, item in enumerate(items):
            position = index + offset
            for key, distance in before:
                value = padded[position - distance]
                if value is None:
                    break
                item[key] = value
            for key, distance in after:
                value = padded[position + distance]
                if value is None:
                    break
                item[key] = value
            # framed[index + 2] is the token: bigrams[index] ends just before it
            item["context.bigram-"] = bigrams[index]
            item["context.bigram+"] = bigrams[index + 3]
            item["context.occurrences"] = counts[norms[index]] * scale

    def add_document_attributes(
        self, context: DocumentContext, items: list[AttributeItem], names: AttributeNames
    ) -> None:
        # The features of add_document_features as columns (one name or None per token,
        # the names a word gets at every distance looked up together, once per word), then
        # written token by token in add_document_features' order.
        norms = context.norms
        count = len(norms)
        if not count:
            return
        window = self.config.window
        table = names.rows(self._neighbour_keys)
        rows = list(map(table.__getitem__, [START, *norms, END]))  # rows[i + 1]: token i
        columns: list[list[bytes | None]] = []
        for distance in range(1, window + 1):  # w-d: <s> at token d - 1, nothing before
            found = map(itemgetter(distance - 1), rows[: max(count + 1 - distance, 0)])
            columns.append([*([None] * (distance - 1)), *found][:count])
        for distance in range(1, window + 1):  # w+d: </s> at token count - d, nothing after
            found = map(itemgetter(window + distance - 1), rows[distance + 1 :])
            columns.append([*found, *([None] * (distance - 1))][:count])
        doubly = [START, START, *norms, END, END]  # token i is doubly[i + 2]
        # bigrams[j]: doubly[j] doubly[j + 1], the bigram before token j, after token j - 3
        bigrams = names.bigram_names(_BIGRAM_KEYS, doubly)
        columns.append(list(map(itemgetter(0), bigrams[:count])))
        columns.append(list(map(itemgetter(1), bigrams[3:])))
        for item, token_names in zip(items, zip(*columns, strict=True), strict=True):
            for name in token_names:
                if name is not None:
                    item[name] = 1.0
        occurrences = names.weighted("context.occurrences")
        if occurrences is not None:
            scale = 1.0 / count
            weights = {norm: times * scale for norm, times in Counter(norms).items()}
            for item, weight in zip(items, map(weights.__getitem__, norms), strict=True):
                item[occurrences] = weight
