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

from deidkit.text.tokenizer import token_spans

_SEP = "\x1f"  # a white-space character: never inside a token (placeholders are cleaned)
_CACHE_LIMIT = 200_000


def _clean(word: str) -> str:
    return word.casefold().replace(_SEP, " ")


def _token_texts(entries: Sequence[str]) -> list[list[str]]:
    """The texts of ``tokenize(entry)`` for each entry, tokenised together: the entries are
    joined by new lines, which no token crosses (tokens never hold a new line)."""
    text = "\n".join(entries)
    found: list[list[str]] = [[] for _ in entries]
    ends = list(itertools.accumulate([len(entry) + 1 for entry in entries]))
    index = 0
    for start, end in token_spans(text):
        while start >= ends[index]:
            index += 1
        found[index].append(text[start:end])
    return found


class _WordEntries(dict[str, tuple[int, str]]):
    """word -> (its one-token lists, the word cleaned), filled on first look-up; starts
    afresh once it holds ``_CACHE_LIMIT`` words."""

    __slots__ = ("_single",)

    def __init__(self, single: dict[str, int]) -> None:
        super().__init__()
        self._single = single

    def __missing__(self, word: str) -> tuple[int, str]:
        cleaned = _clean(word)
        entry = (self._single.get(cleaned, 0), cleaned)
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        self[word] = entry
        return entry


class PhraseMatcher:
    """Marks the tokens covered by entries of named lists."""

    def __init__(self, lists: Mapping[str, Iterable[str]]) -> None:
        self.names: tuple[str, ...] = tuple(lists)
        single: dict[str, int] = {}
        multi: dict[str, tuple[int, int]] = {}
        for bit, name in enumerate(self.names):
            flag = 1 << bit
            entries = list(lists[name])
            # the common case, one word: one token (no separator inside, see _clean)
            for entry in entries:
                if entry.isalpha():
                    word = entry.casefold()
                    single[word] = single.get(word, 0) | flag
            for tokens in _token_texts([entry for entry in entries if not entry.isalpha()]):
                words = [_clean(token) for token in tokens]
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
        self._word_cache = _WordEntries(single)
        self.multi_count = len(multi)
        self.single_count = len(single)

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
