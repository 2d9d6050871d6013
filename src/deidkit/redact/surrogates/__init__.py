"""Realistic surrogates, consistent within a patient and derived from a secret key.

``SurrogateGenerator.replace(original, label, patient)`` gives the surrogate of one PHI
string. Every random choice is seeded by ``HMAC(key, purpose, patient, original)``, and a
per-patient table keeps repeated values (and the parts of names) mapped the same way
everywhere. A surrogate is never one of the patient's original PHI values that the generator
has seen (``observe`` every document of a patient before replacing to guarantee it across
documents), and two different originals of a patient never share a surrogate.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from typing import Any, cast

from deidkit.labels import Category, category_of
from deidkit.lang import get_language
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import ages, ids
from deidkit.redact.surrogates.case import match_case, recase
from deidkit.redact.surrogates.dates import DateShifter, parse_date, weekly_offset
from deidkit.redact.surrogates.names import NameSurrogates, NameTable, fold
from deidkit.redact.surrogates.places import place_surrogates
from deidkit.redact.surrogates.pools import Pools, pools

NAME_LABELS = frozenset({"PATIENT", "DOCTOR", "RELATIVE"})
ID_LABELS = frozenset(
    {
        "SSN",
        "MEDICALRECORD",
        "HEALTHPLAN",
        "ACCOUNT",
        "LICENSE",
        "VEHICLE",
        "DEVICE",
        "BIOID",
        "IDNUM",
        "ROOM",
    }
)
ATTEMPTS = 100
"""Draws a value's surrogate may take before distinctness gives way (``_consistent``)."""


@dataclass
class PatientState:
    """What the generator remembers about one patient."""

    patient: str
    names: NameTable = field(default_factory=NameTable)
    values: dict[tuple[str, str], str] = field(default_factory=dict)
    used: dict[tuple[str, str], str] = field(default_factory=dict)
    forbidden: set[str] = field(default_factory=set)
    dates: set[str] = field(default_factory=set)
    reference: date | None = None
    offset: int | None = None
    sex: str | None = None  # the original sex ("m"/"f") as the SEX spans say


@dataclass(frozen=True, slots=True)
class SurrogateSettings:
    """How surrogates are made (see ``RedactOptions`` for the user-facing options)."""

    lang: str = "en"
    date_shift_min: int = 28
    date_shift_max: int = 365
    age_policy: ages.AgePolicy = "bucket"
    age_bucket: str = "90+"


