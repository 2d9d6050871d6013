"""Where the lexicons' phrases may start in a note: every trie's first words in one pass.

``Phrases.starts`` intersects a note's words with one trie's first words; a note asks it of
18 tries (~300 words each time). Here each word's tries (those with a phrase starting with
it) are worked out once per word type and remembered across notes (a ``WordTable``), and a
note's words are looked up once for all the tries (``Scan.starts``, ``Scan.matches``), at C
speed but for the few that start a phrase.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection
from dataclasses import fields

from deidkit.models.rules.lexicons import Lexicons
from deidkit.models.rules.phrases import Phrases
from deidkit.models.rules.word_types import WordTable, word_table


class PhraseIndex:
    """The tries of one ``Lexicons``, numbered, and each word's tries (by number)."""

    __slots__ = ("numbers", "tries", "tries_of")

    def __init__(self, lex: Lexicons) -> None:
        self.tries = tuple(
            value for item in fields(Lexicons)
            if isinstance(value := getattr(lex, item.name), Phrases)
        )
        self.numbers = {id(trie): number for number, trie in enumerate(self.tries)}
        self.tries_of: WordTable[tuple[int, ...]] = WordTable(self._tries_of)

    def _tries_of(self, word: str) -> tuple[int, ...]:
        return tuple(number for number, trie in enumerate(self.tries) if word in trie.first)

    def first_words(self, words: Collection[str]) -> list[list[str]]:
        """For each trie (by number), the distinct ``words`` that start one of its phrases
        (in their order)."""
        found: list[list[str]] = [[] for _ in self.tries]
        tries_of = self.tries_of
        # the words starting no phrase (an empty tuple) are left out in C
        for word in itertools.compress(words, map(tries_of.__getitem__, words)):
            for number in tries_of[word]:
                found[number].append(word)
        return found


def phrase_index(lex: Lexicons) -> PhraseIndex:
    """The index of ``lex``'s tries (made at its first note)."""
    return word_table(lex, "phrase_index", PhraseIndex)
