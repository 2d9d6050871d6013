"""The regular-expression class: HIDE's token patterns and deidkit's PHI patterns.

Token patterns (HIDE, Table 2), each a flag ``regex.<NAME>`` when the token matches:
ALPHA, INITCAPS, UPPER-LOWER, ALLCAPS, MIXEDCAPS, SINGLECHAR, SINGLEDIGIT, DOUBLEDIGIT,
TRIPLEDIGIT, QUADDIGIT, NUMBER, HASDIGIT, ALPHANUMERIC, NUMBERS.LETTERS, LETTERS.NUMBERS,
HASDASH, HASQUOTE, HASSLASH, ISPUNCT, REALNUMBER, STARTMINUS, STARTPLUS, ENDPERCENT, ROMAN,
ISSPACE. The expressions are the table's, with two repairs where the printed table lost a
``+``: ALPHA is ``^[A-Za-z]+$`` (as printed it would equal SINGLECHAR) and NUMBERS.LETTERS is
``^[0-9]+[A-Za-z]+$`` (the mirror of LETTERS.NUMBERS). ALPHANUMERIC is the table's test
written with two lookaheads, which cannot backtrack quadratically. TRIPLEDIGIT and QUADDIGIT
keep the table's expressions: four and five digits.

The token patterns look only at which of a few classes each character is in (A-Z with the
Roman-numeral letters apart, a-z, 0-9, the punctuation they name, new line, other white
space, anything else), so their flags are computed once per *signature* of a word (its
characters replaced by their classes) and shared by every word with that signature;
``hide_flags`` is the reference (tests check the two agree).

PHI patterns come from ``deidkit.patterns`` (dates in their formats, times, phone/fax/pager,
SSN, ZIP, e-mail, URL, IP, MRN-like IDs, ages over 89; Spanish ones for ``es``): every token
a match overlaps gets ``regex.phi.<pattern name>``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.patterns import find_patterns

if TYPE_CHECKING:
    from deidkit.features.columns import Block, Columns

HIDE_PATTERNS: tuple[tuple[str, str], ...] = (
    ("ALPHA", r"^[A-Za-z]+$"),
    ("INITCAPS", r"^[A-Z].*$"),
    ("UPPER-LOWER", r"^[A-Z][a-z].*$"),
    ("ALLCAPS", r"^[A-Z]+$"),
    ("MIXEDCAPS", r"^[A-Z][a-z]+[A-Z][A-Za-z]*$"),
    ("SINGLECHAR", r"^[A-Za-z]$"),
    ("SINGLEDIGIT", r"^[0-9]$"),
    ("DOUBLEDIGIT", r"^[0-9][0-9]$"),
    ("TRIPLEDIGIT", r"^[0-9][0-9][0-9][0-9]$"),
    ("QUADDIGIT", r"^[0-9][0-9][0-9][0-9][0-9]$"),
    ("NUMBER", r"^[0-9]+$"),
    ("HASDIGIT", r"[0-9]"),
    # the table's ``^.*[0-9].*[A-Za-z].*$|^.*[A-Za-z].*[0-9].*$`` backtracks quadratically
    # on a long word without digits (100k letters: ~80 s); the same test ("has a digit and a
    # letter") as two lookaheads, each one linear scan
    ("ALPHANUMERIC", r"^(?=[^0-9]*[0-9])(?=[^A-Za-z]*[A-Za-z])"),
    ("NUMBERS.LETTERS", r"^[0-9]+[A-Za-z]+$"),
    ("LETTERS.NUMBERS", r"^[A-Za-z]+[0-9]+$"),
    ("HASDASH", r"-"),
    ("HASQUOTE", r"'"),
    ("HASSLASH", r"/"),
    ("ISPUNCT", r"""^[~!@#$%^&*()\-=+\[\]{} ;':",./<>?]+$"""),
    ("REALNUMBER", r"^(-|\+)?[0-9,]+(\.[0-9]*)?%?$"),
    ("STARTMINUS", r"^-.*"),
    ("STARTPLUS", r"^\+.*$"),
    ("ENDPERCENT", r"^.*%$"),
    ("ROMAN", r"^[IVXDLCM]+$"),
    ("ISSPACE", r"^\s+$"),
)
"""(name, expression) of every HIDE token pattern, in Table 2's order."""

