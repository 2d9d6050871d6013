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
  line); ``own`` is the token's own shape (``memory.capital>lower``);
- ``memory.titled``: the word follows a person's title elsewhere (``Dr.``, ``Mrs``; a
  capitalised word also with initials or other capitalised words between);
- ``memory.label``: the word opens a line elsewhere and a colon follows it there;
- ``memory.count``: how often the word occurs in the note (``1``, ``2``, ``3+``).
"""

from __future__ import annotations

from collections import Counter

from deidkit.features.base import DocumentContext, FeatureClass, Features

LOWER, UPPER, CAPITAL = "lower", "upper", "capital"
TITLES = frozenset({"dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "prof", "mister"})
"""Person titles (case folded) whose next name word is ``titled``."""
TITLE_REACH = 4
"""The most tokens back a title is looked for, over full stops, initials and other
capitalised words ("Dr. A. Ruiz", "Mrs Ana Lowe")."""
INNER_AFTER = frozenset({","})
"""Tokens without a letter or digit after which a capitalised word is inside a sentence."""


def shape(word: str) -> str | None:
    """``lower``, ``upper`` or ``capital`` (an initial capital, not all capitals), or None
    (no letter cased so)."""
    if word.islower():
        return LOWER
    if word.isupper():
        return UPPER
    if word[0].isupper():
        return CAPITAL
    return None


def count_bin(count: int) -> str:
    return "1" if count == 1 else "2" if count == 2 else "3+"


class MemoryFeatures(FeatureClass):
    name = "memory"
    summary = "how the note writes the token's word elsewhere (case, after a title, as a label)"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        words, text, tokens = context.words, context.text, context.tokens
        keys: list[str | None] = [
            word.casefold() if len(word) > 1 and any(map(str.isalpha, word)) else None
            for word in words
        ]
        counts: Counter[str | None] = Counter(keys)
        facts: Counter[tuple[str, str]] = Counter()  # (key, fact) -> tokens showing it
        shown: list[tuple[str, ...]] = []
        line_first = [True] + [
            "\n" in text[tokens[index - 1].end : tokens[index].start]
            for index in range(1, len(tokens))
        ]
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
            for fact in ("titled", "label", LOWER, UPPER, CAPITAL):
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
            name_part = words[back][0].isupper() and own in (CAPITAL, UPPER)
            if line_first[back] or not (words[back] == "." or name_part):
                break
        if line_first[index] and index + 1 < len(words) and words[index + 1] == ":":
            found.append("label")
        return tuple(found)
