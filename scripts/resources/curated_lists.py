"""Hand-compiled English lists: months, weekdays, titles, name suffixes, name and location
indicators (sources in ``curated/*.tsv``)."""

from __future__ import annotations

from common import Built, read_curated, unique_rows

SCRIPT = "scripts/resources/curated_lists.py"

LISTS = (
    ("months", "months.tsv", "English month names and abbreviations (with and without dot)",
     "Full names, three-letter abbreviations and Sept, each abbreviation also with a dot; "
     "number = month number."),
    ("weekdays", "weekdays.tsv", "English weekday names and abbreviations",
     "Full names and usual abbreviations with and without dot; number = ISO weekday "
     "(Monday = 1)."),
    ("titles", "titles.tsv", "Titles before a person's name (Dr, Mr, Mrs, Ms, Prof, Rev, Capt)",
     "Spellings with and without dot and spelled out; kind = professional, courtesy, "
     "religious, civil or military."),
    ("name_suffixes", "name_suffixes.tsv",
     "Words after a person's name: Jr, Sr, III and credentials (MD, RN, NP, PhD)",
     "kind = generational or credential."),
    ("name_indicators", "name_indicators.tsv",
     "Words that announce a person's name: kinship (daughter, son, wife), contacts (proxy, "
     "guardian) and care team (nurse, attending, PCP, seen by)",
     "kind = family, social, contact or care_team; lower case unless an acronym; multi-word "
     "entries ('health care proxy') are matched on tokens by the features."),
    ("location_indicators", "location_indicators.tsv",
     "Words and phrases that announce a place: lives in, from, transferred from, discharged "
     "to, nursing home",
     "kind = residence, origin, transfer, travel or facility."),
)


def build() -> list[Built]:
    built = []
    for name, filename, description, notes in LISTS:
        header, rows = read_curated(filename)
        built.append(Built(name, "en", description, header, unique_rows(rows), "curated", notes,
                           SCRIPT))
    return built
