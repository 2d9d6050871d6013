"""Rule ``registered_names`` (``PATIENT``): the names a hospital registers someone under
before their own is known, written as "LAST, FIRST" is.

- a newborn's family name before a comma and "BOY" or "GIRL" (after "BABY" if written) and a
  multiple birth's letter or number if any ("[NWACHUKWU-BELL], BOY A", "[Okafor], Baby Girl
  2"): the family name alone is PHI (docs/annotation-guideline.md);
- an unidentified patient's alias, in capitals ("TRAUMA, HERON", "UNKNOWN, ZULU",
  "DISASTER, TANGO W").

The family name is no common, medical or clinical word ("Term, baby girl" is no one).
English words (``REGISTRATION_LANGS``).
"""

from __future__ import annotations

from deidkit.models.rules.base import Scan, SpanRule
from deidkit.patterns.spec import Expression
from deidkit.types import Span

REGISTRATION_LANGS = frozenset({"en"})
"""The languages whose registration words this rule reads."""

NEWBORN = Expression(
    r"(?<![\p{L}'’-])(?P<family>\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)*),[ \t]*"
    r"(?i:(?:baby[ \t]+)?(?:boy|girl)(?:[ \t]+(?:[a-d]|[1-4]))?)(?![\p{L}\d'’-])"
)
"""A newborn registered under the family name: "NWACHUKWU-BELL, BOY A" (the span is the
``family`` group)."""
ALIAS = Expression(
    r"(?<![\p{L}'’-])(?:TRAUMA|UNKNOWN|UNIDENTIFIED|DISASTER),[ \t]*\p{Lu}{3,}"
    r"(?:[ \t]\p{Lu}(?![\p{L}\d'’-]))?(?![\p{L}\d'’-])"
)
"""An unidentified patient's alias, with an initial if written: "TRAUMA, HERON"."""
_ALIAS_WORDS = ("trauma", "unknown", "unidentified", "disaster")


def registered_name_spans(scan: Scan) -> list[Span]:
    """Newborns' and unidentified patients' registered names."""
    note, lex = scan.note, scan.lex
    if scan.lang not in REGISTRATION_LANGS or "," not in note.text:
        return []
    words = note.positions
    spans: list[Span] = []
    if "boy" in words or "girl" in words:
        for found in NEWBORN.compiled.finditer(note.text):
            family = found.group("family").casefold()
            if family in lex.common or family in lex.medical or (
                family in lex.clinical_abbreviations
            ):
                continue
            spans.append(Span(found.start("family"), found.end("family"), "PATIENT",
                              source="rules"))
    if any(word in words for word in _ALIAS_WORDS):
        spans.extend(
            Span(found.start(), found.end(), "PATIENT", source="rules")
            for found in ALIAS.compiled.finditer(note.text)
        )
    return spans


REGISTERED_NAMES = SpanRule(
    "registered_names", priority=3, find=registered_name_spans, switch="names"
)
