"""Multi-word phrases (casefolded tokens) -> label, in a trie of words."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from deidkit.text import token_texts


@dataclass(slots=True)
class _Node:
    """A trie node: the label of the phrase ending here (if any) and the next words."""

    label: str | None = None
    next: dict[str, _Node] | None = None


@dataclass(frozen=True, slots=True)
class Phrases:
    """Multi-token phrases (casefolded tokens) -> label, in a trie of words.

    ``trie`` maps a first word to its node, so ``match`` walks one dictionary look-up per
    word of the longest phrase."""

    trie: dict[str, _Node] = field(default_factory=dict)

    def add(self, phrase: str, label: str) -> tuple[str, ...]:
        """File ``phrase`` under ``label`` (unless an equal phrase came first); its words."""
        words = tuple(map(str.casefold, token_texts(phrase)))
        if not words:
            return words
        node = self.trie.get(words[0])
        if node is None:
            node = self.trie[words[0]] = _Node()
        for word in words[1:]:
            if node.next is None:
                node.next = {}
            child = node.next.get(word)
            if child is None:
                child = node.next[word] = _Node()
            node = child
        if node.label is None:  # the first of equal phrases gives the label
            node.label = label
        return words

    def add_all(self, phrases: Iterable[str], label: str) -> set[str]:
        """``add`` each distinct phrase; the words of the one-word phrases among them."""
        added = map(self.add, dict.fromkeys(phrases), itertools.repeat(label))
        return {words[0] for words in added if len(words) == 1}

    def starts(self, positions: Mapping[str, Sequence[int]]) -> list[int]:
        """Where a phrase may start, in order, given each word's token indices (``match``
        is None everywhere else)."""
        first_words = positions.keys() & self.trie.keys()
        return sorted(itertools.chain.from_iterable(positions[word] for word in first_words))

    def match(self, words: Sequence[str], start: int) -> tuple[int, str] | None:
        """The longest phrase starting at ``start``: (end index, label)."""
        node = self.trie.get(words[start])
        found = None
        end = start + 1
        while node is not None:
            if node.label is not None:
                found = (end, node.label)
            if node.next is None or end >= len(words):
                break
            node = node.next.get(words[end])
            end += 1
        return found

    def matches(
        self, words: Sequence[str], positions: Mapping[str, Sequence[int]]
    ) -> Iterator[tuple[int, tuple[int, str]]]:
        """Each start of a phrase in order, with its longest match (end index, label)."""
        for start in self.starts(positions):
            found = self.match(words, start)
            if found is not None:
                yield start, found
