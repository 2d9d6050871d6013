"""Which ages are PHI: every age (i2b2 2014, ``all``) or HIPAA Safe Harbor's ages over 89
(``over-89``).

i2b2 2014 annotates every age; Safe Harbor only asks to remove ages over 89, and ages are
valuable to research. Under ``over-89`` an AGE span whose value is under 90 years is not PHI:
it is dropped from detection output and, in evaluation, from gold and predictions alike. An
age in months, weeks or days is under 90 years; an age whose number cannot be read is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from deidkit.errors import ConfigError
from deidkit.lang import languages
from deidkit.text.ages import age_value
from deidkit.types import Document, Span

AgeRule = Literal["all", "over-89"]
AGE_RULES: tuple[str, ...] = ("all", "over-89")
SAFE_HARBOR_AGE = 90
"""The youngest age Safe Harbor counts as PHI."""
_NON_YEARS = re.compile(
    r"\b(?:"
    + "|".join(unit for lang in languages() for unit in lang.surrogates.non_year_units)
    + r")\b",
    re.IGNORECASE,
)


def check_age_rule(rule: str, *, option: str = "--ages") -> AgeRule:
    """``rule`` if it is one of ``AGE_RULES``; else a ConfigError."""
    if rule not in AGE_RULES:
        raise ConfigError(f"{option} {rule!r}: use one of {', '.join(AGE_RULES)}")
    return rule  # type: ignore[return-value]


def is_phi_age(text: str) -> bool:
    """Whether an age's text is PHI under Safe Harbor: 90 or over, or unreadable."""
    if _NON_YEARS.search(text):
        return False
    found = age_value(text)
    return found is None or found[0] >= SAFE_HARBOR_AGE


def age_rule_spans(text: str, spans: Iterable[Span], rule: str) -> list[Span]:
    """``spans`` under ``rule``: all of them, or without the AGE spans under 90."""
    if check_age_rule(rule) == "all":
        return list(spans)
    return [
        span for span in spans
        if span.label != "AGE" or is_phi_age(text[span.start : span.end])
    ]


def apply_age_rule(documents: Sequence[Document], rule: str) -> list[Document]:
    """The documents with their spans under ``rule`` (the same objects under ``all``)."""
    if check_age_rule(rule) == "all":
        return list(documents)
    result = []
    for document in documents:
        kept = age_rule_spans(document.text, document.spans, rule)
        result.append(document if len(kept) == len(document.spans) else document.with_spans(kept))
    return result
