"""Place surrogates of the same kind: a city for a city, a street for a street, and so on.

Cities, states and countries are drawn from the shipped lists. A street keeps its build: the
house number becomes another number of the same length and the street's own words become
surname-like words, while street types, directions and unit words stay (``221B Baker Street,
Apt 4`` -> ``735K Holloway Street, Apt 9``; ``C/ Irunlarrea, 3`` -> ``C/ Montoya, 7``).
Hospitals, organisations and departments are treated the same way: their generic words stay
("General Hospital", "Hospital Universitario") and their proper words are replaced, giving
fictitious names; a name that happens to be a real hospital in the shipped list is redrawn.
ZIP codes keep their shape (a Spanish postal code keeps a valid province prefix).
"""

from __future__ import annotations

import functools
import random
import re

from deidkit import resources
from deidkit.lang import get_language
from deidkit.redact.surrogates.case import Case, case_of, fold, match_case
from deidkit.redact.surrogates.ids import shape_like
from deidkit.redact.surrogates.pools import Pools, pools
from deidkit.redact.surrogates.vocab import FACILITY_WORDS, STREET_WORDS

_US_ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")
US_ZIP_PREFIXES: dict[str, tuple[tuple[int, int], ...]] = {
    # the first three digits of each state's ZIP codes (USPS), so that a surrogate address
    # is coherent: a city of the surrogate state and a ZIP code of that state
    "AL": ((350, 369),), "AK": ((995, 999),), "AZ": ((850, 865),), "AR": ((716, 729),),
    "CA": ((900, 961),), "CO": ((800, 816),), "CT": ((60, 69),), "DE": ((197, 199),),
    "DC": ((200, 205),), "FL": ((320, 349),), "GA": ((300, 319),), "HI": ((967, 968),),
    "ID": ((832, 838),), "IL": ((600, 629),), "IN": ((460, 479),), "IA": ((500, 528),),
    "KS": ((660, 679),), "KY": ((400, 427),), "LA": ((700, 714),), "ME": ((39, 49),),
    "MD": ((206, 219),), "MA": ((10, 27),), "MI": ((480, 499),), "MN": ((550, 567),),
    "MS": ((386, 397),), "MO": ((630, 658),), "MT": ((590, 599),), "NE": ((680, 693),),
    "NV": ((889, 898),), "NH": ((30, 38),), "NJ": ((70, 89),), "NM": ((870, 884),),
    "NY": ((100, 149),), "NC": ((270, 289),), "ND": ((580, 588),), "OH": ((430, 458),),
    "OK": ((730, 749),), "OR": ((970, 979),), "PA": ((150, 196),), "RI": ((28, 29),),
    "SC": ((290, 299),), "SD": ((570, 577),), "TN": ((370, 385),), "TX": ((750, 799),),
    "UT": ((840, 847),), "VT": ((50, 59),), "VA": ((220, 246),), "WA": ((980, 994),),
    "WV": ((247, 268),), "WI": ((530, 549),), "WY": ((820, 831),),
}
_FIVE_DIGITS = re.compile(r"^\d{5}$")
_WORD = re.compile(r"[^\W\d_]+(?:['’.][^\W\d_]+)*\.?|\d+[^\W\d_]?|\s+|.")
_REBUILT = {
    "STREET": STREET_WORDS,
    "HOSPITAL": FACILITY_WORDS,
    "ORGANIZATION": FACILITY_WORDS,
    "DEPARTMENT": FACILITY_WORDS,
}
"""The labels whose surrogates ``_rebuild`` makes, with the words it keeps."""


