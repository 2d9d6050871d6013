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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.columns import Block, Columns

START = "<s>"
END = "</s>"
BIGRAM_KEYS = ("context.bigram-", "context.bigram+")


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

    # -- the numeric path -------------------------------------------------------------------
    def neighbour_columns(self, norms: Sequence[str], columns: Columns) -> list[tuple[int, ...]]:
        """What a word type whose normal form is ``norm`` gives its neighbours, for each of
        ``norms``: the columns of ``context.w-1:norm`` .. ``context.w-k:norm``,
        ``context.w+1:norm`` .. ``context.w+k:norm`` (named as ``Columns.column`` names
        them), then its number as half of a known bigram (-1 if none)."""
        halves = self.bigrams(columns)[0].get
        get, separator = columns.vocabulary.get, columns.separator
        keys = [key + separator for key in self._neighbour_keys]
        return [(*[get(key + norm, -1) for key in keys], halves(norm, -1)) for norm in norms]

    def bigrams(self, columns: Columns) -> BigramTable:
        """The bigram table of ``columns`` (``bigram_table``), once per columns."""
        memo = columns.memo(self.name)
        found = memo.get("bigrams")
        if found is None:
            found = memo["bigrams"] = bigram_table(columns)
        return found

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        # add_document_features as arrays: each type's neighbour columns, shifted
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        count = len(chunk)
        if not count:
            return Block.empty()
        window = self.config.window
        memo = columns.memo(self.name)
        edges = memo.get("edges")
        if edges is None:
            edges = memo["edges"] = tuple(
                np.asarray(self.neighbour_columns([START, END], columns), np.int32)
            )
        # each document framed by ``pad`` rows a side: <s> (</s>) next to it, then rows of
        # nothing (-1, left out of the matrix) but for the half of a bigram that <s> (</s>)
        # is, once more (the bigram before a first token is "<s> <s>"); token t of document
        # d is row t + 2 * pad * d + pad
        pad = max(window, 2)
        documents = len(chunk.contexts)
        tokens = np.arange(count)
        rows_at = tokens + 2 * pad * chunk.document_of + pad
        framed = np.full((count + 2 * pad * documents, len(edges[0])), -1, np.int32)
        framed[rows_at] = chunk.types.neighbours(chunk.type_numbers)
        opening = np.asarray(chunk.bounds[:-1]) + 2 * pad * np.arange(documents) + pad - 1
        closing = np.asarray(chunk.bounds[1:]) + 2 * pad * np.arange(documents) + pad
        framed[opening], framed[opening - 1, -1] = edges[0], edges[0][-1]
        framed[closing], framed[closing + 1, -1] = edges[1], edges[1][-1]
        ids = [framed[rows_at - distance, distance - 1] for distance in range(1, window + 1)]
        ids += [framed[rows_at + distance, window + distance - 1]
                for distance in range(1, window + 1)]
        # the bigram before a token is (w-2, w-1), the pair starting two rows before it, and
        # the one after it (w+1, w+2), the pair starting a row after it
        half = framed[:, -1].astype(np.int64)
        known, codes, pair_ids = self.bigrams(columns)
        pair = np.where((half[:-1] >= 0) & (half[1:] >= 0), half[:-1] * len(known) + half[1:], -1)
        bigram = np.full((len(pair), 2), -1, np.int32)
        if len(codes):
            where = np.minimum(np.searchsorted(codes, pair), len(codes) - 1)
            hit = (pair >= 0) & (codes[where] == pair)
            bigram[hit] = pair_ids[where[hit]]
        ids += [bigram[rows_at - 2, 0], bigram[rows_at + 1, 1]]
        block = Block.ones(np.tile(tokens, len(ids)), np.concatenate(ids))
        occurrences = columns.column("context.occurrences")
        if occurrences < 0:
            return block
        # occurrences counted per normal form and document, without a sort: each normal form
        # of the chunk is named by the last of its tokens (a scatter over the normal forms'
        # numbers), a key of that token and the document counted by one bincount
        norms = chunk.types.norm_numbers(chunk.type_numbers)
        last = np.empty(len(chunk.types.norms), np.intp)
        last[norms] = tokens
        key = last[norms] * documents + chunk.document_of
        counts = np.bincount(key)
        # as Counter(norms)[norm] * (1 / count), count the tokens of the token's document
        scale = np.asarray([1.0 / max(len(context), 1) for context in chunk.contexts])
        weights = counts[key] * scale[chunk.document_of]
        return Block.joined([block, Block(tokens, np.full(count, occurrences, np.int32), weights)])


