"""Multi-word phrases (casefolded tokens) -> label, in a trie of words held flat."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from deidkit.text import token_texts


@dataclass(frozen=True, slots=True, eq=False)
class Phrases:
    """Multi-token phrases (casefolded tokens) -> label, in a trie of words.

    A node of the trie is a number: ``first`` maps a phrase's first word to its node,
    ``following`` a node and the next word to the next node, and ``labels[node]`` is the
    label of the phrase ending there (None: none). ``match`` walks one dictionary look-up
    per word of the longest phrase, and a stored trie loads as these three containers, with
    no object per node. Two are equal when they file the same phrases under the same labels
    (``entries``), whatever their nodes' numbers."""

    first: dict[str, int] = field(default_factory=dict)
    following: dict[tuple[int, str], int] = field(default_factory=dict)
    labels: list[str | None] = field(default_factory=list)

    def add(self, phrase: str, label: str) -> tuple[str, ...]:
        """File ``phrase`` under ``label`` (unless an equal phrase came first); its words."""
        words = tuple(map(str.casefold, token_texts(phrase)))
        if not words:
            return words
        node = self.first.get(words[0])
        if node is None:
            node = self.first[words[0]] = self._new_node()
        for word in words[1:]:
            child = self.following.get((node, word))
            if child is None:
                child = self.following[node, word] = self._new_node()
            node = child
        if self.labels[node] is None:  # the first of equal phrases gives the label
            self.labels[node] = label
        return words

    def _new_node(self) -> int:
        self.labels.append(None)
        return len(self.labels) - 1

    def add_all(self, phrases: Iterable[str], label: str) -> set[str]:
        """``add`` each distinct phrase; the words of the one-word phrases among them."""
        added = map(self.add, dict.fromkeys(phrases), itertools.repeat(label))
        return {words[0] for words in added if len(words) == 1}

    def starts(self, positions: Mapping[str, Sequence[int]]) -> list[int]:
        """Where a phrase may start, in order, given each word's token indices (``match``
        is None everywhere else)."""
        first_words = positions.keys() & self.first.keys()
        return sorted(itertools.chain.from_iterable(positions[word] for word in first_words))

    def match(self, words: Sequence[str], start: int) -> tuple[int, str] | None:
        """The longest phrase starting at ``start``: (end index, label)."""
        node = self.first.get(words[start])
        if node is None:
            return None
        labels, following = self.labels, self.following
        found = None
        end = start + 1
        while True:
            label = labels[node]
            if label is not None:
                found = (end, label)
            if end >= len(words):
                return found
            node = following.get((node, words[end]))
            if node is None:
                return found
            end += 1

    def matches(
        self, words: Sequence[str], positions: Mapping[str, Sequence[int]]
    ) -> Iterator[tuple[int, tuple[int, str]]]:
        """Each start of a phrase in order, with its longest match (end index, label)."""
        for start in self.starts(positions):
            found = self.match(words, start)
            if found is not None:
                yield start, found

    def entries(self) -> dict[tuple[str, ...], str]:
        """Every phrase filed (its words) and its label: what ``match`` answers from."""
        paths: list[tuple[str, ...]] = [()] * len(self.labels)
        for word, node in self.first.items():
            paths[node] = (word,)
        # a node is made after its parent (``add``) or stored after it (the stored order)
        for (parent, word), node in sorted(self.following.items(), key=lambda item: item[1]):
            paths[node] = (*paths[parent], word)
        return {
            paths[node]: label for node, label in enumerate(self.labels) if label is not None
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrases):
            return NotImplemented
        return self.entries() == other.entries()
