"""US hospitals (CMS Hospital General Information) and common US street names from their
addresses; curated street suffixes, directions, address units and hospital indicators."""

from __future__ import annotations

import csv
import re
from collections import Counter, defaultdict

from common import SHARED_DATA, Built, read_curated, smart_title, unique_rows

SCRIPT = "scripts/resources/hospitals.py"
CMS_FILE = SHARED_DATA / "cms-hospitals" / "hospitals.csv"

# Upper-case words of hospital names that are acronyms although they contain vowels.
ACRONYMS = frozenset(
    """UCSF UCLA UCSD UCI UC UPMC NYU OSF UNC HCA CHI UAB USC UT OU LSU UAMS OHSU MUSC UVA UVM VA
    IU UI ECU SSM LLC LP LLP INC PC PLLC MD JFK LBJ GHS PHS BHC HSHS RMC TRMC NMC SGMC DHHS USA
    AMG CMH KPC CAH OSU UTMB UMass AHN ETMC SJ RWJ RWJBH""".upper().split()
)
ABBREVIATIONS = frozenset({"ST", "ST.", "DR", "MT", "MT.", "FT", "JR", "JR.", "SR", "CTR", "HLTH",
                           "HOSP", "HLTHCR", "HSP"})
DIRECTIONS = frozenset({"N", "S", "E", "W", "NE", "NW", "SE", "SW", "NORTH", "SOUTH", "EAST",
                        "WEST", "NORTHEAST", "NORTHWEST", "SOUTHEAST", "SOUTHWEST"})
NUMBER_WORDS = frozenset({"ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
                          "TEN"})
NOT_STREET = frozenset({"HIGHWAY", "HWY", "ROUTE", "RTE", "INTERSTATE", "US", "U", "STATE", "SR",
                        "COUNTY", "FM", "BOX", "PO", "P", "O", "RR", "I"})


def acronyms_of(word: str) -> bool:
    bare = word.strip(".,()&'-/")
    if bare in ABBREVIATIONS:
        return False
    vowelless = len(bare) >= 2 and bare.isalpha() and not re.search("[AEIOUY]", bare)
    return bare in ACRONYMS or vowelless


def title_name(upper: str) -> str:
    upper = re.sub(r"\s*,\s*THE$", "", upper)
    words = upper.split()
    acronyms = frozenset(word.strip(".,()&'-/") for word in words if acronyms_of(word))
    return smart_title(upper, acronyms=acronyms)


def read_hospitals() -> list[dict[str, str]]:
    with CMS_FILE.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def suffix_table() -> dict[str, str]:
    """Upper-case spelling (STREET, ST, STR) -> primary suffix name (Street)."""
    _, rows = read_curated("street_suffixes.tsv")
    table: dict[str, str] = {}
    for suffix, usps, variants in rows:
        for spelling in (suffix, usps, *filter(None, variants.split("|"))):
            table.setdefault(spelling.upper(), suffix)
    return table


def street_of(address: str, suffixes: dict[str, str]) -> tuple[str, str] | None:
    """('MAIN', 'Street') from '123 N MAIN STREET, SUITE 4', or None."""
    first = re.split(r"[,(]| - ", address)[0].upper().replace(".", " ")
    words = first.split()
    while words and (words[0] in NUMBER_WORDS or re.fullmatch(r"\d+[A-Z]?", words[0])):
        words = words[1:]
    if words and words[0] in DIRECTIONS:
        words = words[1:]
    if words and words[-1] in DIRECTIONS:
        words = words[:-1]
    if len(words) < 2 or words[-1] not in suffixes:
        return None
    name_words = words[:-1]
    if not 1 <= len(name_words) <= 3 or any(w in NOT_STREET for w in name_words):
        return None
    if not all(re.fullmatch(r"[A-Z][A-Z']*|\d+(ST|ND|RD|TH)", w) for w in name_words):
        return None
    name = " ".join(name_words)
    return _ordinal_fix(smart_title(name)), suffixes[words[-1]]


def _ordinal_fix(name: str) -> str:
    return re.sub(r"(\d+)(St|Nd|Rd|Th)\b", lambda m: m.group(1) + m.group(2).lower(), name)


