"""The closed word lists the surrogates need: each the union of the languages' lists
(``deidkit/lang/<code>/surrogates.py`` and ``dates.py``), so a Spanish title in an English
note still stays a title."""

from __future__ import annotations

from collections.abc import Callable

from deidkit.lang import languages
from deidkit.lang.base import DateWords, SurrogateWords


def _union(part: Callable[[SurrogateWords], frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*(part(language.surrogates) for language in languages()))


def _date_union(part: Callable[[DateWords], frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*(part(language.dates) for language in languages()))


TITLES = _union(lambda words: words.titles)
"""Titles and forms of address that stay in place."""

NAME_SUFFIXES = _union(lambda words: words.name_suffixes)
"""Name suffixes and degrees that stay in place."""

PARTICLES = _union(lambda words: words.particles)
"""Name and place particles that stay in place."""

KINSHIP = _union(lambda words: words.kinship)
"""Kinship words: a relative named by relation ("madre") is not a name."""

STREET_WORDS = _union(lambda words: words.street_words)
"""Street types, directions and unit words that stay in place."""

FACILITY_WORDS = _union(lambda words: words.facility_words)
"""Generic words of hospital, organisation and ward names that stay."""

WEEKDAYS = _date_union(lambda dates: dates.weekdays)
"""Weekday names and abbreviations."""

DATE_CONNECTORS = _date_union(lambda dates: dates.connectors)
"""Words that may sit inside a date ("14th of March", "14 de marzo")."""

FREE_MAIL = _union(lambda words: words.free_mail)
"""Large free mail providers: a domain that says nothing about the person."""

RELATION_WORDS = _union(lambda words: words.relation_words)
"""Function words that go with a kinship word ("su hija", "his wife") and are no name."""

ROLE_WORDS = _union(lambda words: words.role_words)
"""Role nouns a detector may take into a name span ("Patient John Smith"): kept, any case."""

RELATIVE_DAYS = _date_union(lambda dates: dates.relative_days)
"""Relative day words: a DATE made only of these (and weekdays) is kept."""
