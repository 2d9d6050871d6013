"""Dictionary look-up over token sequences: which tokens each list covers.

``PhraseMatcher`` takes named lists of entries (words or phrases) and marks, for each token
of a document, the lists that have an entry covering it. Entries are tokenised with
deidkit's tokenizer and compared casefolded, so ``St. Mary's Hospital`` matches exactly the
tokens it would have in a note. Single-token entries are set look-ups (cached per word);
multi-token entries are found in one pass over the document by a pyahocorasick automaton,
and every token of a match is marked. Marks are bit masks: bit ``i`` is list ``i``.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Mapping, Sequence

import ahocorasick

from deidkit.features.base import WordCache
from deidkit.text.tokenizer import token_texts

_SEP = "\x1f"  # a white-space character: never inside a token (placeholders are cleaned)
_CACHE_LIMIT = 200_000


def _clean(word: str) -> str:
    return word.casefold().replace(_SEP, " ")


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
                    words = [entry.casefold()]
                else:
                    words = [_clean(token) for token in token_texts(entry)]
                if len(words) == 1:
                    single[words[0]] = single.get(words[0], 0) | flag
                elif words:
                    key = _SEP + _SEP.join(words) + _SEP
                    size, mask = multi.get(key, (len(words), 0))
                    multi[key] = (size, mask | flag)
        self._single = single
        self._automaton: ahocorasick.Automaton | None = None
        if multi:
            automaton = ahocorasick.Automaton()
            for key, value in multi.items():
                automaton.add_word(key, value)
            automaton.make_automaton()
            self._automaton = automaton
        self._word_cache = WordCache(self._word_entry, _CACHE_LIMIT)
        self.multi_count = len(multi)
        self.single_count = len(single)

    def _word_entry(self, word: str) -> tuple[int, str]:
        """A word's one-token lists (bit mask) and the word cleaned."""
        cleaned = _clean(word)
        return self._single.get(cleaned, 0), cleaned

    def word_mask(self, word: str) -> int:
        """The lists with a one-token entry equal to ``word`` (casefolded)."""
        return self._word_cache[word][0]

    def masks(self, words: Sequence[str]) -> list[int]:
        """For each token, the lists that have an entry covering it."""
        entries = list(map(self._word_cache.__getitem__, words))
        masks = [mask for mask, _ in entries]
        if self._automaton is None or len(words) < 2:
            return masks
        cleaned_words = [cleaned for _, cleaned in entries]
        haystack = _SEP + _SEP.join(cleaned_words) + _SEP
        # starts[i]: where word i begins in the haystack (after the separator before it)
        starts = list(itertools.accumulate([len(word) + 1 for word in cleaned_words], initial=1))
        starts.pop()  # the end of the haystack
        for end, (size, mask) in self._automaton.iter(haystack):
            # the key ends with a separator at ``end``; its last word ends just before it
            first = bisect.bisect_right(starts, end - 1) - size
            for index in range(first, first + size):
                masks[index] |= mask
        return masks

    def clear_cache(self) -> None:
        self._word_cache.clear()

    def names_of(self, mask: int) -> tuple[str, ...]:
        return tuple(name for bit, name in enumerate(self.names) if mask >> bit & 1)
