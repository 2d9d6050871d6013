"""The dictionaries and cue lists of one language, built once from its
:class:`~deidkit.lang.rules.RuleLanguage` data (``get_language(code).rules``)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from deidkit import resources
from deidkit.lang import get_language, language_codes
from deidkit.lang.rules import FieldExtent, RuleLanguage
from deidkit.models.rules.phrases import Phrases
from deidkit.resources import store

_MAJOR_CITY = 100_000  # people: a one-word city this large is a place, even if also a name


@dataclass(slots=True)
class Lexicons:
    """The dictionaries and cue lists of one language."""

    names: frozenset[str]
    first_names: frozenset[str]
    common: frozenset[str]
    medical: frozenset[str]
    titles: dict[str, str]
    credentials: frozenset[str]
    name_cues: Phrases
    place_cues: Phrases
    hospital_words: Phrases
    places: Phrases
    hospitals: Phrases
    fields: Phrases
    major_places: frozenset[str]
    field_extent: dict[tuple[str, ...], FieldExtent]
    hospital_name_first: bool  # "Mercy Hospital" (en) or "Hospital La Paz" (es)
    hospital_cues: frozenset[str]
    street_types: Phrases  # before the name: "Calle", "C/", "Avda."
    street_suffixes: Phrases  # after the name: "Street", "Ave."
    address_units: Phrases
    not_names: frozenset[str]  # weekdays, months, nationalities: in the name lists, never names
    single_places: frozenset[str]
    state_codes: frozenset[str]
    wordlike_state_codes: frozenset[str]
    # the words of every language (see deidkit.lang.rules)
    eponym_heads: frozenset[str]
    link_words: frozenset[str]
    cue_fillers: frozenset[str]
    articles: frozenset[str]
    # staff, identifiers, organisations (deidkit.models.rules.staff, .identifiers, .orgs)
    clinical_abbreviations: frozenset[str] = frozenset()
    chart_values: frozenset[str] = frozenset()
    legend_headings: frozenset[str] = frozenset()
    initials_cues: Phrases = field(default_factory=Phrases)
    username_cues: Phrases = field(default_factory=Phrases)
    signature_words: frozenset[str] = frozenset()
    id_cues: Phrases = field(default_factory=Phrases)  # label, "!" appended if strong
    vehicle_cues: frozenset[str] = frozenset()
    organization_heads: Phrases = field(default_factory=Phrases)
    organization_cues: Phrases = field(default_factory=Phrases)
    age_cues: Phrases = field(default_factory=Phrases)
    eponyms: frozenset[str] = frozenset()
    handoff_cues: Phrases = field(default_factory=Phrases)
    not_after_handoff: frozenset[str] = frozenset()
    occupations: Phrases = field(default_factory=Phrases)  # job -> "free" or "cued"
    profession_cues: Phrases = field(default_factory=Phrases)
    profession_stops: frozenset[str] = frozenset()


@functools.cache
def lexicons(lang: str) -> Lexicons:
    """The dictionaries of ``lang`` (built once, without garbage collections scanning them)."""
    with store.collector_paused():
        return build_lexicons(get_language(lang).rules)


def _rows(names: Iterable[str]) -> list[tuple[str, ...]]:
    return [row for name in names for row in resources.rows(name)]


def _casefolded(rows: Iterable[tuple[str, ...]]) -> frozenset[str]:
    return frozenset(map(str.casefold, map(itemgetter(0), rows)))


def _kinds(pair: tuple[str, str] | None) -> list[str]:
    """The entries of ``pair``'s list whose third column is its kind."""
    if pair is None:
        return []
    name, kind = pair
    return [row[0] for row in resources.rows(name) if row[2] == kind]


def _shared(words: str) -> frozenset[str]:
    """The union of one word-set field over every language."""
    return frozenset().union(
        *(getattr(get_language(code).rules, words) for code in language_codes())
    )