_COMPILED = tuple(
    (f"regex.{name}", re.compile(pattern, re.DOTALL)) for name, pattern in HIDE_PATTERNS
)
_KEPT = frozenset("IVXDLCM" "~!@#$%^&*()-=+[]{} ;':\",./<>?" "\n")
"""Characters the patterns single out: each is its own class in a signature."""
SIGNATURE_CACHE_LIMIT = 20_000


class _CharacterClasses(dict[int, str]):
    """Code point -> its class in a HIDE signature (filled as ``str.translate`` meets it)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char in _KEPT:
            value = char
        elif "A" <= char <= "Z":
            value = "A"
        elif "a" <= char <= "z":
            value = "a"
        elif "0" <= char <= "9":
            value = "0"
        elif char.isspace():
            value = "\t"  # white space other than space and new line (\s; not punctuation)
        else:
            value = "_"  # no pattern names it
        self[code] = value
        return value


_CHARACTER_CLASSES = _CharacterClasses()


def hide_signature(word: str) -> str:
    """The word with each character replaced by its class (same HIDE flags as the word)."""
    return word.translate(_CHARACTER_CLASSES)


def hide_flags(word: str) -> Features:
    """``regex.<NAME>: 1.0`` for every HIDE token pattern the word matches (the reference)."""
    return {name: 1.0 for name, pattern in _COMPILED if pattern.search(word)}


class RegexFeatures(FeatureClass):
    name = "regex"
    summary = "HIDE's token patterns (Table 2) and deidkit's PHI patterns"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._language = config.language
        self._by_signature: dict[str, Features] = {}

    def type_features(self, word: str) -> Features:
        signature = word.translate(_CHARACTER_CLASSES)
        found = self._by_signature.get(signature)
        if found is None:
            found = hide_flags(signature)
            if len(self._by_signature) >= SIGNATURE_CACHE_LIMIT:
                self._by_signature.clear()
            self._by_signature[signature] = found
        return found.copy()

    def type_block(self, words: Sequence[str], columns: Columns) -> Block:
        # a signature's row once per signature (and columns)
        import numpy as np  # lazy: importing the features needs no numpy

        table = columns.rows(self.name, SIGNATURE_CACHE_LIMIT)
        known, found = table.numbers, []
        for word in words:
            signature = word.translate(_CHARACTER_CLASSES)
            row = known.get(signature)
            if row is None:
                row = table.add(signature, columns.row(self.type_features(word)))
            found.append(row)
        return table.block(np.arange(len(words)), np.asarray(found, np.intp))

    def clear_caches(self) -> None:
        self._by_signature.clear()

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        for name, covered in self._covered(context):
            key = f"regex.phi.{name}"
            for index in covered:
                items[index][key] = 1.0

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        # each pattern's column named once; a token two matches of one pattern overlap has
        # the feature once, where it came first
        named = columns.memo("regex.phi")
        found: dict[tuple[int, int], None] = {}
        for context, first in zip(chunk.contexts, chunk.bounds, strict=False):
            for name, covered in self._covered(context):
                column = named.get(name)
                if column is None:
                    column = named[name] = columns.column(f"regex.phi.{name}")
                for index in covered:
                    found[first + index, column] = None
        pairs = np.asarray(list(found), np.intp).reshape(-1, 2)
        return Block.ones(pairs[:, 0], pairs[:, 1])

    def _covered(self, context: DocumentContext) -> Iterator[tuple[str, range]]:
        """(pattern name, the indices of the tokens it overlaps) for every PHI pattern match,
        in order: from the last token starting at or before the match (if it reaches into
        it) to the last one starting before the match's end, two binary searches."""
        tokens = context.tokens
        if not tokens:
            return
        starts = context.starts
        for match in find_patterns(context.text, self._language):
            index = max(bisect.bisect_right(starts, match.start) - 1, 0)
            if tokens[index].end <= match.start:
                index += 1
            yield match.name, range(index, bisect.bisect_left(starts, match.end, index))

    def describe(self) -> dict[str, object]:
        return {
            "hide_patterns": [name for name, _ in HIDE_PATTERNS],
            "phi_patterns": "deidkit.patterns",
        }