class SurrogateGenerator:
    """Makes surrogates for PHI strings, one patient at a time."""

    def __init__(self, key: SecretKey, settings: SurrogateSettings | None = None) -> None:
        self.key = key
        self.settings = settings or SurrogateSettings()
        self.pools: Pools = pools(self.settings.lang)
        self._language = get_language(self.settings.lang)
        self._places = place_surrogates(self.settings.lang)  # each state's cities found once
        self._patients: dict[str, PatientState] = {}
        self._regions: dict[str, str | None] = {}
        self._name_makers: dict[str, NameSurrogates] = {}

    # --- patients -----------------------------------------------------------------------
    def patient(self, patient: str) -> PatientState:
        state = self._patients.get(patient)
        if state is None:
            state = self._patients[patient] = PatientState(patient)
        return state

    def observe(
        self, patient: str, label: str, original: str, note_date: str | None = None
    ) -> None:
        """Record an original PHI value of a patient (before any replacement is made)."""
        state = self.patient(patient)
        state.forbidden.add(fold(original.strip()))
        if label in NAME_LABELS or label == "USERNAME":
            state.forbidden.update(state.names.observe(original))
        if label == "DATE":
            state.dates.add(original)
        if label == "SEX" and state.sex is None:
            state.sex = self._sex_of(original)
        if note_date and state.reference is None:
            state.reference = _iso_date(note_date)

    def date_offset(self, patient: str) -> int:
        """The patient's date shift in days: whole weeks, chosen so that no shifted date of
        the patient reads as one of the patient's original PHI values."""
        state = self.patient(patient)
        if state.offset is None:
            low, high = self.settings.date_shift_min, self.settings.date_shift_max
            offset = weekly_offset(self.key.rng("date-offset", patient, "0"), low, high)
            lang, reference = self.settings.lang, state.reference
            readable = [
                text for text in state.dates if parse_date(text, lang=lang, reference=reference)
            ]
            for attempt in range(1, 64):
                shifter = DateShifter(offset, lang=lang, reference=reference)
                clash = next(
                    (
                        text
                        for text in readable
                        if fold(shifter.surrogate(text, _random_on_use(_zero_seeded)))
                        in state.forbidden
                    ),
                    None,
                )
                if clash is None:
                    break
                # a date that clashed once tends to clash again (a year between two of the
                # patient's years): try it first next time; the order changes no outcome
                readable.remove(clash)
                readable.insert(0, clash)
                offset = weekly_offset(
                    self.key.rng("date-offset", patient, str(attempt)), low, high
                )
            state.offset = offset
        return state.offset

    # --- surrogates ---------------------------------------------------------------------
    def replace(self, original: str, label: str, patient: str) -> str:
        """The surrogate of one PHI value of a patient."""
        state = self.patient(patient)
        if label in NAME_LABELS:
            flip = (
                label == "PATIENT"
                and state.sex is not None
                and state.sex != self._surrogate_sex(patient)
            )
            return self._names(patient).surrogate(
                original, state.names, flip_gender=flip, relative=label == "RELATIVE"
            )
        if label == "DATE":
            return self._date(original, patient, state)
        if label == "AGE":
            return self._consistent(
                state,
                label,
                original,
                lambda rng: ages.age(
                    original,
                    rng,
                    policy=self.settings.age_policy,
                    bucket=self.settings.age_bucket,
                    lang=self.settings.lang,
                ),
                allow_same=True,
            )
        if label == "SEX":
            return self._sex(original, patient)
        make = self._maker(label, original, patient, state)
        return self._consistent(state, label, original, make)

    def _maker(
        self, label: str, original: str, patient: str, state: PatientState
    ) -> Callable[[random.Random], str]:
        """A function drawing one candidate surrogate of ``original`` from a random source."""
        forbidden = state.forbidden
        region = self._region(patient, state) if label in ("CITY", "STATE", "ZIP") else None
        return lambda rng: self._draw(label, original, rng, forbidden, region)

    def _region(self, patient: str, state: PatientState) -> str | None:
        """The patient's surrogate US state: its cities, state and ZIP codes agree."""
        if patient not in self._regions:
            rng = self.key.rng("region", patient)
            self._regions[patient] = self._places.region(rng, state.forbidden)
        return self._regions[patient]

    def _draw(
        self,
        label: str,
        original: str,
        rng: random.Random,
        forbidden: set[str],
        region: str | None = None,
    ) -> str:
        """One candidate surrogate of ``original`` (a ``label``) drawn from ``rng``."""
        places, lang = self._places, self.settings.lang
        words, domains = self.pools.last, self.pools.domains
        match label:
            case "CITY":
                return places.city(original, rng, forbidden, region)
            case "STATE":
                return places.state(original, rng, forbidden, region)
            case "COUNTRY":
                return places.country(original, rng, forbidden)
            case "ZIP":
                return places.zip_code(original, rng, region)
            case "STREET":
                return places.street(original, rng, forbidden)
            case "LOCATION_OTHER":
                return places.location_other(original, rng, forbidden)
            case "HOSPITAL" | "ORGANIZATION" | "DEPARTMENT":
                return places.facility(original, label.lower(), rng, forbidden)
            case "PROFESSION":
                return places.profession(original, rng, forbidden)
            case "PHONE" | "FAX":
                return ids.phone(original, rng, lang=lang)
            case "EMAIL":
                return ids.email(original, rng, words, domains)
            case "URL":
                return ids.url(original, rng, domains)
            case "IPADDR":
                return ids.ip_address(original, rng)
            case "USERNAME":
                return ids.username(original, rng, words)
        if label in ID_LABELS or any(char.isdigit() for char in original):
            return ids.identifier(original, rng)
        return f"[{label}]"

    def _consistent(
        self,
        state: PatientState,
        label: str,
        original: str,
        make: Callable[[random.Random], str],
        *,
        allow_same: bool = False,
    ) -> str:
        kind = category_of(label).value if category_of(label) is Category.ID else label
        key = (kind, fold(original.strip()))
        cached = state.values.get(key)
        if cached is not None:
            return recase(cached, original)  # "MERCY HOSPITAL" after "Mercy Hospital"
        fallback: str | None = None
        for attempt in range(ATTEMPTS):
            rng = _RandomOnUse(
                partial(self.key.rng, "value", state.patient, kind, key[1], str(attempt))
            )
            candidate = make(cast(random.Random, rng))
            if allow_same and candidate == original:
                break
            folded = fold(candidate.strip())
            if folded != key[1] and folded not in state.forbidden:
                if not _contains_name_word(candidate, state):
                    fallback = fallback or candidate
                    if state.used.get((kind, folded), key[1]) == key[1]:
                        break  # no other original of the patient has this surrogate
                elif any(
                    _contains_name_word(word, state)
                    for word in self._places.kept_words(label, original)
                ):
                    # a generic word the place keeps is one of the patient's name words
                    # ("Clinic" read as part of a name): every attempt would clash as this
                    # one did, and the last would give way as below
                    candidate = fallback if fallback is not None else f"[{label}]"
                    break
            if attempt == ATTEMPTS - 1 or not rng.made:
                # every draw clashed (a tiny space of values such as one hex digit), or this
                # one took nothing from its random source and the next would repeat it (an
                # age over 89 bucketed, the patient's one surrogate state): distinctness gives
                # way, never safety
                candidate = fallback if fallback is not None else f"[{label}]"
                break
        state.values[key] = candidate
        state.used[(kind, fold(candidate.strip()))] = key[1]
        return candidate

    def _date(self, original: str, patient: str, state: PatientState) -> str:
        key = ("DATE", original.strip())
        cached = state.values.get(key)
        if cached is not None:
            return cached
        shifter = DateShifter(
            self.date_offset(patient), lang=self.settings.lang, reference=state.reference
        )
        rng = _random_on_use(lambda: self.key.rng("date", patient, fold(key[1])))
        new = shifter.surrogate(original, rng)
        if fold(new.strip()) in state.forbidden and new != original:
            # only when a document seen late clashes with the offset chosen earlier
            new = shifter.fallback(original, rng)
            while fold(new) in state.forbidden:
                new = shifter.fallback(original, rng)
        state.values[key] = new
        return new

    def _sex_words(self) -> tuple[tuple[str, str], ...]:
        return self._language.surrogates.sex_words

    def _sex_of(self, original: str) -> str | None:
        word = fold(original.strip())
        for male, female in self._sex_words():
            if word in (fold(male), fold(female)):
                return "m" if word == fold(male) else "f"
        return None

    def _surrogate_sex(self, patient: str) -> str:
        """The patient's surrogate sex: a key-derived coin flip."""
        return "m" if self.key.rng("sex", patient).random() < 0.5 else "f"

    def _sex(self, original: str, patient: str) -> str:
        """The patient's surrogate sex in the original's form ("varón" -> "mujer", "M" -> "F").

        The patient's first names follow it (see ``replace``); words that are not a known
        sex word are left as they are.
        """
        word = fold(original.strip())
        surrogate = self._surrogate_sex(patient)
        for male, female in self._sex_words():
            if word in (fold(male), fold(female)):
                new = male if surrogate == "m" else female
                return original.replace(original.strip(), match_case(original.strip(), new))
        return original

    def _names(self, patient: str) -> NameSurrogates:
        """The patient's name surrogates (made once: they hold only the pools and the
        patient's random sources)."""
        names = self._name_makers.get(patient)
        if names is None:
            names = self._name_makers[patient] = NameSurrogates(self.pools, self._rng_for(patient))
        return names

    def _rng_for(self, patient: str) -> Callable[[str, str], random.Random]:
        def rng_for(purpose: str, value: str) -> random.Random:
            return self.key.rng("pick", patient, purpose, value)

        return rng_for

    def fresh(self, label: str, rng: random.Random) -> str:
        """A surrogate of a label with no original to imitate (re-identifying placeholders)."""
        examples = self._language.surrogates.samples  # one example value per label
        patient = f"fresh-{rng.getrandbits(64):x}"
        return self.replace(examples[label], label, patient)


def _contains_name_word(candidate: str, state: PatientState) -> bool:
    """True if a surrogate spells one of the patient's original name words (an e-mail address
    or street built from a list could)."""
    words = re.findall(r"[^\W\d_]{3,}", candidate)
    return any(fold(word) in state.names.forbidden for word in words)


class _RandomOnUse:
    """The random source ``make()`` returns, made on the first draw: most dates are shifted
    without one, and deriving and seeding a generator costs more than shifting a date.
    ``made`` tells whether anything was drawn from it."""

    __slots__ = ("_make", "_rng")

    def __init__(self, make: Callable[[], random.Random]) -> None:
        self._make = make
        self._rng: random.Random | None = None

    @property
    def made(self) -> bool:
        return self._rng is not None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = self._make()
        return getattr(self._rng, name)


def _random_on_use(make: Callable[[], random.Random]) -> random.Random:
    return cast(random.Random, _RandomOnUse(make))


def _zero_seeded() -> random.Random:
    return random.Random(0)


def _iso_date(text: str) -> date | None:
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None