def build_lexicons(data: RuleLanguage) -> Lexicons:
    """The dictionaries and cues described by ``data``."""
    first_names = _casefolded(_rows(data.first_names))
    names = first_names | _casefolded(_rows(data.last_names))
    titles = dict(data.extra_titles)
    titles.update((row[0].casefold().rstrip("."), row[2]) for row in _rows(data.titles))
    titles.pop("d", None)  # "1D." (a flat) is not "D." (Don)
    name_cues, place_cues, hospital_words = Phrases(), Phrases(), Phrases()
    for indicator, kind in _rows(data.name_indicators):
        if indicator.casefold() != "cc":  # "233 CC BILIOUS": cubic centimetres ("cc:" stays)
            name_cues.add(indicator, kind)
    for indicator, kind in _rows(data.location_indicators):
        if indicator not in data.too_general_place_cues:
            place_cues.add(indicator, kind)
    for indicator, kind in _rows(data.hospital_indicators):
        hospital_words.add(indicator, kind)
    for phrase, kind in data.extra_name_indicators:
        name_cues.add(phrase, kind)
    for phrase, kind in data.extra_location_indicators:
        place_cues.add(phrase, kind)
    places, hospitals = Phrases(), Phrases()
    towns: set[str] = set()
    for name in data.cities:
        towns |= places.add_all(map(itemgetter(0), resources.rows(name)), "CITY")
    regions = places.add_all(map(itemgetter(0), _rows(data.regions)), "STATE")
    hospitals.add_all(map(itemgetter(0), _rows(data.hospitals)), "HOSPITAL")
    major = {
        row[0].casefold()
        for row in (resources.rows(data.cities[0]) if data.cities else ())
        if " " not in row[0] and row[2].isdigit() and int(row[2]) >= _MAJOR_CITY
    }
    regions |= places.add_all(map(itemgetter(0), _rows(data.countries)), "COUNTRY")
    street_types, street_suffixes, address_units = Phrases(), Phrases(), Phrases()
    for row in _rows(data.street_types):
        street_types.add(row[0], "STREET")
    for row in _rows(data.street_suffixes):
        street_suffixes.add(row[0], "STREET")
    for row in _rows(data.address_units):
        address_units.add(row[0], "STREET")
    fields = Phrases()
    extents = {fields.add(phrase, extent[0]): extent for phrase, extent in data.fields.items()}
    common = _casefolded(_rows(data.common_words))
    id_cues = Phrases()
    for cue, (label, strong) in data.id_cues.items():
        id_cues.add(cue, label + ("!" if strong else ""))
    return Lexicons(
        names=names,
        first_names=first_names,
        common=common,
        medical=_casefolded(_rows(data.medical_words)),
        titles=titles,
        credentials=frozenset(
            word.casefold().replace(".", "") for word in _kinds(data.credentials)
        ),
        name_cues=name_cues,
        place_cues=place_cues,
        hospital_words=hospital_words,
        places=places,
        hospitals=hospitals,
        fields=fields,
        major_places=frozenset(major) - common,
        field_extent=extents,
        hospital_name_first=data.hospital_name_first,
        hospital_cues=data.hospital_cues,
        street_types=street_types,
        street_suffixes=street_suffixes,
        address_units=address_units,
        single_places=frozenset(regions | (towns & major)),
        not_names=frozenset(
            word for row in _rows(data.not_names) for word in row[0].casefold().split()
        ),
        state_codes=frozenset(_kinds(data.state_codes)),
        wordlike_state_codes=data.wordlike_state_codes,
        eponym_heads=_shared("eponym_heads"),
        link_words=_shared("link_words"),
        cue_fillers=_shared("cue_fillers"),
        articles=_shared("articles"),
        clinical_abbreviations=data.clinical_abbreviations,
        chart_values=data.chart_values,
        legend_headings=data.legend_headings,
        initials_cues=_phrases(data.initials_cues, "DOCTOR"),
        username_cues=_phrases(data.username_cues, "USERNAME"),
        signature_words=data.signature_words,
        id_cues=id_cues,
        vehicle_cues=data.vehicle_cues,
        organization_heads=_labelled(data.organization_heads),
        organization_cues=_labelled(data.organization_cues),
        age_cues=_phrases(data.age_cues, "AGE"),
        eponyms=data.eponyms,
        handoff_cues=_phrases(data.handoff_cues, "DOCTOR"),
        not_after_handoff=data.not_after_handoff,
        occupations=_labelled(data.occupations),
        profession_cues=_phrases(data.profession_cues, "PROFESSION"),
        profession_stops=data.profession_stops,
    )


def _phrases(phrases: Iterable[str], label: str) -> Phrases:
    found = Phrases()
    found.add_all(phrases, label)
    return found


def _labelled(phrases: Mapping[str, str]) -> Phrases:
    found = Phrases()
    for phrase, label in phrases.items():
        found.add(phrase, label)
    return found
