"""Values after a cue: ``MRN: 1234567``, ``Tel. 555-1234``, ``Pager #12345``, ``zip 02115``,
``Room 12B``, ``aged 93``, ``NHC: 368503``.

Each row of the cue table names the pattern and label and the kind of value that follows; the
cue words come from the languages (``PatternLanguage.cues``, ``deidkit/lang/<code>/patterns.py``),
every language's words in one expression: either may appear in a note of the other language.
Only the value is reported, not the cue. A ``weak`` cue (``unit``, ``record``, ``visit``)
needs a ``:`` or ``No.`` after it, except before a long number.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from deidkit.lang.patterns import CueWords
from deidkit.patterns.ages import age
from deidkit.patterns.context import LANGUAGES, unit_follows
from deidkit.patterns.spec import ALL, EN, ES, RIGHT, Check, Expression, Found, Pattern

_DATE_SHAPE = Expression(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}")
_ID_VALUE = Expression(r"[\p{L}\d][\p{L}\d/.\-]*")
_DECIMAL_VALUE = Expression(r"\d+[.,]\d+(?:-\d+[.,]\d+)?")  # "ref 11.0-15.0": a range
_ID_MORE_GROUPS = Expression(r"(?:[ ]\d+)+(?=[ \t]*(?:[.,;)]|\n|$))")
# digit groups joined by one space, dot or hyphen (a "+" country code and an area code in
# brackets may lead): a value never runs on over a gap of spaces or a closing bracket into the
# next field ("555-0164   07/10")
_PHONE_SEPARATOR = r"(?:[ ]?[.-][ ]?|[ ])"
_PHONE_VALUE = Expression(
    rf"(?:\+\d{{1,3}}{_PHONE_SEPARATOR}?)?(?:\(\d{{1,4}}\)[ ]?)?"
    rf"\d(?:{_PHONE_SEPARATOR}?\d){{2,18}}"
    r"(?:[ \t]*(?:ext\.?|x)[ \t]*\d{1,5})?(?!\d)", regex.IGNORECASE
)
_ROOM_VALUE = Expression(r"(?:[A-Z]{1,2}-?)?\d{1,4}(?:-?[A-Z])?(?:-\d{1,3})?(?![\w/:]|[.,]\d)")
_ZIP_VALUE = Expression(r"\d{5}(?:-\d{4})?" + RIGHT)
_SSN_VALUE = Expression(r"\d{3}[ -]?\d{2}[ -]?\d{4}(?!\d)")
_AGE_VALUE_EN = Expression(r"(?P<n>\d{1,3})(?!\d|[.,]\d)")
_AGE_VALUE_ES = Expression(
    r"(?:de\s+)?(?P<n>\d{1,3})(?:\s*(?:años|año|meses|mes|d[ií]as|semanas|a|m)\b)?(?![.,]\d)",
    regex.IGNORECASE,
)


def _id_value(text: str, start: int) -> tuple[int, int] | None:
    """An ID after a cue; it runs over digit groups separated by single spaces only when the
    rest of the line (up to punctuation) is made of such groups, as in ``NASS: 26 63514095.``"""
    first = _ID_VALUE.compiled.match(text, start)
    if first is None:
        return None
    end = first.end()
    while end > start and text[end - 1] in ".-/":
        end -= 1
    more = _ID_MORE_GROUPS.compiled.match(text, end, min(len(text), end + 40))
    if more is not None:
        end = more.end()
    value = text[start:end]
    if (sum(map(str.isdigit, value)) < 2 or len(value) < 3
            or _DECIMAL_VALUE.compiled.fullmatch(value)):
        return None
    return start, end


@dataclass(frozen=True, slots=True, kw_only=True)
class Cue:
    """A row of the cue table: the value of some kind after the cue words each language gives
    for ``row`` (``PatternLanguage.cues``); ``weak`` cues need a ':' or 'No.'."""

    row: str
    name: str
    label: str
    kind: str  # id | room | phone | pager | zip | ssn | age_en | age_es
    weak: bool = False
    langs: frozenset[str] = ALL

    @property
    def words(self) -> tuple[CueWords, ...]:
        """The cue words of every language that has some for this row, in registry order."""
        return tuple(lang.cues[self.row] for lang in LANGUAGES if self.row in lang.cues)

    @property
    def expression(self) -> str:
        return "|".join(words.expression for words in self.words)

    @property
    def anchors(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(anchor for words in self.words for anchor in words.anchors))

    @property
    def description(self) -> str:
        marker = " and ':' or 'No.'" if self.weak else ""
        return f"{self.kind} value after a {self.label} cue{marker}"


CUES: tuple[Cue, ...] = (
    Cue(row="ssn", name="ssn_cue", label="SSN", kind="ssn"),
    Cue(row="vehicle", name="id_vehicle", label="VEHICLE", kind="id"),
    Cue(row="license", name="id_license", label="LICENSE", kind="id"),
    Cue(row="license_weak", name="id_license", label="LICENSE", kind="id", weak=True),
    Cue(row="healthplan", name="id_healthplan", label="HEALTHPLAN", kind="id"),
    Cue(row="healthplan_weak", name="id_healthplan", label="HEALTHPLAN", kind="id", weak=True),
    Cue(row="account", name="id_account", label="ACCOUNT", kind="id"),
    Cue(row="account_weak", name="id_account", label="ACCOUNT", kind="id", weak=True),
    Cue(row="mrn", name="id_mrn", label="MEDICALRECORD", kind="id"),
    Cue(row="mrn_weak", name="id_mrn", label="MEDICALRECORD", kind="id", weak=True),
    Cue(row="accession_weak", name="id_accession", label="IDNUM", kind="id", weak=True),
    Cue(row="device", name="id_device", label="DEVICE", kind="id"),
    Cue(row="device_weak", name="id_device", label="DEVICE", kind="id", weak=True),
    Cue(row="other_id", name="id_other", label="IDNUM", kind="id"),
    Cue(row="other_id_weak", name="id_other", label="IDNUM", kind="id", weak=True),
    Cue(row="room", name="room", label="ROOM", kind="room"),
    Cue(row="pager", name="phone_cue", label="PHONE", kind="pager"),
    Cue(row="phone", name="phone_cue", label="PHONE", kind="phone"),
    Cue(row="phone_weak", name="phone_cue", label="PHONE", kind="phone", weak=True),
    Cue(row="zip", name="zip_cue", label="ZIP", kind="zip"),
    # an age's value is read by its language's grammar ("70 años"): one row per language
    Cue(row="age_en", name="age", label="AGE", kind="age_en", langs=EN),
    Cue(row="age_es", name="age_es", label="AGE", kind="age_es", langs=ES),
)
_MARKER = (
    r"[ \t]*(?P<marker>(?:id|no\.?|number|num\.?|#|n[º°o]\.?|nr\.?)[ \t]*[:#.=]?|[:#=])?[ \t]*"
    r"\n?[ \t]*"
)


def _cue_check(cue: Cue) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        unmarked = cue.weak and m.group("marker") is None
        if unmarked and (cue.kind != "id" or "\n" in m.group()):
            return None  # what follows a weak cue without ':' could only count as a long ID
        found = _cue_value(cue, text, m)
        if found is None or not unmarked:
            return found
        value = text[found[0] : found[1]]
        long_number = sum(map(str.isdigit, value)) >= 5 and "\n" not in m.group()
        if cue.kind == "id" and long_number and not _DATE_SHAPE.compiled.fullmatch(value):
            return found  # "Tricare ID 735294803Q": a long number needs no ':' after its cue
        return None

    return check


def _cue_value(cue: Cue, text: str, m: regex.Match[str]) -> Found:
    start = m.end()
    if cue.kind == "id":
        extent = _id_value(text, start)
        return None if extent is None else (*extent, cue.label, cue.name)
    if cue.kind in {"phone", "pager"}:
        value = _PHONE_VALUE.compiled.match(text, start)
        if value is None:
            return None
        digits = sum(map(str.isdigit, value.group()))
        if not (4 if cue.kind == "pager" else 7) <= digits <= 15:
            return None
        label = "FAX" if "fax" in m.group().casefold() else cue.label
        return value.start(), value.end(), label, cue.name
    if cue.kind in {"zip", "ssn", "room"}:
        pattern = {"zip": _ZIP_VALUE, "ssn": _SSN_VALUE, "room": _ROOM_VALUE}[cue.kind]
        value = pattern.compiled.match(text, start)
        if value is not None and cue.kind == "room" and unit_follows(text, value.end()):
            return None
        return None if value is None else (value.start(), value.end(), cue.label, cue.name)
    spanish = cue.kind == "age_es"
    value = (_AGE_VALUE_ES if spanish else _AGE_VALUE_EN).compiled.match(text, start)
    if value is None:
        return None
    phi_start = value.start("n") if spanish else value.start()
    return age(text, phi_start, value.end(), int(value.group("n")), spanish)


CUE_PATTERNS: tuple[Pattern, ...] = tuple(
    Pattern(
        name=cue.name, label=cue.label, langs=cue.langs, description=cue.description,
        expression=r"(?i)(?<![\p{L}\d])(?:" + cue.expression + r")(?![\p{L}])" + _MARKER,
        check=_cue_check(cue), anchors=cue.anchors,
    )
    for cue in CUES
)
"""One pattern per cue, in the table's order."""
