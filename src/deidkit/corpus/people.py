"""The synthetic world a note is written in: patients, relatives, clinicians and sites.

A :class:`World` draws people, places and identifiers for one corpus variant:

- ``plain``: names and places from the pools (dictionaries, Faker tables, small towns);
- ``ambiguous``: many names and places are words that are also ordinary or medical words;
- ``out-of-dictionary``: names, places and hospitals are letter strings in no dictionary.

Everything about a patient is fixed once (name, birth date, address, phones, identifiers,
relatives, employer, doctors), so every note of that patient says the same things.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from enum import StrEnum

from deidkit.corpus import ood, pools
from deidkit.corpus.ambiguous import words_for


class Variant(StrEnum):
    PLAIN = "plain"
    AMBIGUOUS = "ambiguous"
    OUT_OF_DICTIONARY = "out-of-dictionary"


@dataclass(frozen=True, slots=True)
class Person:
    first: str
    last: str
    sex: str  # "F" or "M"
    middle: str | None = None
    ambiguous: tuple[str, ...] = ()  # words of the name that are also ordinary words

    @property
    def title(self) -> str:
        return "Mr." if self.sex == "M" else "Ms."


@dataclass(frozen=True, slots=True)
class Clinician:
    person: Person
    role: str
    credential: str  # MD, DO, RN, NP, PA-C, LICSW, ...
    pager: str
    username: str


@dataclass(frozen=True, slots=True)
class Relative:
    person: Person
    relation: str  # wife, son, daughter, ...
    phone: str


@dataclass(frozen=True, slots=True)
class Address:
    street: str
    unit: str | None
    city: str
    state: str
    zip: str


@dataclass(frozen=True, slots=True)
class Site:
    """A hospital and its conventions (identifier shapes, phone exchange, named units)."""

    name: str
    short: str
    address: Address
    phone: str
    fax: str
    mrn_shape: str
    accession_prefixes: tuple[str, ...]
    units: tuple[str, ...]
    clinic: str
    ambiguous: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Patient:
    id: str
    person: Person
    dob: dt.date
    address: Address
    phone: str
    cell: str
    email: str
    mrn: str
    ssn: str
    health_plan: str
    insurer: str
    account: str
    relatives: tuple[Relative, ...]
    profession: str | None
    employer: str | None
    hometown: str  # a town or a country
    hometown_is_country: bool
    pcp: Clinician
    site: Site
    language: str
    vehicle: str | None = None
    device_serial: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def age_on(self, day: dt.date) -> int:
        years = day.year - self.dob.year
        if (day.month, day.day) < (self.dob.month, self.dob.day):
            years -= 1
        return years


RELATIONS_F = ("wife", "daughter", "sister", "mother", "niece", "granddaughter", "aunt",
               "partner", "daughter-in-law", "friend")
RELATIONS_M = ("husband", "son", "brother", "father", "nephew", "grandson", "uncle",
               "partner", "son-in-law", "friend")
_YOUNG_ONLY = {"mother", "father", "aunt", "uncle"}
_OLD_ONLY = {"granddaughter", "grandson", "daughter-in-law", "son-in-law"}


def relations_for(sex: str, age: int) -> tuple[str, ...]:
    """Plausible relations of a relative of this sex to a patient of this age."""
    pool = RELATIONS_F if sex == "F" else RELATIONS_M
    if age < 45:
        return tuple(r for r in pool if r not in _OLD_ONLY)
    if age > 70:
        return tuple(r for r in pool if r not in _YOUNG_ONLY)
    return pool
INSURERS = ("Medicare", "Medicaid", "MassHealth", "Blue Cross Blue Shield", "BCBS",
            "Harvard Pilgrim", "Tufts Health Plan", "Aetna", "Cigna", "UnitedHealthcare",
            "Humana", "Kaiser Permanente", "Tricare", "VA")
LANGUAGES = ("English",) * 12 + ("Spanish", "Spanish", "Haitian Creole", "Portuguese",
                                 "Vietnamese", "Cantonese", "Mandarin", "Russian", "Arabic",
                                 "Cape Verdean Creole", "Somali", "Polish")
CLINICIAN_CREDENTIALS = {
    "attending": ("MD", "MD", "MD", "DO"), "resident": ("MD", "MD", "DO"),
    "pcp": ("MD", "MD", "DO", "NP"), "consultant": ("MD", "MD", "DO"), "surgeon": ("MD",),
    "radiologist": ("MD",), "pathologist": ("MD",), "anesthesiologist": ("MD", "DO", "CRNA"),
    "nurse": ("RN", "RN", "RN, BSN"), "np": ("NP", "ANP-BC", "PA-C"),
    "sw": ("LICSW", "LCSW", "MSW"),
    "ed": ("MD", "MD", "DO", "PA-C"), "case_manager": ("RN", "RN, CCM"),
}
UNIT_FORMS = ("{last} {n}", "{last} {n}{side}", "the {last} Building", "{last} Pavilion",
              "{last} House", "{last} {n} ICU")


def shape(rng: random.Random, pattern: str) -> str:
    """Fill a shape: ``#`` a digit, ``A`` an upper-case letter, ``a`` lower, else literal."""
    out = []
    for char in pattern:
        if char == "#":
            out.append(str(rng.randrange(10)))
        elif char == "A":
            out.append(chr(65 + rng.randrange(26)))
        elif char == "a":
            out.append(chr(97 + rng.randrange(26)))
        else:
            out.append(char)
    return "".join(out)


