"""Dictionary look-up over token sequences: which tokens each list covers.

``PhraseMatcher`` takes named lists of entries (words or phrases) and marks, for each token
of a document, the lists that have an entry covering it. Entries are tokenised with
deidkit's tokenizer and compared casefolded, so ``St. Mary's Hospital`` matches exactly the
tokens it would have in a note. Single-token entries are look-ups (cached per word);
multi-token entries are a trie over words: every token that starts a phrase is followed
through it, and every token of a match is marked. Marks are bit masks: bit ``i`` is list
``i``.

A matcher over shipped lists is stored prepared (``resource_matcher``,
``deidkit.resources.prepared``): its words and trie as arrays, looked up as loaded.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deidkit.features.base import WordCache
from deidkit.text.tokenizer import token_texts

if TYPE_CHECKING:
    import numpy as np

    from deidkit.resources.prepared import Arrays

_SEP = "\x1f"  # placeholders may hold it; cleaned to a space, as everywhere in deidkit
_CACHE_LIMIT = 200_000
_MAX_LISTS = 62  # list masks stored as int64
_SHIFT = 32  # a trie step's key: node << _SHIFT | word
NO_WORD = (0, -1, -1)
"""``PhraseMatcher.word_facts`` of a word of no list and no phrase."""


def _clean(word: str) -> str:
    return word.casefold().replace(_SEP, " ")


class PhraseMatcher:
    """Marks the tokens covered by entries of named lists."""

    def __init__(self, lists: Mapping[str, Iterable[str]]) -> None:
        names = tuple(lists)
        single: dict[str, int] = {}
        words: dict[str, int] = {}  # a phrase's word -> its number
        steps: dict[int, int] = {}  # node << _SHIFT | word -> the next node (the root is 0)
        node_masks = [0]  # node -> the lists with a phrase that ends there
        for bit, name in enumerate(names):
            flag = 1 << bit
            for entry in lists[name]:
                if entry.isalpha():  # the common case: one token
                    word = entry.casefold()
                else:
                    texts = token_texts(entry)
                    if len(texts) != 1:
                        node = 0
                        for text in map(_clean, texts):
                            number = words.setdefault(text, len(words))
                            key = node << _SHIFT | number
                            node = steps.get(key, 0)
                            if not node:
                                node = steps[key] = len(node_masks)
                                node_masks.append(0)
                        if node:
                            node_masks[node] |= flag
                        continue
                    word = _clean(texts[0])
                single[word] = single.get(word, 0) | flag
        # every word once: its row in ``masks`` (its one-token entries' lists) and
        # ``numbers`` (its number as a phrase's word, -1 if none)
        rows = dict.fromkeys([*single, *words])
        entries = dict(zip(rows, range(len(rows)), strict=True))
        self._setup(
            names,
            entries,
            [single.get(word, 0) for word in rows],
            [words.get(word, -1) for word in rows],
            steps,
            node_masks,
        )

    def _setup(
        self,
        names: tuple[str, ...],
        entries: Mapping[str, int],
        masks: Sequence[int],
        numbers: Sequence[int],
        steps: dict[int, int],
        node_masks: list[int],
    ) -> None:
        self.names: tuple[str, ...] = names
        self._entries = entries
        self._masks = masks
        self._numbers = numbers
        self._steps = steps
        self._node_masks = node_masks
        self._word_cache = WordCache(self._word_entry, _CACHE_LIMIT)

    @property
    def single_count(self) -> int:
        """One-token entries (words in some list), counted when asked, not at load."""
        return sum(1 for mask in self._masks if mask)

    @property
    def multi_count(self) -> int:
        """Multi-token entries (trie nodes that end one), counted when asked."""
        return sum(1 for mask in self._node_masks if mask)

    def arrays(self) -> Arrays:  # numpy: imported here, importing the features needs none
        """The matcher as arrays (``from_arrays`` makes the same matcher of them): what
        ``deidkit.resources.prepared`` stores."""
        import numpy as np

        from deidkit.resources.prepared import StringTable

        if len(self.names) > _MAX_LISTS:
            raise ValueError(f"a prepared matcher holds at most {_MAX_LISTS} lists")
        found = {"names": np.asarray(self.names, dtype=str)}
        table = StringTable.build(self._entries, keep_order=False)
        found.update((f"entries.{key}", array) for key, array in table.arrays().items())
        found["masks"] = np.asarray(self._masks, np.int64)
        found["numbers"] = np.asarray(self._numbers, np.int64)
        found["step_keys"] = np.asarray(list(self._steps), np.int64)
        found["step_nodes"] = np.asarray(list(self._steps.values()), np.int64)
        found["node_masks"] = np.asarray(self._node_masks, np.int64)
        return found

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray]) -> PhraseMatcher:
        """The matcher ``arrays`` describe (its words looked up in the arrays as they are)."""
        from deidkit.resources.prepared import StringTable

        entries = StringTable(
            {key: arrays[f"entries.{key}"] for key in ("keys", "offsets", "values")}
        )
        keys, nodes = arrays["step_keys"].tolist(), arrays["step_nodes"].tolist()
        node_masks = arrays["node_masks"].tolist()
        masks, numbers = arrays["masks"].tolist(), arrays["numbers"].tolist()
        if len(keys) != len(nodes) or len(node_masks) != len(nodes) + 1:
            raise ValueError("a prepared matcher's trie is damaged")
        if len(masks) != len(entries) or len(numbers) != len(entries):
            raise ValueError("a prepared matcher's words are damaged")
        matcher = cls.__new__(cls)
        matcher._setup(
            tuple(str(name) for name in arrays["names"].tolist()),
            entries,
            masks,
            numbers,
            dict(zip(keys, nodes, strict=True)),
            node_masks,
        )
        return matcher

    def _word_entry(self, word: str) -> tuple[int, int]:
        """The lists with a one-token entry equal to ``word`` (casefolded) and its number
        as a phrase's word (-1 if none): one look-up."""
        row = self._entries.get(_clean(word), -1)
        return (0, -1) if row < 0 else (self._masks[row], self._numbers[row])

    def word_mask(self, word: str) -> int:
        """The lists with a one-token entry equal to ``word`` (casefolded)."""
        return self._word_cache[word][0]

    def masks(self, words: Sequence[str]) -> list[int]:
        """For each token, the lists that have an entry covering it."""
        entries = list(map(self._word_cache.__getitem__, words))
        masks = [mask for mask, _ in entries]
        steps = self._steps
        if not steps or len(words) < 2:
            return masks
        numbers = [number for _, number in entries]
        node_masks = self._node_masks
        count = len(numbers)
        for start, number in enumerate(numbers):
            if number < 0:
                continue
            node = steps.get(number)  # from the root (node 0)
            end = start + 1
            while node is not None and end < count and numbers[end] >= 0:
                node = steps.get(node << _SHIFT | numbers[end])
                end += 1
                if node is not None and node_masks[node]:
                    mask = node_masks[node]
                    for index in range(start, end):
                        masks[index] |= mask
        return masks

    def word_facts(self, words: Sequence[str]) -> list[tuple[int, int, int]]:
        """What ``token_masks`` needs of each word, the same for every token of it: its
        one-token entries' lists, its number as a phrase's word (-1 if none) and the trie
        node after it when a phrase starts with it (-1 if none). The words are looked up
        together (a prepared table's ``get_many``)."""
        from deidkit.resources.prepared import get_many  # lazy: numpy

        steps, masks, numbers = self._steps, self._masks, self._numbers
        facts = []
        for row in get_many(self._entries, [_clean(word) for word in words], -1):
            if row < 0:
                facts.append(NO_WORD)
            else:
                number = numbers[row]
                facts.append((masks[row], number, steps.get(number, -1) if number >= 0 else -1))
        return facts

    def token_masks(self, facts: np.ndarray) -> np.ndarray:
        """``masks`` of a document's tokens from their words' ``word_facts`` (tokens x 3,
        int64; a matcher of at most ``_MAX_LISTS`` lists): each token's one-token lists,
        then the phrases followed from the tokens that start one."""
        import numpy as np  # numpy: imported here, importing the features needs none

        masks = facts[:, 0].copy()
        starts = np.flatnonzero(facts[:, 2] >= 0)
        if not len(starts):
            return masks
        numbers = facts[:, 1].tolist()
        steps, node_masks, count = self._steps, self._node_masks, len(numbers)
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

    @property
    def masks_fit(self) -> bool:
        """Whether ``token_masks`` can hold this matcher's lists (at most ``_MAX_LISTS``)."""
        return len(self.names) <= _MAX_LISTS

    def clear_cache(self) -> None:
        self._word_cache.clear()

    def names_of(self, mask: int) -> tuple[str, ...]:
        return tuple(name for bit, name in enumerate(self.names) if mask >> bit & 1)


