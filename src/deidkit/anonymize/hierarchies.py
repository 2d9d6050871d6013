"""Generalization hierarchies, as data (in the spirit of ARX): one tree per quasi-identifier.

A value is a *path* from the most general node below the root down to its leaf, e.g. age 62
is ``("60-79", "60-69", "60-64", "62")`` and ZIP 02138 is ``("0", "02", "021", "0213",
"02138")``. A generalized value is a prefix of the path (a node); the empty prefix is the root
``*`` (the value suppressed). The lowest common ancestor of several values is their longest
common prefix, so the privacy algorithm needs nothing but paths. Each hierarchy also says how
a node is written in the identifier view (``label``) and back into a note (``render``).

Data: ``data/us_regions.csv`` (US Census Bureau regions) and ``data/profession_groups.csv``
(groups after the 2018 Standard Occupational Classification); states and cities come from the
shipped ``us_states``, ``us_state_abbreviations`` and ``us_cities`` resources.
"""

from __future__ import annotations

import csv
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources as package_files

Path = tuple[str, ...]
ROOT: Path = ()
RANGE = "\x1f"
"""Marks a range node: ``lca + (RANGE + low + RANGE + high,)`` is the run of ``lca``'s children
from ``low`` to ``high`` (ordered hierarchies only: ages, dates, ZIP codes)."""
MISSING: Path = ("-",)
"""The leaf of a person with no value for an attribute (a value of its own, below the root)."""

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
UNKNOWN_REGION = "(unknown region)"
UNKNOWN_STATE = "(unknown state)"
OTHER_OCCUPATIONS = "other occupations"


def range_node(lca: Path, low: str, high: str) -> Path:
    return (*lca, f"{RANGE}{low}{RANGE}{high}")


def split_range(node: Path) -> tuple[Path, str, str] | None:
    """(lca, low child, high child) of a range node, or None for a plain node."""
    if not node or not node[-1].startswith(RANGE):
        return None
    _, low, high = node[-1].split(RANGE)
    return node[:-1], low, high


def within(leaf: Path, node: Path) -> bool:
    """Whether a leaf lies under a node (plain or range)."""
    found = split_range(node)
    if found is None:
        return leaf[: len(node)] == node
    lca, low, high = found
    depth = len(lca)
    return leaf[:depth] == lca and len(leaf) > depth and low <= leaf[depth] <= high


def _numbers_range(low: str, high: str) -> str:
    """``60-64`` .. ``65-69`` -> ``60-69``; ``80-89`` .. ``90+`` -> ``80+``."""
    start = low.split("-")[0]
    if high.endswith("+"):
        return f"{start}+"
    return f"{start}-{high.split('-')[-1]}"


