"""English."""

from __future__ import annotations

from deidkit.lang.base import Language
from deidkit.lang.en.dates import DATES
from deidkit.lang.en.patterns import PATTERNS
from deidkit.lang.en.rules import RULES
from deidkit.lang.en.sections import SECTIONS
from deidkit.lang.en.surrogates import SURROGATES
from deidkit.lang.en.tokenizer import ABBREVIATIONS

LANGUAGE = Language(
    code="en",
    name="English",
    day_first=False,
    resource_prefix="",
    pos_tagger=True,
    link_grammar=True,
    abbreviations=ABBREVIATIONS,
    dates=DATES,
    sections=SECTIONS,
    surrogates=SURROGATES,
    patterns=PATTERNS,
    rules=RULES,
)
