"""The regular-expression class: HIDE's token patterns and deidkit's PHI patterns.

Token patterns (seed 003, Table 2), each a flag ``regex.<NAME>`` when the token matches:
ALPHA, INITCAPS, UPPER-LOWER, ALLCAPS, MIXEDCAPS, SINGLECHAR, SINGLEDIGIT, DOUBLEDIGIT,
TRIPLEDIGIT, QUADDIGIT, NUMBER, HASDIGIT, ALPHANUMERIC, NUMBERS.LETTERS, LETTERS.NUMBERS,
HASDASH, HASQUOTE, HASSLASH, ISPUNCT, REALNUMBER, STARTMINUS, STARTPLUS, ENDPERCENT, ROMAN,
ISSPACE. The expressions are the table's, with two repairs where the printed table lost a
``+``: ALPHA is ``^[A-Za-z]+$`` (as printed it would equal SINGLECHAR) and NUMBERS.LETTERS is
``^[0-9]+[A-Za-z]+$`` (the mirror of LETTERS.NUMBERS). TRIPLEDIGIT and QUADDIGIT keep the
table's expressions: four and five digits.

PHI patterns come from ``deidkit.patterns`` (dates in their formats, times, phone/fax/pager,
SSN, ZIP, e-mail, URL, IP, MRN-like IDs, ages over 89; Spanish ones for ``es``): every token
a match overlaps gets ``regex.phi.<pattern name>``.
"""

from __future__ import annotations

import bisect
import re

from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.features.config import FeatureConfig
from deidkit.patterns import find_patterns

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
    ("ALPHANUMERIC", r"^.*[0-9].*[A-Za-z].*$|^.*[A-Za-z].*[0-9].*$"),
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


class RegexFeatures(FeatureClass):
    name = "regex"
    summary = "HIDE's token patterns (seed 003 Table 2) and deidkit's PHI patterns"
    per_type = True

    def __init__(self, config: FeatureConfig) -> None:
        super().__init__(config)
        self._language = config.language

    def type_features(self, word: str) -> Features:
        return {name: 1.0 for name, pattern in _COMPILED if pattern.search(word)}

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        if not items:
            return
        tokens = context.tokens
        starts = [token.start for token in tokens]
        for match in find_patterns(context.text, self._language):
            key = f"regex.phi.{match.name}"
            index = max(bisect.bisect_right(starts, match.start) - 1, 0)
            while index < len(tokens) and tokens[index].start < match.end:
                if tokens[index].end > match.start:
                    items[index][key] = 1.0
                index += 1

    def describe(self) -> dict[str, object]:
        return {
            "hide_patterns": [name for name, _ in HIDE_PATTERNS],
            "phi_patterns": "deidkit.patterns",
        }
