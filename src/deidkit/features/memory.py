"""The memory class: what the rest of the note says about a token's word.

A window of words sees a word where it stands; the same word elsewhere in the note often
says more. A capitalised "Porter" is a common word if the note also writes "porter"; a
lowercase "teddy" is a name if the note also writes "Teddy" inside a sentence or "Mr.
Teddy"; "Birthplace" is a form's label if the note also writes "Birthplace:" at a line's
start (the non-local features of Krishnan and Manning's two-stage CRF, taken here from the
text alone, without a first pass). For each token of two characters or more holding a
letter, over the note's other tokens of the same word (case folded):

- ``memory.<own>><other>``: the word is written elsewhere in another shape, where a shape is
  ``lower`` (all lower case), ``upper`` (all capitals) or ``capital`` (an initial capital,
  counted elsewhere only inside a sentence: after a word, a number or a comma on the same
  line); ``own`` is the token's own shape (``memory.capital>lower``; ``None`` for a word
  of none of them, "iPhone");
- ``memory.titled``: the word follows a person's title elsewhere (``Dr.``, ``Mrs``; a
  capitalised word also with initials or other capitalised words between);
- ``memory.label``: the word opens a line elsewhere and a colon follows it there;
- ``memory.count``: how often the word occurs in the note (``1``, ``2``, ``3+``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.features.layout import line_breaks, token_lines

if TYPE_CHECKING:
    import numpy as np

    from deidkit.features.columns import Block, Columns

LOWER, UPPER, CAPITAL = "lower", "upper", "capital"
SHAPES = (None, LOWER, UPPER, CAPITAL)
"""The shapes by number (a word's ``shape``: 0 for none)."""
FACTS = ("titled", "label", LOWER, UPPER, CAPITAL)
"""What a token may show of its word, in the order its features are given."""
COUNTS = ("1", "2", "3+")
TITLES = frozenset({"dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "prof", "mister"})
"""Person titles (case folded) whose next name word is ``titled``."""
TITLE_REACH = 4
"""The most tokens back a title is looked for, over full stops, initials and other
capitalised words ("Dr. A. Ruiz", "Mrs Ana Lowe")."""
INNER_AFTER = frozenset({","})
"""Tokens without a letter or digit after which a capitalised word is inside a sentence."""


def shape(word: str) -> str | None:
    """``lower``, ``upper`` or ``capital`` (an initial capital, not all capitals), or None
    (no cased letter, or a lower-case first one before a capital: "iPhone")."""
    if word.islower():
        return LOWER
    if word.isupper():
        return UPPER
    if word[:1].isupper():
        return CAPITAL
    return None


def count_bin(count: int) -> str:
    """``memory.count``'s value for a word occurring ``count`` times (1 or more)."""
    return COUNTS[min(count, 3) - 1]


class MemoryFeatures(FeatureClass):
    name = "memory"
    summary = "how the note writes the token's word elsewhere (case, after a title, as a label)"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        words = context.words
        keys: list[str | None] = [
            word.casefold() if len(word) > 1 and any(map(str.isalpha, word)) else None
            for word in words
        ]
        counts: Counter[str | None] = Counter(keys)
        facts: Counter[tuple[str, str]] = Counter()  # (key, fact) -> tokens showing it
        shown: list[tuple[str, ...]] = []
        line_first = [False] * len(words)
        for first, _ in token_lines(context):
            line_first[first] = True
        for index, key in enumerate(keys):
            found: tuple[str, ...] = ()
            if key is not None:
                found = self._facts(words, line_first, index)
                facts.update((key, fact) for fact in found)
            shown.append(found)
        for index, key in enumerate(keys):
            if key is None:
                continue
            own = shape(words[index])
            features = items[index]
            for fact in FACTS:
                if facts[key, fact] > (fact in shown[index]) and fact != own:
                    name = fact if fact in ("titled", "label") else f"{own}>{fact}"
                    features[f"memory.{name}"] = 1.0
            features["memory.count=" + count_bin(counts[key])] = 1.0

    @staticmethod
    def _facts(words: list[str], line_first: list[bool], index: int) -> tuple[str, ...]:
        """What token ``index`` shows of its word: its shape (a capital only inside a
        sentence), whether a title precedes it, whether it is a line's label."""
        word = words[index]
        found: list[str] = []
        own = shape(word)
        if own == CAPITAL:
            before = words[index - 1] if index else ""
            if not line_first[index] and (
                before in INNER_AFTER or any(map(str.isalnum, before))
            ):
                found.append(CAPITAL)
        elif own is not None:
            found.append(own)
        for back in range(index - 1, max(index - 1 - TITLE_REACH, -1), -1):
            if words[back].casefold().rstrip(".") in TITLES:
                found.append("titled")
                break
            name_part = words[back][:1].isupper() and own in (CAPITAL, UPPER)
            if line_first[back] or not (words[back] == "." or name_part):
                break
        if line_first[index] and index + 1 < len(words) and words[index + 1] == ":":
            found.append("label")
        return tuple(found)

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        # add_document_features as arrays over the chunk's tokens: what each token shows of
        # its word (from facts worked out once per word type, its neighbours and its line),
        # counted per document and word; a token's features in the order
        # add_document_features gives them (FACTS, then the count)
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        count = len(chunk)
        if not count:
            return Block.empty()
        facts = chunk.types.facts(self.name, len(_TYPE_FACTS), _type_facts)[chunk.type_numbers]
        keyed, key, shape_of, title, colon, dot, capital_first, inner_before, length = facts.T
        keyed, title, colon = keyed.astype(bool), title.astype(bool), colon.astype(bool)
        line_first = line_breaks(chunk, length)[0]
        first, end = chunk.first_ends()
        index = np.arange(count)
        has_before = index > first
        before = np.maximum(index - 1, 0)
        shown = np.zeros((len(FACTS), count), bool)
        shown[0] = self._titled(index, first, title, dot, capital_first, line_first, shape_of)
        after = np.minimum(index + 1, count - 1)
        shown[1] = line_first & (index + 1 < end) & colon[after]
        shown[2] = shape_of == 1
        shown[3] = shape_of == 2
        shown[4] = (shape_of == 3) & ~line_first & has_before & inner_before[before].astype(bool)
        tokens = np.flatnonzero(keyed)
        group_of = _groups(chunk.document_of[tokens], key[tokens])
        groups = int(group_of.max(initial=-1)) + 1
        sizes = np.bincount(group_of, minlength=groups)
        own = shape_of[tokens]
        parts: list[tuple[np.ndarray, np.ndarray]] = []
        ids = self._columns(columns)
        for number, fact in enumerate(FACTS):
            mine = shown[number, tokens]
            totals = np.bincount(group_of, weights=mine, minlength=groups)
            elsewhere = totals[group_of] > mine
            if fact in SHAPES:  # another shape than the token's own
                elsewhere &= own != SHAPES.index(fact)
            parts.append((tokens[elsewhere], ids[number][own[elsewhere]]))
        parts.append((tokens, ids[-1][np.minimum(sizes[group_of], 3)]))
        return Block.ones(np.concatenate([found for found, _ in parts]),
                          np.concatenate([column for _, column in parts]))

    @staticmethod
    def _titled(
        index: np.ndarray, first: np.ndarray, title: np.ndarray, dot: np.ndarray,
        capital_first: np.ndarray, line_first: np.ndarray, shape_of: np.ndarray,
    ) -> np.ndarray:
        """Whether a title comes before each token within ``TITLE_REACH`` tokens of its
        document, over full stops (and, before a capitalised word or one in capitals, over
        words with a capital first) that open no line."""
        import numpy as np  # lazy: importing the features needs no numpy

        name_like = shape_of >= 2
        titled = np.zeros(len(index), bool)
        going = np.ones(len(index), bool)
        for distance in range(1, TITLE_REACH + 1):
            back = index - distance
            going &= back >= first
            back = np.maximum(back, 0)
            titled |= going & title[back]
            going &= ~title[back] & ~line_first[back] & (
                dot[back].astype(bool) | (capital_first[back].astype(bool) & name_like))
        return titled

    def _columns(self, columns: Columns) -> list[np.ndarray]:
        """The columns of each fact's features by the token's own shape, then of the counts
        by number (1, 2, 3 or more; index 0 unused)."""
        import numpy as np  # lazy: importing the features needs no numpy

        memo = columns.memo(self.name)
        known = memo.get("columns")
        if known is None:
            by_fact = [
                np.full(len(SHAPES), columns.column(f"memory.{fact}"), np.int32)
                if fact in ("titled", "label") else
                np.asarray([columns.column(f"memory.{own}>{fact}") for own in SHAPES], np.int32)
                for fact in FACTS
            ]
            counts = np.asarray([-1, *(columns.column(f"memory.count={c}") for c in COUNTS)],
                                np.int32)
            known = memo["columns"] = [*by_fact, counts]
        return list(known)


_TYPE_FACTS = ("keyed", "key", "shape", "title", "colon", "dot", "capital_first",
               "inner_before", "length")
"""What the class reads of a word type, by number (``_type_facts``)."""


def _type_facts(words: Sequence[str]) -> list[tuple[int, ...]]:
    """``_TYPE_FACTS`` of each word: has it a key (two characters or more, a letter), the
    key (its case-folded form's hash: the same for the same word in any case; two words whose
    hashes collide, 2**-64 a pair, would be counted as one), its shape's number, is it a
    title, a colon, a full stop, has it a capital first, does a capitalised word after it
    stand inside a sentence, its length."""
    return [
        (
            len(word) > 1 and any(map(str.isalpha, word)),
            hash(word.casefold()),
            SHAPES.index(shape(word)),
            word.casefold().rstrip(".") in TITLES,
            word == ":",
            word == ".",
            word[:1].isupper(),
            word in INNER_AFTER or any(map(str.isalnum, word)),
            len(word),
        )
        for word in words
    ]


def _groups(documents: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """A number for each pair of a document and a key, the same for the same pair."""
    import numpy as np  # lazy: importing the features needs no numpy

    order = np.lexsort((keys, documents))
    starts = np.ones(len(order), bool)
    starts[1:] = (np.diff(documents[order]) != 0) | (np.diff(keys[order]) != 0)
    found = np.empty(len(order), np.intp)
    found[order] = np.cumsum(starts) - 1
    return found
