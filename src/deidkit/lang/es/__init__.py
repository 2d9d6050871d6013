"""Spanish."""

from __future__ import annotations

from deidkit.lang.base import Language
from deidkit.lang.es.dates import DATES
from deidkit.lang.es.patterns import PATTERNS
from deidkit.lang.es.rules import RULES
from deidkit.lang.es.sections import SECTIONS
from deidkit.lang.es.surrogates import SURROGATES
from deidkit.lang.es.tokenizer import ABBREVIATIONS

LANGUAGE = Language(
    code="es",
    name="Spanish",
    day_first=True,
    resource_prefix="es_",
    pos_tagger=False,
    link_grammar=False,
    abbreviations=ABBREVIATIONS,
    dates=DATES,
    sections=SECTIONS,
    surrogates=SURROGATES,
    patterns=PATTERNS,
    rules=RULES,
)
