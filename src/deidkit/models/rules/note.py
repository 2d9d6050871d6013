"""One note as the rules read it: its tokens with per-token facts, and spans from tokens."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from deidkit.text import tokenize
from deidkit.types import Span, Token

SOURCE = "rules"


@dataclass(slots=True)
class Note:
    """One document being analysed: its tokens and per-token facts."""

    text: str
    tokens: list[Token]
    starts: list[int]  # the start offset of each token
    words: list[str]  # casefolded token texts
    lowercase_style: bool  # notes written without capitals
    uppercase_style: bool  # notes written in capitals
    word_flags: list[bool]  # is_word of each token
    initial_flags: list[bool]  # is_initial of each token
    number_flags: list[bool]  # a token of at most six digits
    capitals_flags: list[bool]  # a word in capitals of two letters or more ("ED", "CBC")
    positions: dict[str, list[int]]  # casefolded token -> its indices
    line_numbers: list[int]  # the line of each token (how many line breaks come before it)
    line_starts: list[int]  # the index of the first token of each line

    @classmethod
    def of(cls, text: str) -> Note:
        tokens = tokenize(text)
        known = _TOKEN_FACTS.get
        facts = [known(t) or _token_facts(t) for t in [token.text for token in tokens]]
        columns = [list(column) for column in zip(*facts, strict=True)] or [[] for _ in range(7)]
        words, word_flags, initial_flags, alphabetic, capital, upper, numbers = columns
        letters = sum(alphabetic)  # the alphabetic tokens
        lowercase = letters >= 20 and sum(capital) < 0.03 * letters
        uppercase = letters >= 20 and sum(upper) > 0.6 * letters
        positions: dict[str, list[int]] = {}
        for index, word in enumerate(words):
            bucket = positions.get(word)
            if bucket is None:
                positions[word] = [index]
            else:
                bucket.append(index)
        starts = [token.start for token in tokens]
        lines, line_starts = _lines(text, starts)
        return cls(text, tokens, starts, words, lowercase, uppercase, word_flags, initial_flags,
                   numbers, upper, positions, lines, line_starts)

    def indices(self, words: Iterable[str]) -> list[int]:
        """The indices of the tokens whose casefolded text is one of ``words``, in order."""
        positions = self.positions
        return sorted(itertools.chain.from_iterable(positions.get(word, ()) for word in words))

    @property
    def caseless(self) -> bool:
        """Capitals say nothing about names here (all lower case or all capitals)."""
        return self.lowercase_style or self.uppercase_style

    def capitalised(self, index: int) -> bool:
        word = self.tokens[index].text
        return word[:1].isupper() or (self.lowercase_style and word[:1].isalpha())

    def is_word(self, index: int) -> bool:
        return self.word_flags[index]

    def is_initial(self, index: int) -> bool:
        return self.initial_flags[index]

    def initial_with_stop(self, index: int) -> bool:
        """Whether token ``index`` is a capital letter with its full stop glued ("P.")."""
        tokens = self.tokens
        return (
            len(tokens[index].text) == 1 and tokens[index].text.isupper()
            and index + 1 < len(tokens) and tokens[index + 1].text == "."
            and tokens[index + 1].start == tokens[index].end
        )

    def same_line(self, first: int, second: int) -> bool:
        """Whether no line break lies between token ``first`` and a later token ``second``
        (true when ``second`` is not later)."""
        return second <= first or self.line_numbers[first] == self.line_numbers[second]

    def acronym(self, index: int) -> bool:
        """A short all-capitals token in a note that is not all capitals ("CBC", "ED")."""
        text = self.tokens[index].text
        return 2 <= len(text) <= 5 and text.isupper() and not self.text.isupper()

    def wide_gap_before(self, index: int) -> bool:
        """Whether two blanks or a tab come before token ``index`` (a column break)."""
        gap = self.text[self.tokens[index - 1].end : self.tokens[index].start]
        return "\t" in gap or "  " in gap

    def span(self, start: int, end: int, label: str) -> Span:
        """The span of tokens ``start`` to ``end`` (exclusive)."""
        return Span(self.tokens[start].start, self.tokens[end - 1].end, label, source=SOURCE)

    def line_tokens(self) -> list[tuple[int, int]]:
        """Each line's tokens as (first, end) indices (end exclusive)."""
        starts = self.line_starts
        if not starts:
            return []
        return list(zip(starts, [*starts[1:], len(self.tokens)], strict=True))

    def lines_at(self, offsets: Iterable[int]) -> list[tuple[int, int]]:
        """The distinct lines holding the character ``offsets`` (given in order), as (start,
        end) offsets: from after the line break before to the next line break (or the text's
        end). An expression that matches no line break finds on these lines what it finds on
        the whole text there."""
        text = self.text
        lines: list[tuple[int, int]] = []
        end = -1
        for offset in offsets:
            if offset <= end:
                continue  # on the line found last
            end = text.find("\n", offset)
            if end < 0:
                end = len(text)
            lines.append((text.rfind("\n", 0, offset) + 1, end))
        return lines

    def token_at(self, offset: int) -> int | None:
        """The index of the last token starting at or before character ``offset`` (the one
        holding it, if any token does), None before the first token."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return index if index >= 0 else None

    def widened(self, start: int, end: int, label: str) -> Span:
        """The span of characters ``start`` to ``end`` widened to the tokens it cuts."""
        tokens = self.tokens
        first = self.token_at(start)
        if first is not None and start < tokens[first].end:
            start = tokens[first].start
        last = bisect.bisect_left(self.starts, end) - 1  # the last token starting before end
        if last >= 0 and end <= tokens[last].end:
            end = tokens[last].end
        return Span(start, end, label, source=SOURCE)

    def label_spans(self, labels: list[str | None]) -> list[Span]:
        """Spans from per-token labels: runs of one label on one line, joined across a hyphen
        inside a name or the dot of an initial."""
        spans: list[Span] = []
        done = 0  # labels before this index are in a span already
        # the labelled tokens and their labels, picked in C (a label is a name: never empty)
        labelled = itertools.compress(range(len(labels)), labels)
        for index, label in zip(labelled, filter(None, labels), strict=True):
            if index < done:
                continue
            end = index + 1
            while end < len(labels) and self.same_line(index, end):
                if labels[end] == label:
                    end += 1
                elif self._glue(end) and end + 1 < len(labels) and labels[end + 1] == label:
                    end += 2  # "Delgado-Marin", "Harold J. Finnegan"
                else:
                    break
            spans.append(self.span(index, end, label))
            done = end
        return spans

    def _glue(self, index: int) -> bool:
        """A hyphen inside a name, or the dot of an initial, joining two name parts."""
        token, before = self.tokens[index], self.tokens[index - 1]
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        if token.text == "-" and after is not None:
            return before.end == token.start and token.end == after.start
        return token.text == "." and before.end == token.start and self.is_initial(index - 1)


def _lines(text: str, starts: list[int]) -> tuple[list[int], list[int]]:
    """The line of each token (how many line breaks come before it) and the first token of
    each line, from the tokens' start offsets, one look-up per line break."""
    after_breaks = [  # the token after each line break
        bisect.bisect_left(starts, match.start()) for match in _LINE_BREAK.finditer(text)
    ]
    count = len(starts)
    breaks_before = [0] * (count + 1)  # line breaks right before each token
    for index in after_breaks:
        breaks_before[index] += 1
    numbers = list(itertools.accumulate(breaks_before[:count]))
    firsts = [index for index in dict.fromkeys(after_breaks) if 0 < index < count]
    return numbers, [0, *firsts] if count else []