def resource_matcher(lists: Mapping[str, str]) -> PhraseMatcher:
    """A matcher over shipped resources (list name -> resource name): loaded as prepared
    when these lists were (``deidkit.resources.prepared``: the default dictionaries and
    medical lists of each language), else built from the resources' entries."""
    from deidkit import resources
    from deidkit.lang import languages
    from deidkit.resources import prepared
    from deidkit.text import tokenizer

    def build() -> PhraseMatcher:
        return PhraseMatcher({name: resources.entries(source) for name, source in lists.items()})

    sources = [resources.source_file(resource) for resource in lists.values()]
    if any(source is None for source in sources):  # an optional bundle: read where installed
        return build()
    key = prepared.fingerprint(
        "phrases",
        [source for source in sources if source is not None],
        [  # this module and the tokenizer: its code and the language data it compiles in
            Path(__file__),
            Path(tokenizer.__file__),
            " ".join(sorted(tokenizer.ABBREVIATIONS)),
            " ".join(month for lang in languages() for month in lang.dates.month_abbreviations),
        ],
        extra=f"{unicodedata.unidata_version}\0{json.dumps(list(lists.items()))}",
    )
    return prepared.load_or_build("phrases", key, build, PhraseMatcher.arrays,
                                  PhraseMatcher.from_arrays)