def hospitals(records: list[dict[str, str]]) -> Built:
    rows = []
    for record in records:
        rows.append((
            title_name(record["name"].strip()),
            smart_title(record["city"].strip()),
            record["state"].strip(),
            record["zip"].strip(),
            smart_title(record["county"].strip()),
        ))
    rows.sort(key=lambda row: (row[0], row[2], row[1]))
    return Built(
        "hospitals", "en", "US hospitals with city, state, ZIP and county (CMS, 5,334 "
        "hospitals)", ("name", "city", "state", "zip", "county"), unique_rows(rows), "cms",
        "CMS names are upper case; they are written in title case by a heuristic (small "
        "words lower case; vowel-less words and a list of known acronyms such as UCSF, NYU "
        "kept upper case), so a few acronyms may come out as words. Alphabetical; no "
        "frequency.",
        SCRIPT,
    )


def street_names(records: list[dict[str, str]]) -> Built:
    suffixes = suffix_table()
    counts: Counter[str] = Counter()
    suffix_counts: dict[str, Counter[str]] = defaultdict(Counter)
    for record in records:
        found = street_of(record["address"], suffixes)
        if found is None:
            continue
        name, suffix = found
        counts[name] += 1
        suffix_counts[name][suffix] += 1
    rows = [
        (name, str(count), suffix_counts[name].most_common(1)[0][0])
        for name, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]
    return Built(
        "street_names", "en", "US street names (without suffix) with how often they occur "
        "and their most frequent suffix", ("name", "weight", "suffix"), rows, "cms",
        "Parsed from the street addresses of the CMS hospital list: house number, "
        "directionals and suffix removed (e.g. '123 N MAIN ST' -> Main, Street); weight = "
        "number of hospital addresses on a street of that name. Highways and PO boxes "
        "skipped.",
        SCRIPT,
    )


def street_suffixes() -> Built:
    _, curated = read_curated("street_suffixes.tsv")
    rows = []
    for suffix, usps, variants in curated:
        rows.append((suffix, suffix, usps, "name"))
        abbreviations = [usps.title(), *filter(None, variants.split("|"))]
        for spelling in abbreviations:
            if spelling.lower() != suffix.lower():
                rows.append((spelling, suffix, usps, "abbreviation"))
                rows.append((spelling + ".", suffix, usps, "abbreviation"))
    return Built(
        "street_suffixes", "en", "US street suffixes and their abbreviations (USPS Pub. 28)",
        ("suffix", "canonical", "usps", "form"), unique_rows(rows), "curated",
        "Primary suffix names (form=name), the USPS standard abbreviation and common "
        "spellings, each also with a trailing dot (form=abbreviation). Ordered by how common "
        "the suffix is in US addresses (roughly).",
        SCRIPT,
    )


def simple_curated(name: str, filename: str, description: str, notes: str) -> Built:
    header, rows = read_curated(filename)
    return Built(name, "en", description, header, unique_rows(rows), "curated", notes, SCRIPT)


def build() -> list[Built]:
    records = read_hospitals()
    return [
        hospitals(records),
        street_names(records),
        street_suffixes(),
        simple_curated(
            "street_directions", "street_directions.tsv",
            "Street directionals (North, N, NE, N.) with USPS abbreviation",
            "USPS Publication 28 Appendix B directionals, spelled out, abbreviated and dotted.",
        ),
        simple_curated(
            "address_units", "address_units.tsv",
            "Secondary address unit words (Apt, Suite, Floor, PO Box) with canonical form",
            "USPS Publication 28 Appendix C2 designators and PO Box/Rural Route forms; "
            "designators that are very common English words (Side, Front, Lot) left out.",
        ),
        simple_curated(
            "hospital_indicators", "hospital_indicators.tsv",
            "Words and phrases that name a kind of health-care organisation (Hospital, Medical "
            "Center, Rehab, Nursing Home) with kind hospital/clinic/facility",
            "Hand-compiled from the most frequent words of the CMS hospital names and common "
            "facility types of clinical notes.",
        ),
    ]
