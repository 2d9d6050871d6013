"""Where the generator's PHI values come from: name, place, hospital and employer pools.

Sources, in order: the dictionaries shipped in ``deidkit.resources`` (census names, US cities,
CMS hospitals, countries) when present; Faker's per-locale name tables (MIT) for names from
many origins (Hispanic, South and East Asian, West African, European, ...); and the small
composition lists below (street names, small towns, employers, professions), which also make
values that are in no dictionary (composed hospital and company names, small towns), as real
notes do. Every pool is a tuple built once and cached; sampling takes a ``random.Random``.
"""

from __future__ import annotations

import functools
import importlib
import random
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TypeVar

# --- helpers ---------------------------------------------------------------------------------


def strip_accents(text: str) -> str:
    """``José Müller`` -> ``Jose Muller`` (US records often drop diacritics)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _latin(values: Sequence[str]) -> tuple[str, ...]:
    """Keep entries written in the Latin alphabet (letters, spaces, hyphens, apostrophes),
    starting with a letter (not ``'s Gravensande``: a name span starts on a letter)."""
    kept: list[str] = []
    seen: set[str] = set()
    for value in values:
        value = value.strip()
        if not value or value in seen:
            continue
        plain = strip_accents(value)
        if plain[:1].isalpha() and all(char.isascii() and (char.isalpha() or char in " -'")
                                       for char in plain):
            kept.append(value)
            seen.add(value)
    return tuple(kept)


def _resources() -> ModuleType | None:
    try:
        return importlib.import_module("deidkit.resources")
    except ImportError:
        return None


def _resource_rows(name: str) -> tuple[tuple[str, ...], ...]:
    """Rows of a shipped resource (empty if the resource or the package is missing)."""
    resources = _resources()
    if resources is None:
        return ()
    try:
        if name not in resources.names():
            return ()
        return tuple(resources.rows(name))
    except Exception:  # a damaged resource must not stop the generator
        return ()


def _resource(*names: str) -> tuple[str, ...]:
    """Entries of the first shipped resource that exists among ``names`` (empty if none)."""
    for name in names:
        rows = _resource_rows(name)
        if rows:
            return tuple(dict.fromkeys(row[0] for row in rows if row and row[0]))
    return ()


def _faker_person(locale: str) -> object | None:
    try:
        return importlib.import_module(f"faker.providers.person.{locale}").Provider
    except ImportError:
        return None


def _faker_list(locale: str, *attributes: str) -> tuple[str, ...]:
    provider = _faker_person(locale)
    values: list[str] = []
    for attribute in attributes:
        table = getattr(provider, attribute, None) if provider is not None else None
        if table:
            values.extend(table)
    return _latin(values)


T = TypeVar("T")


def pick_ranked(rng: random.Random, values: Sequence[T], skew: float = 2.0) -> T:
    """Pick from a list ordered most frequent first: frequent entries more often, the tail too."""
    return values[int(len(values) * rng.random() ** skew)]


# --- names -----------------------------------------------------------------------------------

KOREAN_FIRST = (
    "Min-jun", "Seo-yeon", "Ji-hoon", "Hye-jin", "Sung-min", "Eun-ji", "Jae-won", "Soo-ah",
    "Dong-hyun", "Yeon-woo", "Hyun-woo", "Ji-yeon", "Sang-hoon", "Mi-kyung", "Young-ho",
    "Kyung-soo", "Jin-ho", "Na-rae", "Tae-yang", "Bo-ra",
)
KOREAN_LAST = (
    "Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Oh",
    "Seo", "Shin", "Kwon", "Hwang", "Ahn", "Song", "Yoo", "Hong", "Jeon", "Ko", "Moon", "Yang",
)
VIETNAMESE_FIRST = (
    "Anh", "Bao", "Binh", "Cuong", "Dung", "Duc", "Giang", "Hai", "Hanh", "Hieu", "Hoa", "Hung",
    "Huong", "Khanh", "Lan", "Linh", "Long", "Mai", "Minh", "Nam", "Ngoc", "Nhung", "Phuong",
    "Quang", "Thanh", "Thao", "Thu", "Trang", "Tuan", "Tuyet", "Van", "Vinh", "Xuan", "Yen",
)
VIETNAMESE_LAST = (
    "Nguyen", "Tran", "Le", "Pham", "Hoang", "Huynh", "Phan", "Vu", "Vo", "Dang", "Bui", "Do",
    "Ho", "Ngo", "Duong", "Ly", "Truong", "Dinh", "Lam", "Mai", "Trinh", "Quach", "Luu",
)
ARABIC_FIRST_M = (
    "Mohammed", "Ahmed", "Omar", "Khalid", "Youssef", "Hassan", "Hussein", "Tariq", "Karim",
    "Mustafa", "Ibrahim", "Samir", "Walid", "Nabil", "Faisal", "Jamal", "Rashid", "Ziad",
)
ARABIC_FIRST_F = (
    "Fatima", "Aisha", "Layla", "Nour", "Mariam", "Yasmin", "Huda", "Rania", "Salma", "Amira",
    "Zainab", "Leila", "Hana", "Dalia", "Samira", "Noor", "Reem", "Lina",
)
ARABIC_LAST = (
    "Al-Sayed", "Haddad", "Khoury", "Mansour", "Nasser", "Saleh", "Abdullah", "Hamdan", "Farah",
    "Aziz", "El-Amin", "Qureshi", "Rahman", "Abboud", "Darwish", "Halabi", "Shaheen", "Al-Masri",
    "Bakr", "Jaber", "Mahmoud", "Suleiman", "Khalil", "Awad", "El-Hage",
)
HAITIAN_FIRST_M = (
    "Jean", "Pierre", "Jean-Claude", "Wilner", "Fritz", "Dieudonne", "Ronald", "Yves", "Frantz",
    "Jean-Baptiste", "Emmanuel", "Ernst", "Lesly", "Gerald",
)
HAITIAN_FIRST_F = (
    "Marie", "Rose-Marie", "Nadege", "Guerline", "Mirlande", "Fabienne", "Nathalie", "Yolette",
    "Marie-Claire", "Rachelle", "Widline", "Esther",
)
HAITIAN_LAST = (
    "Jean-Baptiste", "Pierre-Louis", "Joseph", "Charles", "Toussaint", "Dorvil", "Fils-Aime",
    "Celestin", "Desir", "Etienne", "Louis-Jacques", "Noel", "Saint-Fleur", "Valcourt",
    "Dorcely", "Michel", "Augustin", "Baptiste", "Exantus", "Pierrelus",
)
RUSSIAN_FIRST_M = ("Dmitri", "Sergei", "Alexei", "Vladimir", "Igor", "Yuri", "Mikhail", "Oleg")
RUSSIAN_FIRST_F = ("Svetlana", "Olga", "Natalia", "Irina", "Tatiana", "Yelena", "Galina", "Oksana")
RUSSIAN_LAST = (
    "Ivanov", "Petrov", "Smirnov", "Kuznetsov", "Volkov", "Sokolov", "Popov", "Morozov",
    "Lebedev", "Kozlov", "Novikov", "Fedorov", "Orlov", "Pavlenko", "Shevchenko", "Bondarenko",
)
NAME_PARTICLES = ("de la", "del", "de", "van", "van der", "von", "di", "da", "du", "le", "la")

# origin -> (weight, female first names, male first names, last names); filled lazily
ORIGIN_WEIGHTS: dict[str, float] = {
    "us": 62.0,
    "hispanic": 11.0,
    "irish_british": 5.0,
    "european": 5.0,
    "south_asian": 4.0,
    "east_asian": 3.5,
    "vietnamese": 1.5,
    "west_african": 2.5,
    "east_african": 1.0,
    "arabic": 2.0,
    "haitian": 1.5,
    "russian": 1.0,
}


@dataclass(frozen=True, slots=True)
class NameTables:
    female: tuple[str, ...]
    male: tuple[str, ...]
    last: tuple[str, ...]


def _merge(*groups: Sequence[str]) -> tuple[str, ...]:
    merged: list[str] = []
    seen: set[str] = set()
    for group in groups:
        for value in group:
            if value not in seen:
                seen.add(value)
                merged.append(value)
    return tuple(merged)


@functools.cache
def name_tables(origin: str) -> NameTables:
    """First (female, male) and last names of one origin, most frequent first where known."""
    f, m, last = "first_names_female", "first_names_male", "last_names"
    if origin == "us":
        return NameTables(
            _merge(_resource("first_names_female", "census_first_female"), _faker_list("en_US", f)),
            _merge(_resource("first_names_male", "census_first_male"), _faker_list("en_US", m)),
            _merge(_resource("last_names", "census_last"), _faker_list("en_US", last)),
        )
    if origin == "hispanic":
        return NameTables(
            _merge(_faker_list("es_MX", f), _faker_list("es_ES", f), _faker_list("es_CO", f)),
            _merge(_faker_list("es_MX", m), _faker_list("es_ES", m), _faker_list("es_CO", m)),
            _merge(_faker_list("es_MX", last), _faker_list("es_ES", last)),
        )
    if origin == "irish_british":
        return NameTables(
            _merge(_faker_list("en_IE", f), _faker_list("en_GB", f)),
            _merge(_faker_list("en_IE", m), _faker_list("en_GB", m)),
            _merge(_faker_list("en_IE", last), _faker_list("en_GB", last)),
        )
    if origin == "european":
        locales = ("de_DE", "it_IT", "pl_PL", "fr_FR", "pt_BR", "nl_NL", "sv_SE", "cs_CZ")
        lasts = ("last_names", "male_last_names", "last_names_male")
        return NameTables(
            _merge(*(_faker_list(loc, f) for loc in locales)),
            _merge(*(_faker_list(loc, m) for loc in locales)),
            _merge(*(_faker_list(loc, *lasts) for loc in locales)),
        )
    if origin == "south_asian":
        return NameTables(
            _faker_list("en_IN", f),
            _merge(_faker_list("en_IN", m), _faker_list("en_PK", "first_names")),
            _merge(_faker_list("en_IN", last), _faker_list("en_PK", last)),
        )
    if origin == "east_asian":
        unisex = _merge(_faker_list("zh_CN", "first_romanized_names"), KOREAN_FIRST)
        japanese_f = _faker_list("ja_JP", "first_romanized_names_female")
        japanese_m = _faker_list("ja_JP", "first_romanized_names_male")
        return NameTables(
            _merge(japanese_f, unisex),
            _merge(japanese_m, unisex),
            _merge(
                _faker_list("zh_CN", "last_romanized_names"),
                _faker_list("ja_JP", "last_romanized_names"),
                KOREAN_LAST,
            ),
        )
    if origin == "vietnamese":
        return NameTables(VIETNAMESE_FIRST, VIETNAMESE_FIRST, VIETNAMESE_LAST)
    if origin == "west_african":
        african = ("yo_NG", "ig_NG", "tw_GH", "en_NG", "ha_NG")
        return NameTables(
            _merge(*(_faker_list(loc, f) for loc in african)),
            _merge(*(_faker_list(loc, m) for loc in african)),
            _merge(*(_faker_list(loc, last) for loc in african)),
        )
    if origin == "east_african":
        return NameTables(
            _merge(_faker_list("sw", f), _faker_list("en_KE", f)),
            _merge(_faker_list("sw", m), _faker_list("en_KE", m)),
            _merge(_faker_list("sw", last), _faker_list("en_KE", last)),
        )
    if origin == "arabic":
        return NameTables(ARABIC_FIRST_F, ARABIC_FIRST_M, ARABIC_LAST)
    if origin == "haitian":
        return NameTables(
            _merge(HAITIAN_FIRST_F, _faker_list("fr_FR", f)[:40]),
            _merge(HAITIAN_FIRST_M, _faker_list("fr_FR", m)[:40]),
            _merge(HAITIAN_LAST, _faker_list("fr_FR", last)[:40]),
        )
    if origin == "russian":
        return NameTables(RUSSIAN_FIRST_F, RUSSIAN_FIRST_M, RUSSIAN_LAST)
    raise KeyError(origin)


def pick_origin(rng: random.Random) -> str:
    origins = list(ORIGIN_WEIGHTS)
    return rng.choices(origins, weights=[ORIGIN_WEIGHTS[o] for o in origins])[0]


# --- places ----------------------------------------------------------------------------------

US_STATES: tuple[tuple[str, str], ...] = (
    ("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"), ("AR", "Arkansas"),
    ("CA", "California"), ("CO", "Colorado"), ("CT", "Connecticut"), ("DE", "Delaware"),
    ("FL", "Florida"), ("GA", "Georgia"), ("HI", "Hawaii"), ("ID", "Idaho"), ("IL", "Illinois"),
    ("IN", "Indiana"), ("IA", "Iowa"), ("KS", "Kansas"), ("KY", "Kentucky"),
    ("LA", "Louisiana"), ("ME", "Maine"), ("MD", "Maryland"), ("MA", "Massachusetts"),
    ("MI", "Michigan"), ("MN", "Minnesota"), ("MS", "Mississippi"), ("MO", "Missouri"),
    ("MT", "Montana"), ("NE", "Nebraska"), ("NV", "Nevada"), ("NH", "New Hampshire"),
    ("NJ", "New Jersey"), ("NM", "New Mexico"), ("NY", "New York"), ("NC", "North Carolina"),
    ("ND", "North Dakota"), ("OH", "Ohio"), ("OK", "Oklahoma"), ("OR", "Oregon"),
    ("PA", "Pennsylvania"), ("RI", "Rhode Island"), ("SC", "South Carolina"),
    ("SD", "South Dakota"), ("TN", "Tennessee"), ("TX", "Texas"), ("UT", "Utah"),
    ("VT", "Vermont"), ("VA", "Virginia"), ("WA", "Washington"), ("WV", "West Virginia"),
    ("WI", "Wisconsin"), ("WY", "Wyoming"),
)
STATE_NAMES: dict[str, str] = dict(US_STATES)

# Small towns and mid-size cities (facts, not a dictionary copy): hometowns and addresses that
# a city dictionary built from large places does not hold, as in PhysioNet deid's surrogates.
TOWNS: tuple[tuple[str, str], ...] = (
    ("Athol", "MA"), ("Ware", "MA"), ("Dracut", "MA"), ("Hull", "MA"), ("Marshfield", "MA"),
    ("Gardner", "MA"), ("Swampscott", "MA"), ("Wareham", "MA"), ("Orange", "MA"),
    ("Millinocket", "ME"), ("Rumford", "ME"), ("Skowhegan", "ME"), ("Presque Isle", "ME"),
    ("Claremont", "NH"), ("Berlin", "NH"), ("Keene", "NH"), ("Plymouth", "NH"),
    ("St. Johnsbury", "VT"), ("Barre", "VT"), ("Bennington", "VT"), ("Woonsocket", "RI"),
    ("Putnam", "CT"), ("Torrington", "CT"), ("Willimantic", "CT"), ("Olean", "NY"),
    ("Massena", "NY"), ("Oneonta", "NY"), ("Hornell", "NY"), ("Saranac Lake", "NY"),
    ("Honesdale", "PA"), ("Punxsutawney", "PA"), ("Lock Haven", "PA"), ("Tyrone", "PA"),
    ("Cumberland", "MD"), ("Elkton", "MD"), ("Lewes", "DE"), ("Bluefield", "WV"),
    ("Elkins", "WV"), ("Wise", "VA"), ("Galax", "VA"), ("Boone", "NC"), ("Elizabeth City", "NC"),
    ("Roanoke Rapids", "NC"), ("Orangeburg", "SC"), ("Dillon", "SC"), ("Waycross", "GA"),
    ("Toccoa", "GA"), ("Cordele", "GA"), ("Palatka", "FL"), ("Sebring", "FL"),
    ("Chipley", "FL"), ("Eufaula", "AL"), ("Jasper", "AL"), ("Opelika", "AL"),
    ("Yazoo City", "MS"), ("Grenada", "MS"), ("Natchitoches", "LA"), ("Opelousas", "LA"),
    ("Bogalusa", "LA"), ("Paducah", "KY"), ("Hazard", "KY"), ("Corbin", "KY"),
    ("Cookeville", "TN"), ("Dyersburg", "TN"), ("Athens", "TN"), ("Chillicothe", "OH"),
    ("Ashtabula", "OH"), ("Bucyrus", "OH"), ("Marietta", "OH"), ("Vincennes", "IN"),
    ("Peru", "IN"), ("Logansport", "IN"), ("Escanaba", "MI"), ("Cadillac", "MI"),
    ("Ironwood", "MI"), ("Alpena", "MI"), ("Rhinelander", "WI"), ("Baraboo", "WI"),
    ("Antigo", "WI"), ("Bemidji", "MN"), ("Fergus Falls", "MN"), ("Hibbing", "MN"),
    ("Decorah", "IA"), ("Spencer", "IA"), ("Oskaloosa", "IA"), ("Effingham", "IL"),
    ("Galesburg", "IL"), ("Kewanee", "IL"), ("Sikeston", "MO"), ("Kirksville", "MO"),
    ("Rolla", "MO"), ("Searcy", "AR"), ("Harrison", "AR"), ("Ada", "OK"), ("Guymon", "OK"),
    ("Ardmore", "OK"), ("Alpine", "TX"), ("Nacogdoches", "TX"), ("Uvalde", "TX"),
    ("Big Spring", "TX"), ("Pampa", "TX"), ("Hays", "KS"), ("Dodge City", "KS"),
    ("Chanute", "KS"), ("Kearney", "NE"), ("Ogallala", "NE"), ("Spearfish", "SD"),
    ("Mitchell", "SD"), ("Minot", "ND"), ("Dickinson", "ND"), ("Havre", "MT"),
    ("Lewistown", "MT"), ("Riverton", "WY"), ("Rawlins", "WY"), ("Salida", "CO"),
    ("Trinidad", "CO"), ("Gallup", "NM"), ("Truth or Consequences", "NM"), ("Show Low", "AZ"),
    ("Kingman", "AZ"), ("Ely", "NV"), ("Elko", "NV"), ("Price", "UT"), ("Vernal", "UT"),
    ("Blackfoot", "ID"), ("Sandpoint", "ID"), ("Astoria", "OR"), ("Coos Bay", "OR"),
    ("Pendleton", "OR"), ("Aberdeen", "WA"), ("Walla Walla", "WA"), ("Omak", "WA"),
    ("Eureka", "CA"), ("Susanville", "CA"), ("Barstow", "CA"), ("Hilo", "HI"),
    ("Kodiak", "AK"), ("Bethel", "AK"),
)

STREET_NAMES = (
    "Main", "Oak", "Maple", "Elm", "Washington", "Park", "Pine", "Cedar", "Lake", "Hill",
    "Church", "High", "School", "Center", "Spring", "Highland", "Franklin", "Jefferson",
    "Lincoln", "Madison", "Chestnut", "Walnut", "Willow", "Prospect", "Pleasant", "Union",
    "River", "Mill", "Forest", "Sunset", "Ridge", "Meadow", "Orchard", "Cherry", "Summit",
    "Grove", "Water", "Bridge", "Railroad", "Depot", "Commercial", "Broad", "Market",
    "Liberty", "Academy", "Brook", "Valley", "Woodland", "Birch", "Beacon", "Harbor",
    "Morningside", "Clearview", "Hawthorne", "Juniper", "Sycamore", "Magnolia", "Dogwood",
    "Laurel", "Bayview", "Old Farm", "Cranberry", "Quarry", "Fairview", "Greenwood",
    "Martin Luther King Jr.", "Cesar Chavez", "Dorchester", "Blue Hill", "Commonwealth",
    "North", "South", "East", "West", "1st", "2nd", "3rd", "4th", "5th", "7th", "10th",
    "12th", "23rd", "41st", "108th",
)
STREET_TYPES = (
    "Street", "St", "St.", "Avenue", "Ave", "Ave.", "Road", "Rd", "Rd.", "Drive", "Dr",
    "Lane", "Ln", "Court", "Ct", "Place", "Pl", "Boulevard", "Blvd", "Way", "Terrace",
    "Circle", "Parkway", "Pkwy", "Highway", "Trail", "Square",
)
UNIT_FORMS = ("Apt {n}", "Apt. {n}", "Unit {n}", "#{n}", "Apt {n}{l}", "Suite {n}", "Fl {f}")

COUNTRIES = (
    "Haiti", "Guatemala", "El Salvador", "Honduras", "Mexico", "Dominican Republic",
    "Puerto Rico", "Brazil", "Cape Verde", "Vietnam", "China", "India", "Pakistan",
    "Bangladesh", "Nigeria", "Ghana", "Somalia", "Ethiopia", "Kenya", "Ireland", "Italy",
    "Portugal", "Poland", "Russia", "Ukraine", "Lebanon", "Iraq", "Syria", "Afghanistan",
    "Cambodia", "Laos", "Philippines", "Korea", "Japan", "Jamaica", "Trinidad", "Colombia",
    "Peru", "Cuba", "Canada", "Greece", "Germany", "Albania", "Nepal", "Sudan", "Eritrea",
)

HOSPITAL_TYPES = (
    "Hospital", "Medical Center", "Regional Medical Center", "General Hospital",
    "Memorial Hospital", "Community Hospital", "Health Center", "Regional Hospital",
    "Healthcare", "Medical Center", "Rehabilitation Hospital", "Health System",
)
HOSPITAL_PATRONS = (
    "St. Mary's", "St. Joseph's", "St. Luke's", "St. Vincent", "St. Elizabeth's",
    "St. Francis", "St. Anne's", "Sacred Heart", "Good Samaritan", "Mercy", "Providence",
    "Holy Cross", "Our Lady of Lourdes", "Beth Israel", "Baptist", "Methodist", "Presbyterian",
    "Lutheran", "Shriners", "Mount Sinai", "Kaiser", "Children's",
)
NURSING_FACILITY_TYPES = (
    "Nursing and Rehabilitation Center", "Rehab", "Skilled Nursing Facility", "Manor",
    "Health Care Center", "Senior Living", "Assisted Living", "Care Center", "House",
)

EMPLOYER_FORMS = (
    "{last} Construction", "{last} & Sons", "{last} Plumbing", "{last} Trucking",
    "{city} Public Schools", "{city} Fire Department", "{city} Police Department",
    "{last} Hardware", "{last}'s Diner", "{last} Landscaping", "{city} Auto Body",
    "{last} Electric", "{city} Savings Bank", "{last} Insurance Agency", "{city} Public Library",
    "{last} Manufacturing", "{city} Country Club", "{last} Realty", "{last} & {last2} LLP",
)
NATIONAL_EMPLOYERS = (
    "Walmart", "Home Depot", "Stop & Shop", "Dunkin'", "UPS", "FedEx", "Amazon", "Target",
    "CVS", "Walgreens", "McDonald's", "Costco", "Verizon", "General Electric", "Raytheon",
    "the Postal Service", "Boeing", "IBM", "Bank of America", "Starbucks", "Kroger", "Lowe's",
    "Marriott", "the MBTA", "Comcast", "Delta", "Ford", "Goodwill",
)
SCHOOL_FORMS = (
    "{last} Elementary", "{city} High School", "{city} Middle School", "{last} Academy",
    "{city} Community College", "University of {state}", "{state} State University",
    "{last} College",
)
PROFESSIONS = (
    "electrician", "plumber", "truck driver", "teacher", "schoolteacher", "nurse",
    "nursing assistant", "home health aide", "carpenter", "construction worker", "mechanic",
    "auto mechanic", "machinist", "welder", "accountant", "lawyer", "attorney", "engineer",
    "software engineer", "cashier", "waitress", "bartender", "cook", "chef", "janitor",
    "custodian", "security guard", "police officer", "firefighter", "mail carrier",
    "bus driver", "taxi driver", "farmer", "fisherman", "landscaper", "painter", "roofer",
    "hairdresser", "barber", "secretary", "receptionist", "bookkeeper", "pharmacist",
    "dentist", "physician", "social worker", "pastor", "minister", "professor", "librarian",
    "real estate agent", "insurance agent", "salesman", "sales manager", "store manager",
    "factory worker", "warehouse worker", "forklift operator", "longshoreman", "miner",
    "homemaker", "daycare worker", "student", "graduate student", "musician", "artist",
    "photographer", "journalist", "veteran", "Army veteran", "Marine", "EMT", "paramedic",
    "pilot", "flight attendant", "bank teller", "dental hygienist", "court officer",
    "corrections officer", "housekeeper", "nanny", "seamstress", "tailor", "butcher", "baker",
    "web developer", "data analyst", "programmer", "architect", "pharmacy technician",
)


@dataclass(frozen=True, slots=True)
class Place:
    city: str
    state: str  # two-letter abbreviation


@dataclass(frozen=True, slots=True)
class HospitalInfo:
    name: str
    city: str
    state: str
    street: str | None = None
    zip: str | None = None


def _title(text: str) -> str:
    """Title-case an ALL CAPS name, keeping small words and Mc/O' prefixes readable."""
    small = {"of", "and", "the", "at", "for", "in", "on"}
    words = []
    for index, word in enumerate(text.lower().split()):
        if index and word in small:
            words.append(word)
            continue
        titled = "-".join(part[:1].upper() + part[1:] for part in word.split("-"))
        if titled.startswith("Mc") and len(titled) > 2:
            titled = "Mc" + titled[2].upper() + titled[3:]
        if titled.startswith("O'") and len(titled) > 2:
            titled = "O'" + titled[2].upper() + titled[3:]
        if titled in {"St", "Inc", "Llc"}:
            titled = {"St": "St.", "Inc": "Inc", "Llc": "LLC"}[titled]
        words.append(titled)
    return " ".join(words)


@functools.cache
def cities() -> tuple[Place, ...]:
    """US cities with their state (shipped GeoNames list, most populous first) and small towns."""
    places = [Place(row[0], row[1]) for row in _resource_rows("us_cities")
              if len(row) > 1 and row[1] in STATE_NAMES]
    places.extend(Place(city, state) for city, state in TOWNS)
    return tuple(dict.fromkeys(places))


@functools.cache
def hospitals() -> tuple[HospitalInfo, ...]:
    """Real US hospitals from the shipped CMS list, with their city, state and ZIP."""
    found: list[HospitalInfo] = []
    for row in _resource_rows("hospitals"):
        if len(row) >= 4 and row[0] and len(row[0]) < 60:
            name = _title(row[0]) if row[0].isupper() else row[0]
            found.append(HospitalInfo(name, row[1], row[2], None, row[3]))
    return tuple(found)


@functools.cache
def street_names() -> tuple[str, ...]:
    """Street names: the common ones above, then the shipped list (CMS addresses)."""
    skip = {"hospital", "medical", "medical center", "health", "university", "clinic"}
    shipped = tuple(name for name in _resource("street_names") if name.casefold() not in skip)
    return _merge(STREET_NAMES, shipped)


@functools.cache
def countries() -> tuple[str, ...]:
    shipped = _resource("countries")
    return _merge(COUNTRIES, shipped)


def zip_for(rng: random.Random, state: str) -> str:
    """A five-digit ZIP code in the state's range (Faker's US state ranges)."""
    try:
        from faker.providers.address.en_US import Provider  # lazy: Faker's tables load on first use
    except ImportError:  # pragma: no cover - faker is a dependency
        return f"{rng.randrange(1000, 99999):05d}"
    low, high = Provider.states_postcode.get(state, (1001, 99950))
    return f"{rng.randint(low, high):05d}"


def clean_job(job: str) -> str:
    """Faker's ``Engineer, civil`` -> ``civil engineer`` (lower case, acronyms kept)."""
    head, _, qualifier = job.partition(",")
    words = f"{qualifier.strip()} {head.strip()}".strip() if qualifier else head
    return " ".join(word if word.isupper() and len(word) > 1 else word.lower()
                    for word in words.split())


def pick_profession(rng: random.Random) -> str:
    """A profession: mostly the everyday ones, sometimes one of Faker's long job titles."""
    if rng.random() < 0.8:
        return rng.choice(PROFESSIONS)
    return rng.choice(professions())


@functools.cache
def professions() -> tuple[str, ...]:
    try:
        from faker.providers.job.en_US import Provider  # lazy: Faker's tables load on first use
        extra = tuple(clean_job(job) for job in Provider.jobs if "/" not in job)
    except ImportError:  # pragma: no cover
        extra = ()
    return _merge(PROFESSIONS, extra)