class PlaceSurrogates:
    """Surrogates for places of every kind, drawing from ``pools``."""

    def __init__(self, pools: Pools) -> None:
        self.pools = pools
        # a postal code that starts with its province (Spain: 01-52) keeps a valid one
        self._postal_prefixes = get_language(pools.lang).surrogates.postal_prefixes
        self._region_cities: dict[str, tuple[str, ...]] = {}

    def region(self, rng: random.Random, forbidden: set[str]) -> str | None:
        """A surrogate US state (its abbreviation) for a patient's addresses, none of the
        patient's own (``forbidden``); None outside the US lists."""
        if not self.pools.state_abbr:
            return None
        states = sorted(US_ZIP_PREFIXES)
        rng.shuffle(states)
        for abbr in states:
            if fold(abbr) not in forbidden and fold(us_state_name(abbr)) not in forbidden:
                return abbr
        return None

    def city(
        self, original: str, rng: random.Random, forbidden: set[str], region: str | None = None
    ) -> str:
        pool = self._cities_of(region) if region else ()
        return self._pick(original, pool or self.pools.cities, rng, forbidden)

    def _cities_of(self, region: str) -> tuple[str, ...]:
        """The state's cities of the usual pool (its small towns if it has none), found once
        per state."""
        cities = self._region_cities.get(region)
        if cities is None:
            known = _keys(self.pools.cities)
            cities = tuple(c for c in cities_of(region) if fold(c) in known) or cities_of(region)
            self._region_cities[region] = cities
        return cities

    def state(
        self, original: str, rng: random.Random, forbidden: set[str], region: str | None = None
    ) -> str:
        stripped = original.strip().rstrip(".")
        if region and us_state_name(region):
            abbreviated = len(stripped) == 2 and stripped.isalpha()
            return self._pick(
                original, (region if abbreviated else us_state_name(region),), rng, forbidden
            )
        if self.pools.state_abbr and len(stripped) == 2 and stripped.isalpha():
            return self._pick(original, self.pools.state_abbr, rng, forbidden)
        return self._pick(original, self.pools.states, rng, forbidden)

    def country(self, original: str, rng: random.Random, forbidden: set[str]) -> str:
        return self._pick(original, self.pools.countries, rng, forbidden)

    def profession(self, original: str, rng: random.Random, forbidden: set[str]) -> str:
        new = self._pick(original, self.pools.professions, rng, forbidden)
        return (
            new
            if case_of(original) is Case.UPPER
            else (new[:1].lower() + new[1:] if original[:1].islower() else new)
        )

    def zip_code(self, original: str, rng: random.Random, region: str | None = None) -> str:
        stripped = original.strip()
        for _ in range(100):
            if region in US_ZIP_PREFIXES and _US_ZIP.match(stripped):
                low, high = rng.choice(US_ZIP_PREFIXES[region])
                new = f"{rng.randint(low, high):03d}{rng.randint(1, 99):02d}" + (
                    f"-{rng.randint(1, 9999):04d}" if "-" in stripped else ""
                )
            elif self._postal_prefixes and _FIVE_DIGITS.match(stripped):
                new = f"{rng.randint(1, self._postal_prefixes):02d}{rng.randint(0, 999):03d}"
            elif _US_ZIP.match(stripped):
                new = f"{rng.randint(1001, 99950):05d}" + (
                    f"-{rng.randint(1, 9999):04d}" if "-" in stripped else ""
                )
            else:
                new = shape_like(stripped, rng)
            if new != stripped:
                return original.replace(stripped, new)
        return original.replace(stripped, new)

    def location_other(self, original: str, rng: random.Random, forbidden: set[str]) -> str:
        """A place of unknown kind (MEDDOCAN TERRITORIO mixes postal codes, provinces and
        cities): a postal code for digits, a state for a state, a city otherwise."""
        stripped = original.strip()
        if stripped.isdigit() or _US_ZIP.match(stripped):
            return self.zip_code(original, rng)
        key = fold(stripped)
        if key in _keys(self.pools.states):
            return self.state(original, rng, forbidden)
        if key in _keys(self.pools.regions):
            return self._pick(original, self.pools.regions, rng, forbidden)
        if key in _keys(self.pools.countries):
            return self.country(original, rng, forbidden)
        if any(char.isdigit() for char in stripped) or len(stripped.split()) > 3:
            return self.street(original, rng, forbidden)
        return self.city(original, rng, forbidden)

    def street(self, original: str, rng: random.Random, forbidden: set[str]) -> str:
        return self._rebuild(original, STREET_WORDS, rng, forbidden, self.pools.street_words)

    def facility(self, original: str, kind: str, rng: random.Random, forbidden: set[str]) -> str:
        """A hospital, organisation or department: generic words kept, proper ones replaced."""
        words = self.pools.place_words
        for _ in range(20):
            new = self._rebuild(original, FACILITY_WORDS, rng, forbidden, words)
            if kind != "hospital" or fold(new) not in self.pools.real_hospitals:
                return new
        return new

    def _rebuild(
        self,
        original: str,
        keep: frozenset[str],
        rng: random.Random,
        forbidden: set[str],
        words: tuple[str, ...],
    ) -> str:
        pieces = _WORD.findall(original)
        replaceable = [i for i, p in enumerate(pieces) if p[:1].isalpha() and not _generic(p, keep)]
        out = list(pieces)
        for index in replaceable:
            piece = pieces[index]
            for _ in range(50):
                new = rng.choice(words)
                if fold(new) != fold(piece) and fold(new) not in forbidden:
                    break
            out[index] = match_case(piece, new) if case_of(piece) is not Case.OTHER else new
        for index, piece in enumerate(pieces):
            if piece[:1].isdigit():
                out[index] = shape_like(piece, rng)
        result = "".join(out)
        if fold(result) == fold(original) or (
            not replaceable and not any(p[:1].isdigit() for p in pieces)
        ):
            # only generic words ("General Hospital"): put a made-up proper name in front
            name = rng.choice(words)
            result = f"{match_case(original, name)} {original}" if original else name
        return result

    def kept_words(self, label: str, original: str) -> list[str]:
        """The words every surrogate of a street or facility ``original`` writes as they are
        and whole (``_rebuild`` keeps its generic words: "Clinic", "Street"): those with no
        letter or digit before them (none can follow a word). Empty for other labels."""
        keep = _REBUILT.get(label)
        if keep is None:
            return []
        kept, position = [], 0
        for piece in _WORD.findall(original):  # the pieces make up the whole text
            if (
                piece[:1].isalpha()
                and _generic(piece, keep)
                and not original[position - 1 : position].isalnum()
            ):
                kept.append(piece)
            position += len(piece)
        return kept

    def _pick(
        self, original: str, pool: tuple[str, ...], rng: random.Random, forbidden: set[str]
    ) -> str:
        key = fold(original.strip())
        candidate = original
        if len(pool) == 1:
            candidate = pool[0]  # nothing to draw: the random source stays untouched
        else:
            for _ in range(200):
                candidate = rng.choice(pool)
                if fold(candidate) != key and fold(candidate) not in forbidden:
                    break
        if case_of(original) in (Case.UPPER, Case.LOWER):
            candidate = match_case(original, candidate)
        return original.replace(original.strip(), candidate)


