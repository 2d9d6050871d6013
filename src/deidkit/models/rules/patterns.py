"""Rule ``patterns``: the PHI regular expressions of ``deidkit.patterns`` (dates, phones,
IDs, ...), with ages and clock times as the detector's options say."""

from __future__ import annotations

from deidkit.labels import Category, category_of
from deidkit.models.rules.base import Scan, SpanRule
from deidkit.models.rules.note import SOURCE
from deidkit.patterns import find_patterns
from deidkit.patterns.spec import Expression
from deidkit.types import Span

AGE_PATTERNS = frozenset({"age", "age_es"})  # kept unless ages="over_89"
TIME_PATTERNS = frozenset({"time", "time_military"})  # kept only with times=True
# "MRN is 1234567": a word between the cue and the value is no part of the identifier
_LEADING_WORD = Expression(r"(?i)(?:is|was|of|on|at|now|number|num)[ \t]+(?=\S*\d)")


def pattern_spans(scan: Scan) -> list[Span]:
    """The pattern matches of the note, minus ages and times when not asked for; an
    identifier starts at its value ("MRN is 1234567")."""
    all_ages = scan.ages in ("all", "auto")
    spans = []
    for match in find_patterns(scan.note.text, scan.lang):
        if match.name in AGE_PATTERNS and not all_ages:
            continue
        if match.name in TIME_PATTERNS and not scan.times:
            continue
        start = match.start
        if category_of(match.label) is Category.ID:
            word = _LEADING_WORD.compiled.match(scan.note.text, start, match.end)
            start = start if word is None else word.end()
        spans.append(Span(start, match.end, match.label, source=SOURCE))
    return spans


RULE = SpanRule("patterns", priority=0, find=pattern_spans)