def mark(labels: list[str | None], start: int, end: int, label: str) -> None:
    """Label the tokens ``start`` to ``end`` (exclusive) that have no label yet."""
    for index in range(start, end):
        if labels[index] is None:
            labels[index] = label


def title_case(word: str) -> bool:
    """"Boston", "A": a capital, then no capitals."""
    return word[:1].isupper() and (len(word) == 1 or not any(c.isupper() for c in word[1:]))


_LINE_BREAK = re.compile("\n")
_Facts = tuple[str, bool, bool, bool, bool, bool, bool]
_TOKEN_FACTS: dict[str, _Facts] = {}
_TOKEN_FACTS_LIMIT = 100_000


def _token_facts(text: str) -> _Facts:
    """What the rules ask of a token text (remembered per text): its casefolded form,
    ``is_word``, ``is_initial``, whether it is alphabetic, alphabetic and capitalised,
    alphabetic in capitals (two letters or more), a number of at most six digits."""
    alphabetic = text.isalpha()
    facts = (
        text.casefold(),
        _is_word(text),
        _is_initial(text),
        alphabetic,
        alphabetic and text[0].isupper(),
        alphabetic and len(text) > 1 and text.isupper(),
        text.isdigit() and len(text) <= 6,
    )
    if len(_TOKEN_FACTS) >= _TOKEN_FACTS_LIMIT:
        _TOKEN_FACTS.clear()
    _TOKEN_FACTS[text] = facts
    return facts


def _is_word(word: str) -> bool:
    return len(word) >= 2 and word.replace("'", "").replace("’", "").isalpha()


def _is_initial(word: str) -> bool:
    return (len(word) == 2 and word[0].isupper() and word[1] == ".") or (
        len(word) == 1 and word.isupper() and word.isalpha()
    )