def _data_rows(name: str) -> list[dict[str, str]]:
    text = package_files.files("deidkit.anonymize").joinpath("data", name).read_text("utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(lines))


@functools.cache
def regions() -> dict[str, str]:
    """State USPS code -> Census region."""
    return {row["abbreviation"]: row["region"] for row in _data_rows("us_regions.csv")}


@functools.cache
def profession_groups() -> dict[str, str]:
    """Occupation phrase (casefolded) -> occupation group."""
    return {row["phrase"].casefold(): row["group"] for row in _data_rows("profession_groups.csv")}


@functools.cache
def _states() -> tuple[dict[str, str], dict[str, str]]:
    """(casefolded name or abbreviation -> USPS code, USPS code -> state name)."""
    from deidkit import resources

    codes: dict[str, str] = {}
    names: dict[str, str] = {}
    for name, code, *_ in resources.rows("us_states"):
        codes[name.casefold()] = code
        codes[code.casefold()] = code
        names[code] = name
    for abbreviation, name, *_ in resources.rows("us_state_abbreviations"):
        found = codes.get(name.casefold())
        if found is not None:
            codes.setdefault(abbreviation.casefold().rstrip("."), found)
    return codes, names


@functools.cache
def _city_states() -> dict[str, str]:
    """Casefolded city name -> USPS code of its most populous namesake."""
    from deidkit import resources

    found: dict[str, str] = {}
    for row in resources.rows("us_cities"):
        if len(row) > 1:
            found.setdefault(row[0].casefold(), row[1])
    return found


def _upper_like(original: str, text: str) -> str:
    """``text`` in capitals when the original mention was a word written in capitals (not an
    abbreviation such as ``PA``)."""
    letters = [c for c in original if c.isalpha()]
    return text.upper() if len(letters) > 3 and all(c.isupper() for c in letters) else text


# --- age ---------------------------------------------------------------------------------

_DIGITS = re.compile(r"\d{1,3}")


def age_path(years: int) -> Path:
    """Bands of 20, 10 and 5 years, then the age; 90 and over is one leaf, ``90+``."""
    if years >= 90:
        return ("90+",)
    b20, b10, b5 = years // 20 * 20, years // 10 * 10, years // 5 * 5
    return (f"{b20}-{min(b20 + 19, 89)}", f"{b10}-{b10 + 9}", f"{b5}-{b5 + 4}", str(years))


def parse_age(text: str) -> Path | None:
    match = _DIGITS.search(text)
    if match is None or not 0 <= int(match.group()) <= 130:
        return None
    return age_path(int(match.group()))


def label_age(node: Path) -> str:
    found = split_range(node)
    return node[-1] if found is None else _numbers_range(found[1], found[2])


def render_age(node: Path, leaf: Path, original: str) -> str:
    """The mention with its number replaced by the band (``62 y/o`` -> ``60-64 y/o``)."""
    match = _DIGITS.search(original)
    if match is None:
        return label_age(node)
    return original[: match.start()] + label_age(node) + original[match.end() :]


# --- dates -------------------------------------------------------------------------------

_MONTH_WORD = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_DATE_FORMS = tuple(
    re.compile(form, re.IGNORECASE)
    for form in (
        r"(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})",
        r"(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})",
        r"(?P<m>\d{1,2})[-/](?P<d>\d{1,2})[-/](?P<y>\d{2}|\d{4})",
        r"(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})",
        r"(?P<m>\d{1,2})[-/](?P<d>\d{1,2})",
        r"(?P<m>\d{1,2})/(?P<y>\d{4})",
        _MONTH_WORD + r"\s*" + _DAY + r"(?:\s*,?\s*(?P<y>\d{4}))?",
        _DAY + r"(?:\s+of)?\s*-?" + _MONTH_WORD + r"\s*-?,?\s*(?P<y>\d{2}|\d{4})?",
        _MONTH_WORD + r",?\s+(?P<y>\d{4})",
        r"(?P<y>(?:19|20)\d{2})",
    )
)
_MONTH_NUMBER = {name[:3].casefold(): index for index, name in enumerate(MONTHS, 1)}


def parse_date(text: str, context_year: int | None = None) -> Path | None:
    """The date path (5 years, year, quarter, month, day; shorter for partial dates) of a
    mention, or None when this parser cannot read it (the mention is then redacted).
    A date without a year takes ``context_year`` (the note's year)."""
    value = text.strip()
    for form in _DATE_FORMS:
        match = form.fullmatch(value)
        if match is None:
            continue
        parts = match.groupdict()
        month_word = parts.get("mon")
        month = _MONTH_NUMBER[month_word[:3].casefold()] if month_word else None
        if parts.get("m"):
            month = int(parts["m"])
        day = int(parts["d"]) if parts.get("d") else None
        year: int | None = int(parts["y"]) if parts.get("y") else None
        if year is not None and year < 100:
            pivot = (context_year or 2025) % 100
            year += 2000 if year <= pivot else 1900
        if year is None:
            year = context_year
        if year is None:
            return None
        return date_path(year, month, day)
    return None


def date_path(year: int, month: int | None = None, day: int | None = None) -> Path | None:
    if not 1800 <= year <= 2200 or (month is not None and not 1 <= month <= 12):
        return None
    five = year // 5 * 5
    if month is None:
        return (f"{five}-{five + 4}", f"{year}")
    quarter = (month - 1) // 3 + 1
    path: Path = (f"{five}-{five + 4}", f"{year}", f"{year}-Q{quarter}", f"{year}-{month:02d}")
    if day is None:
        return path
    import datetime as dt

    try:
        dt.date(year, month, day)
    except ValueError:
        return None
    return (*path, f"{year}-{month:02d}-{day:02d}")


def _date_words(label: str) -> tuple[str, str]:
    """(the part that varies, the year it belongs to) of a date node's label."""
    parts = label.split("-")
    if len(parts) == 1 or (len(parts) == 2 and len(parts[1]) == 4):
        return label, ""
    if parts[1].startswith("Q"):
        return parts[1], parts[0]
    month = MONTHS[int(parts[1]) - 1]
    if len(parts) == 2:
        return month, parts[0]
    return f"{month} {int(parts[2])}", parts[0]


def render_date(node: Path, leaf: Path, original: str) -> str:
    """Years ``2010-2014``, year ``2012``, quarter ``Q1 2012``, month ``March 2012``, and runs
    of them (``2010-2012``, ``Q1-Q2 2012``, ``March-May 2012``); a day keeps the original."""
    found = split_range(node)
    if found is None:
        if len(node) >= len(leaf):
            return original
        word, year = _date_words(node[-1])
        return _upper_like(original, f"{word} {year}".strip())
    _, low, high = found
    (first, year), (last, _) = _date_words(low), _date_words(high)
    if not year:
        return _numbers_range(low, high)
    if first.split()[0] == last.split()[0] and " " in first:  # days of one month
        return _upper_like(original, f"{first}-{last.split()[1]}, {year}")
    return _upper_like(original, f"{first}-{last} {year}")


def label_date(node: Path) -> str:
    found = split_range(node)
    if found is None:
        return node[-1]
    _, low, high = found
    return _numbers_range(low, high) if "-" not in low or len(low) == 9 else f"{low}..{high}"


# --- ZIP codes ---------------------------------------------------------------------------

_ZIP = re.compile(r"(\d{5})(?:-\d{4})?")


def parse_zip(text: str) -> Path | None:
    match = _ZIP.fullmatch(text.strip())
    if match is None:
        return None
    code = match.group(1)
    return tuple(code[:size] for size in range(1, 6))


def label_zip(node: Path) -> str:
    found = split_range(node)
    if found is not None:
        _, low, high = found
        return f"{low + '*' * (5 - len(low))}-{high + '*' * (5 - len(high))}"
    return node[-1] + "*" * (5 - len(node[-1]))


def render_zip(node: Path, leaf: Path, original: str) -> str:
    return label_zip(node)


# --- places ------------------------------------------------------------------------------


def state_code(text: str) -> str | None:
    codes, _ = _states()
    return codes.get(" ".join(text.replace(".", " ").split()).casefold()) or codes.get(
        text.strip().casefold()
    )


def parse_state(text: str) -> Path | None:
    code = state_code(text)
    if code is None:
        return None
    return (regions().get(code, UNKNOWN_REGION), _states()[1][code])


def render_region_or_state(node: Path, leaf: Path, original: str) -> str:
    if len(node) >= len(leaf):
        return original
    return _upper_like(original, node[-1])


def parse_city(text: str) -> Path | None:
    """A city path with its state still unknown (see ``city_path``)."""
    name = " ".join(text.split())
    if not name or not any(c.isalpha() for c in name):
        return None
    return (UNKNOWN_REGION, UNKNOWN_STATE, name.title())


def city_path(leaf: Path, state: Path | None) -> Path:
    """The city's path under the person's state (or its most populous namesake's state)."""
    city = leaf[-1]
    if state is not None and state != MISSING:
        return (state[0], state[1], city)
    code = _city_states().get(city.casefold())
    if code is None:
        return (UNKNOWN_REGION, UNKNOWN_STATE, city)
    return (regions().get(code, UNKNOWN_REGION), _states()[1].get(code, UNKNOWN_STATE), city)


def label_city(node: Path) -> str:
    return f"{node[2]}, {node[1]}" if len(node) == 3 else node[-1]


# --- professions and sex -----------------------------------------------------------------


def parse_profession(text: str) -> Path | None:
    words = re.findall(r"[^\W\d_]+", text.casefold())
    if not words:
        return None
    groups = profession_groups()
    best: tuple[int, str] | None = None
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            group = groups.get(" ".join(words[start : start + size]))
            if group is not None and (best is None or size > best[0]):
                best = (size, group)
        if best is not None:
            break
    return (best[1] if best else OTHER_OCCUPATIONS, " ".join(words))


_SEXES = {
    "f": "F", "female": "F", "woman": "F", "girl": "F", "mujer": "F", "femenino": "F",
    "m": "M", "male": "M", "man": "M", "boy": "M", "hombre": "M", "varón": "M", "varon": "M",
    "masculino": "M",
}


def parse_sex(text: str) -> Path | None:
    value = _SEXES.get(text.strip().rstrip(".").casefold())
    return (value,) if value else None


def keep_original(node: Path, leaf: Path, original: str) -> str:
    return original if len(node) >= len(leaf) else _upper_like(original, node[-1])


def last_label(node: Path) -> str:
    return node[-1]


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """How one quasi-identifier is read, generalized and written.

    ``parse(text, context_year)`` gives a value's path (None: not readable, the mention is
    redacted); ``label(node)`` is a node in the view; ``render(node, leaf, original)`` is the
    text a mention becomes; ``levels`` names the depths 1..n of the tree;
    ``safe_harbor_depth`` is how deep the HIPAA Safe Harbor method keeps it (None: as is).
    ``ordered``: its children have an order (a partition may be released as a run of them).
    """

    parse: Callable[[str, int | None], Path | None]
    label: Callable[[Path], str]
    render: Callable[[Path, Path, str], str]
    levels: tuple[str, ...]
    safe_harbor_depth: int | None
    ordered: bool = False


def _ignore_year(parse: Callable[[str], Path | None]) -> Callable[[str, int | None], Path | None]:
    return lambda text, _year: parse(text)


HIERARCHIES: dict[str, Hierarchy] = {
    "age": Hierarchy(_ignore_year(parse_age), label_age, render_age,
                     ("20 years", "10 years", "5 years", "year"), None, ordered=True),
    "date": Hierarchy(parse_date, label_date, render_date,
                      ("5 years", "year", "quarter", "month", "day"), 2, ordered=True),
    "zip": Hierarchy(_ignore_year(parse_zip), label_zip, render_zip,
                     ("1 digit", "2 digits", "3 digits", "4 digits", "5 digits"), 3,
                     ordered=True),
    "state": Hierarchy(_ignore_year(parse_state), last_label, render_region_or_state,
                       ("region", "state"), None),
    "city": Hierarchy(_ignore_year(parse_city), label_city, render_region_or_state,
                      ("region", "state", "city"), 2),
    "profession": Hierarchy(_ignore_year(parse_profession), last_label, keep_original,
                            ("group", "occupation"), None),
    "sex": Hierarchy(_ignore_year(parse_sex), last_label, keep_original, ("sex",), None),
}
"""The hierarchies by name (quasi-identifiers name theirs in ``attributes.QUASI_IDENTIFIERS``)."""


def view_label(hierarchy: Hierarchy, node: Path) -> str:
    """A node as written in the identifier view: ``*`` for the root, ``-`` for no value."""
    if node == ROOT:
        return "*"
    if node == MISSING:
        return "-"
    return hierarchy.label(node)
