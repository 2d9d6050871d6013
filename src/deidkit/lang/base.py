"""The :class:`Language` type: what the rest of deidkit may ask about a language.

Fields hold plain data (tuples, frozensets, mappings) so a language folder is data, not code.
Subsystems whose data is large keep their own typed record in the language folder
(``deidkit/lang/<code>/<part>.py``) and reach it through a field of this class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from deidkit.lang.patterns import PatternLanguage
from deidkit.lang.rules import RuleLanguage


@dataclass(frozen=True, slots=True)
class DateWords:
    """How a language writes dates (``deidkit/lang/<code>/dates.py``).

    Words are casefolded except ``months``, ``month_abbreviations`` and ``holidays``, which
    are written as a surrogate date writes them.
    """

    months: tuple[str, ...]  # the twelve month names
    month_abbreviations: tuple[str, ...]  # the twelve usual abbreviations
    other_month_names: Mapping[str, int]  # further spellings -> month ("sept": 9)
    seasons: tuple[str, ...]  # winter, spring, summer, autumn
    season_aliases: Mapping[str, int]  # further spellings -> index in ``seasons``
    holidays: tuple[str, ...]  # longest form first where one holds another
    weekdays: frozenset[str]  # weekday names and abbreviations
    relative_days: frozenset[str]  # "yesterday", "tonight": a date made of these is kept
    connectors: frozenset[str]  # words that may sit inside a date ("14th of March")
    range_words: tuple[str, ...]  # words joining two dates ("to", "hasta")
    ordinal_suffixes: tuple[str, ...]  # written after a day number ("th", "º"), casefolded
    ordinal: Callable[[int], str] | None  # a day's suffix where it depends on the day ("1st")
    zero_padded: bool  # numeric dates pad day and month ("04/03/2012")


@dataclass(frozen=True, slots=True)
class SectionWords:
    """Section-heading vocabulary (``deidkit/lang/<code>/sections.py``), casefolded."""

    small_words: frozenset[str]  # may stay lower case in a title-case heading ("of")
    heading_words: frozenset[str]  # make an all-capitals line a heading ("medications")
    synonyms: Mapping[str, str]  # normalised heading -> canonical section name ("hpi")


@dataclass(frozen=True, slots=True)
class PoolSources:
    """Where surrogate values of a language come from (``deidkit/lang/<code>/surrogates.py``).

    List names are base names of ``deidkit.resources`` (``resource_prefix`` is added); Faker
    locales name the Faker data tables used when a list is not shipped.
    """

    faker_locale: str  # person, address, company and job tables ("en_US")
    faker_world_locale: str  # the address table with the world's countries ("en")
    city_lists: tuple[str, ...]  # the first one shipped is used
    city_fallback: Literal["towns", "states"]  # made-up towns, or the states, if none is
    state_list: str
    region_list: str | None  # regions above the states (Spanish autonomous communities)
    country_list: str
    hospital_lists: tuple[str, ...]  # real hospitals: a made-up name equal to one is redrawn
    street_name_list: str | None  # street words; None: surnames are used
    faker_street_types: Literal["street_suffixes", "street_prefixes"]
    state_abbreviations: bool  # two-letter states ("MA") get two-letter surrogates


@dataclass(frozen=True, slots=True)
class SurrogateWords:
    """Words and conventions of surrogates (``deidkit/lang/<code>/surrogates.py``).

    The word sets are casefolded; the surrogate modules use their union over all languages
    (a Spanish title in an English note stays a title).
    """

    titles: frozenset[str]  # titles and forms of address that stay ("dr", "sra")
    name_suffixes: frozenset[str]  # suffixes and degrees that stay ("jr", "md")
    particles: frozenset[str]  # name and place particles that stay ("de", "van")
    kinship: frozenset[str]  # a relative named by relation ("madre") is not a name
    relation_words: frozenset[str]  # function words going with kinship ("his", "su")
    role_words: frozenset[str]  # role nouns a name span may hold ("patient")
    street_words: frozenset[str]  # street types, directions and unit words that stay
    facility_words: frozenset[str]  # generic words of hospital and organisation names
    title_small_words: frozenset[str]  # lower case inside a title-case name ("of", "de")
    free_mail: frozenset[str]  # free mail domains that say nothing about the person
    sex_words: tuple[tuple[str, str], ...]  # (male, female) pairs, as written
    number_words: Mapping[str, int]  # casefolded number words -> value ("ninety": 90)
    number_joiners: tuple[str, ...]  # words between number words ("one hundred and two")
    spell_number: Callable[[int], str]  # 0..199 in words
    non_year_units: tuple[str, ...]  # regexes of age units that are not years ("months?")
    samples: Mapping[str, str]  # every label -> an example value as the language writes it
    first_name_endings: Mapping[str, str]  # last letter -> "m"/"f" for a name of both lists
    phone_keeps_first_digit: bool  # the first digit says landline or mobile (Spain)
    postal_prefixes: int  # five-digit postal codes start with 01..N (0: no such rule)
    pools: PoolSources


@dataclass(frozen=True, slots=True)
class Language:
    """One supported language.

    ``code`` is the ISO 639-1 code used on the command line (``--lang``); ``name`` its English
    name; ``day_first`` says whether ``3/4`` reads as 3 April (True) or 4 March (False);
    ``resource_prefix`` starts the names of its ``deidkit.resources`` lists (``"es_"``);
    ``pos_tagger`` and ``link_grammar`` say whether the offline part-of-speech tagger (and
    lemmatiser) and the Link Grammar dictionary exist for it; ``abbreviations`` are the
    lower-case words the tokenizer keeps with their dot (``Dr.``).
    """

    code: str
    name: str
    day_first: bool
    resource_prefix: str
    pos_tagger: bool
    link_grammar: bool
    abbreviations: frozenset[str]
    dates: DateWords
    sections: SectionWords
    surrogates: SurrogateWords
    patterns: PatternLanguage  # the PHI patterns' data (deidkit/lang/<code>/patterns.py)
    rules: RuleLanguage  # the rules detector's data (deidkit/lang/<code>/rules.py)
