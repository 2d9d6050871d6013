"""Where surrogate values come from: the shipped public lists, and Faker's data for the rest.

Names, cities, states, countries and the real hospital list come from ``deidkit.resources``
(public-domain or permissively licensed lists with provenance notes). Street suffixes,
company suffixes, professions, Spanish provinces and countries come from the data tables of
Faker (MIT), read directly (never Faker's global random state). Pools are built once per
language and cached.

Building them costs a process ~0.6 CPU s (importing Faker alone ~0.45: its package scans
every provider and locale), so they are prepared with the other tables
(``python -m deidkit.features.prepare``, ``deidkit.resources.prepared``): stored as JSON in
a byte array, named by a fingerprint of the lists and Faker data files they are drawn from
and of the code that draws them; loaded in a few milliseconds when it matches, else built.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deidkit import resources
from deidkit.errors import ResourceError
from deidkit.lang import Language, get_language
from deidkit.redact.surrogates import case
from deidkit.redact.surrogates.case import fold as cached_fold
from deidkit.resources import store
from deidkit.resources.catalogue import CATALOGUE_FILE

if TYPE_CHECKING:
    import numpy as np

# ``fold`` without its cache: each of the ~100,000 list entries is folded once here, and
# caching them would only push the values of the notes out of the cache
fold = cached_fold.__wrapped__


def _resource_entries(lang: str, *bases: str) -> tuple[str, ...]:
    """Entries of the first of ``bases`` shipped for ``lang`` (empty when none is), without
    the ASCII-folded duplicates some lists carry (``form`` column)."""
    for base in bases:
        try:
            name = resources.for_language(base, lang)
            columns = resources.columns(name)
            if "form" not in columns:
                return resources.entries(name)
            form = columns.index("form")
            return tuple(row[0] for row in resources.rows(name) if row[form] != "ascii")
        except (ResourceError, KeyError):
            continue
    return ()


def _clean(values: Iterable[str], *, min_length: int = 2) -> tuple[str, ...]:
    """Distinct values (ignoring case and accents) without digits, first spelling kept."""
    seen: set[str] = set()
    out = []
    for value in values:
        value = value.strip()
        key = fold(value)
        digits = not value.isalpha() and any(map(str.isdigit, value))  # letters are no digits
        if len(value) >= min_length and key not in seen and not digits:
            seen.add(key)
            out.append(value)
    return tuple(out)


def _title(value: str) -> str:
    """``JOHN`` -> ``John``, ``o'brien`` -> ``O'Brien``, ``mary-jo`` -> ``Mary-Jo``."""
    if not (value.isupper() or value.islower()):
        return value
    out = []
    upper_next = True
    for char in value.lower():
        out.append(char.upper() if upper_next else char)
        upper_next = not char.isalpha()
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Pools:
    """The values surrogates are drawn from, for one language."""

    lang: str
    first_male: tuple[str, ...]
    first_female: tuple[str, ...]
    last: tuple[str, ...]
    male: frozenset[str]
    female: frozenset[str]
    surnames: frozenset[str]
    first_weight: dict[str, tuple[float, float]]  # folded first name -> (male %, female %)
    last_weight: dict[str, float]  # folded surname that is also a first name -> % of people
    cities: tuple[str, ...]
    states: tuple[str, ...]
    regions: tuple[str, ...]
    state_abbr: tuple[str, ...]
    countries: tuple[str, ...]
    street_types: tuple[str, ...]
    street_words: tuple[str, ...]
    professions: tuple[str, ...]
    company_suffixes: tuple[str, ...]
    real_hospitals: frozenset[str]
    domains: tuple[str, ...]
    first_any: tuple[str, ...] = field(init=False)  # first names of either gender
    place_words: tuple[str, ...] = field(init=False)  # proper words of made-up facilities

    def __post_init__(self) -> None:
        # joined once here rather than on every draw (the pools are tens of thousands long)
        object.__setattr__(self, "first_any", self.first_male + self.first_female)
        object.__setattr__(self, "place_words", self.last + self.cities)


@functools.cache
def pools(lang: str) -> Pools:
    """The surrogate pools of a language (what ``deidkit/lang/<code>/surrogates.py`` names)."""
    return prepared_pools(lang)


def prepared_pools(lang: str) -> Pools:
    """The pools of ``lang`` as prepared (``python -m deidkit.features.prepare``) when their
    fingerprint matches, else built; equal either way (not cached: see ``pools``)."""
    from deidkit.resources import prepared  # lazy: prepared imports numpy

    language = get_language(lang)
    with store.collector_paused():  # ~100,000 long-lived values: nothing to collect
        sources = _source_files(language)
        if sources is None:  # a list from an optional bundle, or no Faker data files
            return _build(language)
        key = prepared.fingerprint(
            "pools",
            sources,
            [Path(__file__), Path(case.__file__), Path(store.__file__)],
            extra=f"{unicodedata.unidata_version}\0{lang}\0{language.surrogates.pools!r}",
        )
        return prepared.load_or_build(
            "pools", key, lambda: _build(language), pools_arrays, pools_from_arrays
        )


def _source_files(language: Language) -> list[Path] | None:
    """The files the pools are drawn from: the catalogue, the language's lists that
    ``_build`` reads, and the Faker data modules (None when one cannot be hashed)."""
    sources = language.surrogates.pools
    bases = [
        "first_names_male", "first_names_female", "last_names", "surnames",
        sources.state_list, *sources.city_lists, sources.country_list,
        *sources.hospital_lists,
        *(base for base in (sources.region_list, sources.street_name_list) if base),
    ]
    files = [CATALOGUE_FILE]
    for base in bases:
        try:
            name = resources.for_language(base, language.code)
        except ResourceError:
            continue  # not shipped: the catalogue says so
        path = resources.source_file(name)
        if path is None:
            return None
        files.append(path)
    spec = importlib.util.find_spec("faker")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    faker = Path(next(iter(spec.submodule_search_locations)))
    files.append(faker / "__init__.py")  # its version
    for kind in ("address", "person", "job", "company"):
        locales = {sources.faker_locale, sources.faker_locale.split("_")[0]}
        if kind == "address":
            locales |= {sources.faker_world_locale}
        folder = faker / "providers" / kind
        for module in [folder / "__init__.py", *(folder / name / "__init__.py" for name in
                                                 sorted(locales))]:
            if module.is_file():
                files.append(module)
    return files


_SETS = frozenset({"male", "female", "surnames", "real_hospitals"})
"""The fields of ``Pools`` that are sets (stored sorted)."""


def pools_arrays(found: Pools) -> dict[str, np.ndarray]:
    """The arrays that store ``found`` (``pools_from_arrays`` of them equals it): its
    fields as UTF-8 JSON (sets sorted; floats written exactly)."""
    import numpy as np  # lazy: only to prepare or load stored tables

    data: dict[str, Any] = {}
    for item in fields(Pools):
        if item.init:
            value = getattr(found, item.name)
            data[item.name] = sorted(value) if item.name in _SETS else value
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return {"pools": np.frombuffer(text.encode("utf-8", "surrogatepass"), np.uint8)}


def pools_from_arrays(arrays: Mapping[str, np.ndarray]) -> Pools:
    """The pools stored by ``pools_arrays`` (KeyError or ValueError if damaged)."""
    data = json.loads(arrays["pools"].tobytes().decode("utf-8", "surrogatepass"))
    if not isinstance(data, dict):
        raise ValueError("stored pools are not a JSON object")
    values: dict[str, Any] = {}
    for item in fields(Pools):
        if not item.init:
            continue
        value = data[item.name]
        if item.name == "lang":
            values[item.name] = str(value)
        elif item.name in _SETS:
            values[item.name] = frozenset(value)
        elif item.name == "first_weight":
            values[item.name] = {name: (pair[0], pair[1]) for name, pair in value.items()}
        elif item.name == "last_weight":
            values[item.name] = dict(value)
        else:
            values[item.name] = tuple(value)
    return Pools(**values)


def _faker(kind: str, locale: str) -> Any:
    """The data table (``Provider`` class) of one Faker provider in one locale."""
    return importlib.import_module(f"faker.providers.{kind}.{locale}").Provider


def _faker_person(locale: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    provider = _faker("person", locale)
    return (
        _clean(provider.first_names_male),
        _clean(provider.first_names_female),
        _clean(provider.last_names),
    )


def _names(lang: str, locale: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    male = _resource_entries(lang, "first_names_male")
    female = _resource_entries(lang, "first_names_female")
    last = _resource_entries(lang, "last_names", "surnames")
    if not (male and female and last):
        fmale, ffemale, flast = _faker_person(locale)
        male, female, last = male or fmale, female or ffemale, last or flast

    def single(values: Iterable[str]) -> tuple[str, ...]:
        return tuple(_title(n) for n in _clean(values) if " " not in n)

    return single(male[:5000]), single(female[:5000]), single(last[:20000])


def _weights(lang: str) -> tuple[dict[str, tuple[float, float]], dict[str, float]]:
    """How common each first name is per gender (when the lists say), and each surname that
    is also a first name: the only surnames whose weight is asked (``names`` compares the two
    weights of a word that can be either)."""
    first: dict[str, tuple[float, float]] = {}
    last: dict[str, float] = {}
    try:
        for index, base in enumerate(("first_names_male", "first_names_female")):
            for name, weight in resources.weighted(resources.for_language(base, lang)):
                key = fold(name)
                male, female = first.get(key, (0.0, 0.0))
                if index == 0:
                    first[key] = (max(male, weight), female)
                else:
                    first[key] = (male, max(female, weight))
        surnames = resources.for_language("last_names", lang)
        column = resources.columns(surnames).index("weight")
        for row in resources.rows(surnames):
            key = fold(row[0])
            if key in first and key not in last:  # a name's first row, as ``weighted`` keeps
                last[key] = float(row[column])
    except (ResourceError, KeyError, ValueError):
        return {}, {}
    return first, last


def _build(language: Language) -> Pools:
    code, sources = language.code, language.surrogates.pools
    address = _faker("address", sources.faker_locale)
    world = _faker("address", sources.faker_world_locale)
    male, female, last = _names(code, sources.faker_locale)
    first_weight, last_weight = _weights(code)
    listed_states = _states(code, sources.state_list) or tuple(address.states)
    regions = (
        (_resource_entries(code, sources.region_list) or tuple(address.regions))
        if sources.region_list
        else ()
    )
    cities = _resource_entries(code, *sources.city_lists)
    streets = (
        tuple(
            name
            for name in _resource_entries(code, sources.street_name_list)
            if " " not in name and name.casefold() not in ("hospital", "medical", "clinic")
        )
        if sources.street_name_list
        else ()
    )
    countries = _resource_entries(code, sources.country_list) or tuple(world.countries)
    hospitals = _resource_entries(code, *sources.hospital_lists)
    return Pools(
        lang=code,
        first_male=male,
        first_female=female,
        last=last,
        male=frozenset(fold(n) for n in male),
        female=frozenset(fold(n) for n in female),
        surnames=frozenset(fold(n) for n in last),
        first_weight=first_weight,
        last_weight=last_weight,
        cities=_clean(cities[:3000])
        or (_fallback_cities(last) if sources.city_fallback == "towns" else _clean(listed_states)),
        states=_clean(s for s in listed_states if len(s) > 2 and "/" not in s),
        regions=_clean(r for r in regions if "/" not in r),
        state_abbr=tuple(address.states_abbr) if sources.state_abbreviations else (),
        countries=_clean(countries),
        street_types=tuple(getattr(address, sources.faker_street_types)),
        street_words=_clean(streets[:1500]) or last[:3000],
        professions=_professions(_faker("job", sources.faker_locale).jobs),
        company_suffixes=tuple(_faker("company", sources.faker_locale).company_suffixes),
        real_hospitals=frozenset(fold(h) for h in hospitals),
        domains=_domains(last),
    )


def _states(lang: str, base: str) -> tuple[str, ...]:
    """The states (provinces) from the shipped list; a list with a ``kind`` column gives only
    its states and district (the 50 US states and DC, not the territories)."""
    try:
        name = resources.for_language(base, lang)
        kinds = resources.columns(name)
        table = resources.rows(name)
    except (ResourceError, KeyError):
        return ()
    if "kind" not in kinds:
        return _resource_entries(lang, base)
    index = kinds.index("kind")
    return tuple(row[0] for row in table if row[index] in ("state", "district"))


def _fallback_cities(last: tuple[str, ...]) -> tuple[str, ...]:
    """Town-like names (``Harperville``) when no city list is shipped."""
    endings = ("ville", "ton", "field", "burg", "wood", "port", " Falls", " Springs")
    return tuple(f"{name}{endings[i % len(endings)]}" for i, name in enumerate(last[:400]))


def _domains(last: tuple[str, ...]) -> tuple[str, ...]:
    """Site names for fake e-mail domains and URLs (``harpermed``, ``lopezclinic``)."""
    endings = ("med", "health", "clinic", "care", "mail", "net", "group", "online")
    ascii_names = [n.lower() for n in last[:600] if n.isascii() and n.isalpha()]
    return tuple(f"{name}{endings[i % len(endings)]}" for i, name in enumerate(ascii_names))


def _professions(jobs: Iterable[str]) -> tuple[str, ...]:
    """Short, plain job titles ("Electrician", "Enfermera"): no qualifiers after commas."""
    return tuple(job for job in _clean(jobs) if "," not in job and len(job.split()) <= 3
                 and "(" not in job and "/" not in job)  # fmt: skip