def _generic(word: str, keep: frozenset[str]) -> bool:
    """Whether ``_rebuild`` keeps a word as it is: a generic word or a single letter."""
    return fold(word) in keep or fold(word.rstrip(".")) in keep or len(word.rstrip(".")) <= 1


@functools.cache
def place_surrogates(lang: str) -> PlaceSurrogates:
    """The place surrogates of a language's pools, shared by every generator of the process:
    what they remember (each state's cities) depends on the pools alone."""
    return PlaceSurrogates(pools(lang))


@functools.cache
def _us_cities() -> dict[str, tuple[str, ...]]:
    """The shipped US cities by state abbreviation, most populous first."""
    by_state: dict[str, list[tuple[int, str]]] = {}
    for name, state, population in resources.rows("us_cities"):
        by_state.setdefault(state, []).append((-int(population or 0), name))
    return {
        state: tuple(name for _, name in sorted(rows)[:300]) for state, rows in by_state.items()
    }


def cities_of(state: str) -> tuple[str, ...]:
    """Cities of a US state (its abbreviation), most populous first."""
    return _us_cities().get(state, ())


@functools.cache
def us_state_name(abbr: str) -> str:
    """The name of a US state from its abbreviation ('' if unknown)."""
    for name, abbreviation, *_ in resources.rows("us_states"):
        if abbreviation == abbr:
            return str(name)
    return ""


@functools.lru_cache(maxsize=64)
def _keys(values: tuple[str, ...]) -> frozenset[str]:
    """The folded values of a (small, cached) pool."""
    return frozenset(fold(value) for value in values)
