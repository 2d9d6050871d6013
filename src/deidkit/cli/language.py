"""A cheap check that a corpus is in the language given with ``--lang``.

The most frequent words of each language with a word-frequency table (``word_frequency_en``,
``word_frequency_es``), less the words two languages share, are counted in a sample of the
documents' tokens; when another language's words are clearly more frequent, ``train`` warns.
The warning names languages and counts only, never a word of the notes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from deidkit.lang import get_language, is_language
from deidkit.resources import entries, names
from deidkit.types import Document

TOP_WORDS = 100
"""How many of a language's most frequent words count as its stop words."""
SAMPLE_CHARACTERS = 200_000
"""Characters of text read at most (the first documents)."""
MIN_HITS = 20
"""Fewer stop-word hits than this say nothing."""
_WORD = re.compile(r"[^\W\d_]+")


@functools.cache
def stop_words() -> dict[str, frozenset[str]]:
    """Each language's most frequent words that no other language's list holds."""
    tops = {
        name.removeprefix("word_frequency_"): frozenset(
            word.casefold() for word in entries(name)[:TOP_WORDS]
        )
        for name in names(kind="frequency")
        if name.startswith("word_frequency_")
    }
    return {
        lang: words - frozenset().union(*(other for code, other in tops.items() if code != lang))
        for lang, words in tops.items()
    }


def stop_word_counts(texts: Sequence[str]) -> dict[str, int]:
    """How many tokens of ``texts`` are each language's stop words."""
    counts = dict.fromkeys(stop_words(), 0)
    budget = SAMPLE_CHARACTERS
    for text in texts:
        sample = text[:budget]
        budget -= len(sample)
        for word in _WORD.findall(sample.casefold()):
            for lang, words in stop_words().items():
                if word in words:
                    counts[lang] += 1
        if budget <= 0:
            break
    return counts


def guess_language(texts: Sequence[str]) -> str | None:
    """The language whose stop words are at least three times as frequent as any other's,
    or None when the sample is too small or mixed."""
    counts = stop_word_counts(texts)
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][1] < MIN_HITS:
        return None
    best, hits = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    return best if hits >= 3 * runner_up else None


def language_warning(documents: Sequence[Document], lang: str) -> str | None:
    """A one-line warning when ``documents`` look like another language than ``lang``."""
    guessed = guess_language([document.text for document in documents])
    if guessed is None or guessed == lang:
        return None
    name = get_language(guessed).name if is_language(guessed) else guessed
    return (
        f"warning: the corpus looks like {name} ({guessed}) but --lang is {lang}: the "
        f"{lang} features will be used; pass --lang {guessed} if the notes are {name}"
    )