MRN_SHAPES = ("#######", "########", "###-##-##", "##-###-###", "MR#######", "E########",
              "#########", "00#######", "#####-##", "A######")
ACCESSION_PREFIXES = (("S", "SP", "SH"), ("CT", "MR", "US", "XR"), ("RAD", "IMG"), ("P", "CY"))


class World:
    """Draws people, places and identifiers for one variant from one random source."""

    def __init__(self, rng: random.Random, variant: Variant) -> None:
        self.rng = rng
        self.variant = variant

    # --- names ---------------------------------------------------------------------------

    def _plain_first(self, sex: str, origin: str) -> str:
        tables = pools.name_tables(origin)
        values = tables.female if sex == "F" else tables.male
        if not values:
            values = pools.name_tables("us").female if sex == "F" else pools.name_tables("us").male
        skew = 2.0 if origin == "us" else 1.0
        name = pools.pick_ranked(self.rng, values, skew)
        return name if self.rng.random() < 0.3 else pools.strip_accents(name)

    def _plain_last(self, origin: str) -> str:
        values = pools.name_tables(origin).last or pools.name_tables("us").last
        skew = 1.6 if origin == "us" else 1.0
        name = pools.pick_ranked(self.rng, values, skew)
        roll = self.rng.random()
        if roll < 0.04:
            other = pools.pick_ranked(self.rng, pools.name_tables("us").last, 1.2)
            name = f"{name}-{other}"
        elif roll < 0.07 and origin in ("hispanic", "european"):
            particle = self.rng.choice(pools.NAME_PARTICLES)
            name = f"{particle} {name}" if self.rng.random() < 0.5 else f"{particle.title()} {name}"
        elif roll < 0.2 and origin == "hispanic":
            name = f"{name} {pools.pick_ranked(self.rng, values, 1.0)}"
        return name if self.rng.random() < 0.3 else pools.strip_accents(name)

    def person(self, sex: str | None = None, *, ambiguous_rate: float = 0.6) -> Person:
        rng = self.rng
        sex = sex or rng.choice("FM")
        origin = pools.pick_origin(rng)
        used: list[str] = []
        if self.variant is Variant.OUT_OF_DICTIONARY:
            first = ood.ood_word(rng)
            last = ood.ood_word(rng, min_length=5)
            if rng.random() < 0.08:
                last = f"{last}-{ood.ood_word(rng)}"
            middle = ood.ood_word(rng) if rng.random() < 0.3 else None
            return Person(first, last, sex, middle)
        first = self._plain_first(sex, origin)
        last = self._plain_last(origin)
        if self.variant is Variant.AMBIGUOUS:
            if rng.random() < ambiguous_rate:
                choices = words_for("first_f" if sex == "F" else "first_m")
                first = rng.choice(choices).word
                used.append(first)
            if rng.random() < ambiguous_rate:
                last = rng.choice(words_for("last")).word
                used.append(last)
        middle = None
        if rng.random() < 0.35:
            middle = self._plain_first(rng.choice("FM") if rng.random() < 0.2 else sex, origin)
        return Person(first, last, sex, middle, tuple(used))

    def clinician(self, role: str) -> Clinician:
        person = self.person()
        credential = self.rng.choice(CLINICIAN_CREDENTIALS.get(role, ("MD",)))
        pager = shape(self.rng, self.rng.choice(("#####", "#-####", "###-####", "(###) ###-####")))
        base = (person.first[:1] + person.last.replace(" ", "").replace("-", "")).lower()
        username = pools.strip_accents(base)[:10] + (str(self.rng.randint(1, 99))
                                                     if self.rng.random() < 0.5 else "")
        return Clinician(person, role, credential, pager, username)

    # --- places --------------------------------------------------------------------------

    def town(self) -> tuple[str, str]:
        """(city, state abbreviation)."""
        rng = self.rng
        state = rng.choice(pools.US_STATES)[0]
        if self.variant is Variant.OUT_OF_DICTIONARY:
            city = ood.ood_word(rng)
            if rng.random() < 0.15:
                city = f"{city} {ood.ood_word(rng)}"
            return city, state
        if self.variant is Variant.AMBIGUOUS and rng.random() < 0.5:
            return rng.choice(words_for("city")).word, state
        place = pools.pick_ranked(rng, pools.cities(), 1.8)
        return place.city, place.state

    def phone(self, state: str | None = None) -> str:
        rng = self.rng
        area = rng.randint(201, 989)
        exchange, line = rng.randint(200, 989), rng.randint(0, 9999)
        forms = (f"({area}) {exchange}-{line:04d}", f"{area}-{exchange}-{line:04d}",
                 f"{area}.{exchange}.{line:04d}", f"{area} {exchange} {line:04d}",
                 f"({area}){exchange}-{line:04d}", f"{exchange}-{line:04d}",
                 f"1-{area}-{exchange}-{line:04d}", f"+1 {area} {exchange} {line:04d}")
        weights = (30, 30, 6, 4, 4, 10, 4, 2)
        return rng.choices(forms, weights=weights)[0]

    def street(self) -> str:
        rng = self.rng
        number = rng.choice((rng.randint(1, 99), rng.randint(100, 999), rng.randint(1000, 19999)))
        if self.variant is Variant.OUT_OF_DICTIONARY and rng.random() < 0.7:
            name = ood.ood_word(rng)
        elif self.variant is Variant.AMBIGUOUS and rng.random() < 0.3:
            name = rng.choice(words_for("last")).word
        elif rng.random() < 0.3:
            name = pools.pick_ranked(rng, pools.name_tables("us").last, 1.5)
        else:
            name = pools.pick_ranked(rng, pools.street_names(), 1.5)
        return f"{number} {name} {rng.choice(pools.STREET_TYPES)}"

    def address(self) -> Address:
        rng = self.rng
        city, state = self.town()
        unit = None
        if rng.random() < 0.3:
            unit = rng.choice(pools.UNIT_FORMS).format(
                n=rng.randint(1, 40), l=rng.choice("ABCD"), f=rng.randint(1, 3))
        zip_code = pools.zip_for(rng, state)
        if rng.random() < 0.1:
            zip_code = f"{zip_code}-{rng.randint(0, 9999):04d}"
        return Address(self.street(), unit, city, state, zip_code)

    def hospital_name(self) -> tuple[str, tuple[str, ...]]:
        """A hospital name and the ambiguous words it uses."""
        rng = self.rng
        kind = rng.choice(pools.HOSPITAL_TYPES)
        if self.variant is Variant.OUT_OF_DICTIONARY:
            core = ood.ood_word(rng)
            if rng.random() < 0.3:
                core = f"{core} {ood.ood_word(rng)}"
            return f"{core} {kind}", ()
        if self.variant is Variant.AMBIGUOUS and rng.random() < 0.4:
            word = rng.choice(words_for("hospital") + words_for("last")).word
            return f"{word} {kind}", (word,)
        shipped = pools.hospitals()
        roll = rng.random()
        if shipped and roll < 0.45:
            return rng.choice(shipped).name, ()
        if roll < 0.65:
            return f"{rng.choice(pools.HOSPITAL_PATRONS)} {kind}", ()
        if roll < 0.85:
            city, _ = self.town()
            return f"{city} {kind}", ()
        last = pools.pick_ranked(rng, pools.name_tables("us").last, 1.3)
        return f"{last} {kind}", ()

    def site(self) -> Site:
        rng = self.rng
        name, ambiguous = self.hospital_name()
        words = [word for word in name.replace("-", " ").split() if word[:1].isupper()]
        short = "".join(word[0] for word in words if word.lower() not in {"of", "the"})
        if len(short) < 2:
            short = name.split()[0][:4].upper()
        address = self.address()
        units = []
        for _ in range(rng.randint(2, 4)):
            last = (ood.ood_word(rng) if self.variant is Variant.OUT_OF_DICTIONARY
                    else pools.pick_ranked(rng, pools.name_tables("us").last, 1.3))
            units.append(rng.choice(UNIT_FORMS).format(
                last=last, n=rng.randint(2, 14), side=rng.choice(("A", "B", "N", "S", "W"))))
        clinic_kind = rng.choice(("Primary Care", "Internal Medicine Associates",
                                  "Family Health Center", "Medical Group", "Health Center"))
        city = address.city
        clinic = f"{city} {clinic_kind}" if rng.random() < 0.6 else f"{words[0]} {clinic_kind}"
        return Site(
            name=name,
            short=short.upper(),
            address=address,
            phone=self.phone(),
            fax=self.phone(),
            mrn_shape=rng.choice(MRN_SHAPES),
            accession_prefixes=rng.choice(ACCESSION_PREFIXES),
            units=tuple(units),
            clinic=clinic,
            ambiguous=ambiguous,
        )

    def organization(self) -> str:
        rng = self.rng
        if self.variant is Variant.OUT_OF_DICTIONARY:
            return f"{ood.ood_word(rng)} {rng.choice(('Corp', 'Industries', 'Inc', 'Group'))}"
        roll = rng.random()
        if roll < 0.35:
            return rng.choice(pools.NATIONAL_EMPLOYERS)
        last = pools.pick_ranked(rng, pools.name_tables("us").last, 1.3)
        last2 = pools.pick_ranked(rng, pools.name_tables("us").last, 1.3)
        city, state = self.town()
        forms = pools.SCHOOL_FORMS if roll > 0.85 else pools.EMPLOYER_FORMS
        return rng.choice(forms).format(last=last, last2=last2, city=city,
                                        state=pools.STATE_NAMES[state])

    # --- the patient -------------------------------------------------------------------

    def birth_date(self, reference: dt.date) -> dt.date:
        rng = self.rng
        roll = rng.random()
        if roll < 0.04:
            age = rng.randint(1, 17)
        elif roll < 0.12:
            age = rng.randint(90, 104)
        else:
            age = int(18 + (89 - 18) * (rng.random() ** 0.7))
        days_before = rng.randint(0, 364)
        try:
            birthday = reference.replace(year=reference.year - age)
        except ValueError:  # 29 February
            birthday = reference.replace(year=reference.year - age, day=28)
        return birthday - dt.timedelta(days=days_before)

    def patient(self, patient_id: str, reference: dt.date, site: Site) -> Patient:
        rng = self.rng
        person = self.person()
        dob = self.birth_date(reference)
        age = reference.year - dob.year
        relatives: list[Relative] = []
        for _ in range(rng.choice((1, 1, 2, 2, 3))):
            sex = rng.choice("FM")
            relative = self.person(sex, ambiguous_rate=0.3)
            if rng.random() < 0.5 and self.variant is not Variant.OUT_OF_DICTIONARY:
                relative = Person(relative.first, person.last, sex, relative.middle,
                                  tuple(w for w in relative.ambiguous if w != relative.last))
            relation = rng.choice(relations_for(sex, age))
            relatives.append(Relative(relative, relation, self.phone()))
        email_user = pools.strip_accents(
            f"{person.first}.{person.last}".lower().replace(" ", "").replace("'", ""))
        email_user = rng.choice((email_user, email_user.replace(".", "") + str(rng.randint(1, 99)),
                                 person.first[:1].lower() + pools.strip_accents(
                                     person.last.lower().replace(" ", ""))))
        domain = rng.choice(("gmail.com", "yahoo.com", "aol.com", "hotmail.com", "comcast.net",
                             "icloud.com", "outlook.com", "verizon.net"))
        hometown_is_country = rng.random() < 0.35
        if hometown_is_country:
            hometown = (ood.ood_word(rng) if self.variant is Variant.OUT_OF_DICTIONARY
                        else rng.choice(pools.countries()))
        else:
            hometown = self.town()[0]
        profession = None if age < 16 else pools.pick_profession(rng)
        insurer = rng.choice(INSURERS)
        plan_shape = rng.choice(("#AA#-AA#-AA##", "AAA#########", "W########", "###-##-####A",
                                 "AA#######", "##########A"))
        return Patient(
            id=patient_id,
            person=person,
            dob=dob,
            address=self.address(),
            phone=self.phone(),
            cell=self.phone(),
            email=f"{email_user}@{domain}",
            mrn=shape(rng, site.mrn_shape),
            ssn=shape(rng, rng.choice(("###-##-####", "#########", "###-##-####"))),
            health_plan=shape(rng, plan_shape),
            insurer=insurer,
            account=shape(rng, rng.choice(("##########", "A#########", "#######-###"))),
            relatives=tuple(relatives),
            profession=profession,
            employer=self.organization() if profession and rng.random() < 0.6 else None,
            hometown=hometown,
            hometown_is_country=hometown_is_country,
            pcp=self.clinician("pcp"),
            site=site,
            language=rng.choice(LANGUAGES),
            vehicle=shape(rng, rng.choice(("###-AAA", "A## ###", "#AAA##"))),
            device_serial=shape(rng, rng.choice(("AAA######A", "PJN######", "RNB######H"))),
        )
