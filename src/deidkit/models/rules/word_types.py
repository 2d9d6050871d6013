"""Facts of a word type worked out once and remembered across notes (issue 20).

A rule that asks several questions of every word of a note (is it a listed name? also a
common word? a first name?) asks them of a word type once: a :class:`WordTable` answers
known words at C speed (``map(table.__getitem__, words)``, ``itertools.compress`` over the
answers) and works out a new one at its first ask. Tables are kept per lexicons object
(``word_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from deidkit.models.rules.lexicons import Lexicons

T = TypeVar("T")

_WORDS_LIMIT = 100_000  # word types remembered per table (then forgotten at once)
_TABLES_LIMIT = 64  # tables kept at once (a few per language; tests make more lexicons)


class WordTable(dict[str, T], Generic[T]):
    """Word -> ``facts(word)``, worked out at the word's first ask (``__missing__``) and
    kept (at most ``_WORDS_LIMIT`` words, then forgotten at once)."""

    __slots__ = ("facts",)

    def __init__(self, facts: Callable[[str], T]) -> None:
        super().__init__()
        self.facts = facts

    def __missing__(self, word: str) -> T:
        if len(self) >= _WORDS_LIMIT:
            self.clear()
        value = self[word] = self.facts(word)
        return value


_TABLES: dict[tuple[int, str], tuple[Lexicons, object]] = {}


def word_table(lex: Lexicons, name: str, make: Callable[[Lexicons], T]) -> T:
    """The table ``name`` of ``lex``, made by ``make(lex)`` at its first ask (the lexicons
    are not changed once loaded; the entry keeps ``lex`` alive, so its id names it)."""
    key = (id(lex), name)
    entry = _TABLES.get(key)
    if entry is None:
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        entry = _TABLES[key] = (lex, make(lex))
    return entry[1]  # type: ignore[return-value]
