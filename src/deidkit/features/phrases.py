"""Dictionary look-up over token sequences: which tokens each list covers.

``PhraseMatcher`` takes named lists of entries (words or phrases) and marks, for each token
of a document, the lists that have an entry covering it. Entries are tokenised with
deidkit's tokenizer and compared casefolded, so ``St. Mary's Hospital`` matches exactly the
tokens it would have in a note. Single-token entries are set look-ups (cached per word);
multi-token entries are found in one pass over the document by a pyahocorasick automaton,
and every token of a match is marked. Marks are bit masks: bit ``i`` is list ``i``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import ahocorasick

from deidkit.features.base import WordCache
from deidkit.text.tokenizer import token_texts

_SEP = "\x1f"  # a white-space character: never inside a token (placeholders are cleaned)
_CACHE_LIMIT = 200_000


def _clean(word: str) -> str:
    return word.casefold().replace(_SEP, " ")


def _joined(words: Sequence[str]) -> str:
    """The words cleaned, each after a separator, and a separator at the end: the text the
    automaton's keys and documents share."""
    joined = _SEP.join(words)
    if joined.count(_SEP) == len(words) - 1:  # casefold maps each character on its own
        joined = joined.casefold()
    else:  # a placeholder token holds the separator
        joined = _SEP.join(map(_clean, words))
    return _SEP + joined + _SEP


class PhraseMatcher:
    """Marks the tokens covered by entries of named lists."""

    def __init__(self, lists: Mapping[str, Iterable[str]]) -> None:
        self.names: tuple[str, ...] = tuple(lists)
        single: dict[str, int] = {}
        multi: dict[str, tuple[int, int]] = {}
        for bit, name in enumerate(self.names):
            flag = 1 << bit
            for entry in lists[name]:
                if entry.isalpha():  # the common case: one token (no separator, see _clean)
                    word = entry.casefold()
                else:
                    words = token_texts(entry)
                    if len(words) != 1:
                        if words:
                            key = _joined(words)
                            size, mask = multi.get(key, (len(words), 0))
                            multi[key] = (size, mask | flag)
                        continue
                    word = _clean(words[0])
                single[word] = single.get(word, 0) | flag
        self._single = single
        self._automaton: ahocorasick.Automaton | None = None
        if multi:
            automaton = ahocorasick.Automaton()
            for key, value in multi.items():
                automaton.add_word(key, value)
            automaton.make_automaton()
            self._automaton = automaton
        self._word_cache = WordCache(self._word_mask, _CACHE_LIMIT)
        self.multi_count = len(multi)
        self.single_count = len(single)

    def _word_mask(self, word: str) -> int:
        return self._single.get(_clean(word), 0)

    def word_mask(self, word: str) -> int:
        """The lists with a one-token entry equal to ``word`` (casefolded)."""
        return self._word_cache[word]

    def masks(self, words: Sequence[str]) -> list[int]:
        """For each token, the lists that have an entry covering it."""
        masks = list(map(self._word_cache.__getitem__, words))
        automaton = self._automaton
        if automaton is None or len(words) < 2:
            return masks
        haystack = _joined(words)
        count = haystack.count
        position = 0
        words_so_far = 0  # the separators before ``position``: one per word starting there
        for end, (size, mask) in automaton.iter(haystack):  # in order of ``end``
            # a key ends with the separator after its last word (at ``end``), so the words
            # up to that one are the separators before ``end``
            words_so_far += count(_SEP, position, end)
            position = end
            for index in range(words_so_far - size, words_so_far):
                masks[index] |= mask
        return masks

    def clear_cache(self) -> None:
        self._word_cache.clear()

    def names_of(self, mask: int) -> tuple[str, ...]:
        return tuple(name for bit, name in enumerate(self.names) if mask >> bit & 1)