BigramTable = tuple[dict[str, int], "np.ndarray", "np.ndarray"]
"""The bigram values a model's columns know: each half numbered (a value is split at each of
its spaces), the codes ``first * halves + second`` sorted, and for each code the columns of
``context.bigram-`` and ``context.bigram+`` (-1 where none)."""


def bigram_table(columns: Columns) -> BigramTable:
    """The bigram table of ``columns``: prepared with the package for a shipped model's
    vocabulary (``Columns.source``; ``python -m deidkit.features.prepare``), else built from
    the vocabulary (~50 ms for ``en``'s 55,000 names: the first note's largest share of the
    features)."""
    if not columns.source:
        return _build_bigram_table(columns)
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    key = prepared.fingerprint(
        "bigrams", [], [Path(__file__)], extra=f"{columns.source}\0{columns.separator}"
    )
    return prepared.load_or_build(
        "bigrams", key, lambda: _build_bigram_table(columns), _bigram_arrays, _bigrams_from_arrays
    )


def _build_bigram_table(columns: Columns) -> BigramTable:
    import numpy as np  # lazy: importing the features needs no numpy

    # one pass over the vocabulary (both keys are as long: a name's start tells its side),
    # numbering each half and each pair as it first comes
    width = len(BIGRAM_KEYS[0]) + len(columns.separator)
    prefixes = {key + columns.separator: side for side, key in enumerate(BIGRAM_KEYS)}
    halves: dict[str, int] = {}
    pairs: dict[tuple[int, int], int] = {}  # (first, second) -> its row of ``ids``
    ids: list[list[int]] = []  # each pair's columns: [bigram-, bigram+]
    for name, column in columns.vocabulary.items():
        side = prefixes.get(name[:width])
        if side is None:
            continue
        value = name[width:]
        space = value.find(" ")
        while space >= 0:
            first = halves.setdefault(value[:space], len(halves))
            pair = (first, halves.setdefault(value[space + 1 :], len(halves)))
            row = pairs.setdefault(pair, len(ids))
            if row == len(ids):
                ids.append([-1, -1])
            ids[row][side] = column
            space = value.find(" ", space + 1)
    numbers = np.asarray(list(pairs), np.int64).reshape(-1, 2)
    codes = numbers[:, 0] * len(halves) + numbers[:, 1]
    order = np.argsort(codes)
    table = np.asarray(ids, np.int32).reshape(-1, 2)
    return halves, codes[order], table[order]


def _bigram_arrays(table: BigramTable) -> dict[str, np.ndarray]:
    """The table as arrays: the halves' text in number order (UTF-8, with their offsets in
    characters), the codes and the columns."""
    import numpy as np  # lazy: importing the features needs no numpy

    halves, codes, ids = table
    offsets = np.zeros(len(halves) + 1, np.int64)
    np.cumsum([len(half) for half in halves], out=offsets[1:])
    text = "".join(halves).encode("utf-8", "surrogatepass")
    return {"halves": np.frombuffer(text, np.uint8), "offsets": offsets, "codes": codes,
            "columns": ids}


def _bigrams_from_arrays(arrays: Mapping[str, np.ndarray]) -> BigramTable:
    """The table ``_bigram_arrays`` stored (ValueError or KeyError if it does not fit)."""
    text = arrays["halves"].tobytes().decode("utf-8", "surrogatepass")
    offsets, codes, ids = arrays["offsets"].tolist(), arrays["codes"], arrays["columns"]
    if (not offsets or offsets[-1] != len(text) or codes.ndim != 1
            or ids.shape != (len(codes), 2)):
        raise ValueError("prepared bigram table does not fit")
    halves = [text[start:end] for start, end in itertools.pairwise(offsets)]
    return dict(zip(halves, range(len(halves)), strict=True)), codes, ids
