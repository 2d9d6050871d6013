"""The pattern spec: what a PHI pattern is (:class:`Pattern`), what it finds
(:class:`PatternMatch`), where a digit-led one can start (:class:`Head`), and the building
blocks its expression and heads share.

A pattern is defined with keyword arguments::

    Pattern(name="ssn", label="SSN", expression=LEFT + r"\\d{3}-\\d{2}-\\d{4}" + RIGHT,
            langs=ALL, description="social security number 123-45-6789",
            heads=(Head(lengths(3, 3), follow=DIGIT_PAIR),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import regex

from deidkit.lang import language_codes
from deidkit.lang.patterns import PatternLanguage
from deidkit.patterns.compiled import compile_expression

# --- expression edges --------------------------------------------------------------------------

LEFT = r"(?<![\w/\-+@.])(?<!\d[,:])"  # left edge: not glued to a word, number or separator
RIGHT = r"(?![\w/\-+@]|[.,:]\d)"  # right edge
# LEFT tested behind a pattern's first digit, once it is consumed (the regex engine tries a
# digit faster than a lookahead for one): the same test of the two characters before it.
# The day, hour and age groups that use it never give a digit back (``\d?+``): what follows
# them cannot start with a digit, so backtracking there could not find a match.
LEFT_AFTER_DIGIT = r"(?<![\w/\-+@.]\d)(?<!\d[,:]\d)"

EN, ES = frozenset({"en"}), frozenset({"es"})
ALL = frozenset(language_codes())
"""The languages of a pattern that every language uses."""

# --- matches and patterns ----------------------------------------------------------------------

Found = tuple[int, int, str, str] | None
"""What a check returns: the PHI's (start, end, label, name), or None to reject the match."""

Check = Callable[[str, "regex.Match[str]", str | None], Found]


@dataclass(frozen=True, slots=True)
class PatternMatch:
    """A pattern hit: half-open offsets, the pattern's name and the PHI label it suggests."""

    start: int
    end: int
    name: str
    label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Pattern:
    """A named PHI regular expression.

    The PHI is the ``phi`` group when the expression has one, else the whole match. ``check``
    may reject a match from its context or change its extent, label or name. A pattern with
    ``anchors`` (lowercase words) is only tried at those words, where its match must start; one
    with ``heads`` only at the runs of digits where a head says its match can start.
    """

    name: str
    label: str
    expression: str
    langs: frozenset[str]
    description: str
    check: Check | None = None
    anchors: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # further names the check may give
    heads: tuple[Head, ...] = ()  # where a digit-led pattern's matches can start

    @property
    def compiled(self) -> regex.Pattern[str]:
        return _compile(self.expression)

    def found(self, text: str, match: regex.Match[str], lang: str | None) -> Found:
        if self.check is not None:
            return self.check(text, match, lang)
        start, end = phi_extent(match)
        return start, end, self.label, self.name

    def scan(self, text: str, lang: str | None) -> Iterator[Found]:
        """Every (checked) match in ``text``, scanning all of it."""
        for match in self.compiled.finditer(text):
            yield self.found(text, match, lang)


@cache
def _compile(expression: str) -> regex.Pattern[str]:
    return compile_expression(expression)  # as prepared, else compiled here


@dataclass(frozen=True, slots=True)
class Expression:
    """A helper expression of the patterns' checks (or the rules'), made at its first use,
    not at import (a note needs few of them; compiling all cost a process ~20 ms at start),
    from its prepared program when its module is one of ``compiled.HELPER_MODULES``:
    ``EXPRESSION.compiled.match(...)``."""

    source: str
    flags: int = 0

    @property
    def compiled(self) -> regex.Pattern[str]:
        return _compile_helper(self.source, self.flags)


@cache
def _compile_helper(source: str, flags: int) -> regex.Pattern[str]:
    return compile_expression(source, flags)  # as prepared, else compiled here


def phi_extent(match: regex.Match[str]) -> tuple[int, int]:
    """The offsets of the ``phi`` group when the expression has one, else of the whole match."""
    if "phi" in match.re.groupindex and match.start("phi") >= 0:
        return match.start("phi"), match.end("phi")
    return match.start(), match.end()


def hit(m: regex.Match[str], label: str, name: str) -> Found:
    """The whole match as PHI of ``label``, found by pattern ``name``."""
    return m.start(), m.end(), label, name


# --- heads: where a digit-led pattern can start, from the run of digits it starts at -----------

LONG = 12
"""Runs of digits this long or longer are told apart by nothing but that."""
FOLLOWED = 3
"""How many characters after a run heads look at."""
ASCII = "".join(map(chr, range(128)))
DIGITS = "0123456789"
SPACE = "\t\n\x0b\x0c\r "
"""The ASCII characters ``\\s`` matches."""
ASCII_WORD = "".join(c for c in ASCII if c.isalnum() or c == "_")
"""The ASCII characters ``\\w`` matches."""


def ascii_except(chars: str) -> str:
    """The ASCII characters not in ``chars``."""
    return "".join(c for c in ASCII if c not in chars)


def lengths(shortest: int, longest: int = LONG) -> frozenset[int]:
    """Run lengths from ``shortest`` to ``longest`` (``LONG``: that or longer)."""
    return frozenset(range(shortest, longest + 1))


FREE = ascii_except(ASCII_WORD + "/-+@.")
"""What can precede a match that starts with ``LEFT``: not a word, number or separator."""
UNGLUED = ascii_except(ASCII_WORD + ".")
"""What ``(?<![\\w.])`` lets precede a match."""
DIGIT_PAIR = (("-", DIGITS),)
"""A dash and a digit after the run."""


@dataclass(frozen=True, slots=True)
class Head:
    """Where the matches of a digit-led pattern can start, told from the run of digits (a
    longest stretch of ``\\d``) they start at.

    A match can start at the first digit of a run (or, with ``opener``, at the character just
    before it) only if the run is one of ``lengths`` long (``LONG``: that or longer), starts
    with one of ``first``, follows one of ``before`` (or the start of the text, with
    ``at_start``) and the characters after it fit one of ``follow``: the first is in its first
    set, and so on, up to ``FOLLOWED`` characters (a set that is None or missing, or ``follow``
    None, admits anything, even the end of the text). Character sets are ASCII: any other
    character is always admitted (``deidkit.patterns.index``). A head must follow from its
    pattern's expression: a match that the expression could make where no head of its pattern
    admits it would be lost.
    """

    lengths: frozenset[int]
    first: str = DIGITS
    before: str | None = FREE
    at_start: bool = True
    follow: tuple[tuple[str | None, ...], ...] | None = None
    opener: bool = False


__all__ = [
    "ALL", "ASCII", "ASCII_WORD", "DIGITS", "DIGIT_PAIR", "EN", "ES", "FOLLOWED", "FREE",
    "LEFT", "LEFT_AFTER_DIGIT", "LONG", "RIGHT", "SPACE", "UNGLUED", "Check", "Found", "Head",
    "Pattern", "PatternLanguage", "PatternMatch", "ascii_except", "hit", "lengths", "phi_extent",
]
