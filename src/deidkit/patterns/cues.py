"""Values after a cue: ``MRN: 1234567``, ``Tel. 555-1234``, ``Pager #12345``, ``zip 02115``,
``Room 12B``, ``aged 93``, ``NHC: 368503``.

Each row of the cue table names its cue words (a regular expression, English and Spanish
together: either may appear in a note of the other language), the lowercase words the cue can
start with (where it is tried), the pattern name and label, and the kind of value that follows.
Only the value is reported, not the cue. A ``weak`` cue (``unit``, ``record``, ``visit``)
needs a ``:`` or ``No.`` after it, except before a long number.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from deidkit.patterns.ages import age
from deidkit.patterns.context import unit_follows
from deidkit.patterns.spec import ALL, EN, ES, RIGHT, Check, Found, Pattern

_DATE_SHAPE = regex.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}")
_ID_VALUE = regex.compile(r"[\p{L}\d][\p{L}\d/.\-]*")
_ID_MORE_GROUPS = regex.compile(r"(?:[ ]\d+)+(?=[ \t]*(?:[.,;)]|\n|$))")
_PHONE_VALUE = regex.compile(
    r"\+?\(?\d[\d \t().-]{2,18}\d(?:[ \t]*(?:ext\.?|x)[ \t]*\d{1,5})?(?!\d)", regex.IGNORECASE
)
_ROOM_VALUE = regex.compile(r"(?:[A-Z]{1,2}-?)?\d{1,4}(?:-?[A-Z])?(?:-\d{1,3})?(?![\w/:]|[.,]\d)")
_ZIP_VALUE = regex.compile(r"\d{5}(?:-\d{4})?" + RIGHT)
_SSN_VALUE = regex.compile(r"\d{3}[ -]?\d{2}[ -]?\d{4}(?!\d)")
_AGE_VALUE_EN = regex.compile(r"(?P<n>\d{1,3})(?!\d|[.,]\d)")
_AGE_VALUE_ES = regex.compile(
    r"(?:de\s+)?(?P<n>\d{1,3})(?:\s*(?:años|año|meses|mes|d[ií]as|semanas|a|m)\b)?(?![.,]\d)",
    regex.IGNORECASE,
)


def _id_value(text: str, start: int) -> tuple[int, int] | None:
    """An ID after a cue; it runs over digit groups separated by single spaces only when the
    rest of the line (up to punctuation) is made of such groups, as in ``NASS: 26 63514095.``"""
    first = _ID_VALUE.match(text, start)
    if first is None:
        return None
    end = first.end()
    while end > start and text[end - 1] in ".-/":
        end -= 1
    more = _ID_MORE_GROUPS.match(text, end, min(len(text), end + 40))
    if more is not None:
        end = more.end()
    value = text[start:end]
    if sum(map(str.isdigit, value)) < 2 or len(value) < 3:
        return None
    return start, end


@dataclass(frozen=True, slots=True, kw_only=True)
class Cue:
    """Cue words (a regex) before a value of some kind; ``weak`` cues need a ':' or 'No.'."""

    expression: str
    anchors: str
    name: str
    label: str
    kind: str  # id | room | phone | pager | zip | ssn | age_en | age_es
    weak: bool = False
    langs: frozenset[str] = ALL

    @property
    def description(self) -> str:
        marker = " and ':' or 'No.'" if self.weak else ""
        return f"{self.kind} value after a {self.label} cue{marker}"


_NO = r"n[º°o]\.?"
CUES: tuple[Cue, ...] = (
    Cue(expression=r"ssn|ss\s?#|soc(?:ial)?\.?\s+sec(?:urity)?\.?(?:\s+(?:no|num|number|#))?",
        anchors="ssn ss soc social", name="ssn_cue", label="SSN", kind="ssn"),
    Cue(expression=r"(?:license|licence)\s+plate|plate|vin|matr[ií]cula",
        anchors="license licence plate vin matrícula matricula", name="id_vehicle",
        label="VEHICLE", kind="id"),
    Cue(expression=rf"dea|npi|{_NO}\s*(?:de\s+)?col(?:egiado)?\.?|colegiado|lic\.",
        anchors="dea npi nº n° no nºcol n°col nocol nºcolegiado colegiado lic.",
        name="id_license", label="LICENSE", kind="id"),
    Cue(expression=r"licen[cs]e|certificate", anchors="license licence certificate",
        name="id_license", label="LICENSE", kind="id", weak=True),
    Cue(expression=rf"nass|{_NO}\s*(?:de\s+)?(?:la\s+)?(?:ss|seg(?:uridad)?\.?\s+soc(?:ial)?|"
        r"afiliaci[oó]n)|tarjeta\s+sanitaria|cip|tis", anchors="nass nº n° no tarjeta cip tis",
        name="id_healthplan", label="HEALTHPLAN", kind="id"),
    Cue(expression=r"insurance|policy|member|subscriber|medicare|medicaid|health\s+plan|group",
        anchors="insurance policy member subscriber medicare medicaid health group",
        name="id_healthplan", label="HEALTHPLAN", kind="id", weak=True),
    Cue(expression=rf"acct|account|{_NO}\s*(?:de\s+)?episodio|episodio",
        anchors="acct account nº n° no episodio", name="id_account", label="ACCOUNT", kind="id"),
    Cue(expression=r"billing|encounter|visit", anchors="billing encounter visit",
        name="id_account", label="ACCOUNT", kind="id", weak=True),
    Cue(expression=rf"mrn|mr\s?#|nhc|n\.\s?h\.\s?c\.|historia\s+cl[ií]nica|{_NO}\s*(?:de\s+)?"
        r"historia(?:\s+cl[ií]nica)?|med(?:ical)?\.?\s+rec(?:ord)?s?\.?",
        anchors="mrn mr nhc n. historia nº n° no med medical", name="id_mrn",
        label="MEDICALRECORD", kind="id"),
    Cue(expression=r"mr|unit|hospital|patient|pt\.?|chart",
        anchors="mr unit hospital patient pt chart", name="id_mrn", label="MEDICALRECORD",
        kind="id", weak=True),
    Cue(expression=r"accession|acc\.?|specimen|case|surgical\s+path(?:ology)?|path(?:ology)?|"
        r"order|requisition|lab",
        anchors="accession acc acc. specimen case surgical path pathology order requisition lab",
        name="id_accession", label="IDNUM", kind="id", weak=True),
    Cue(expression=rf"serial|s/n|device\s+id|{_NO}\s*(?:de\s+)?serie",
        anchors="serial s/n device nº n° no", name="id_device", label="DEVICE", kind="id"),
    Cue(expression=r"sn|model", anchors="sn model", name="id_device", label="DEVICE", kind="id",
        weak=True),
    Cue(expression=r"dni|nif|nie|passport|pasaporte", anchors="dni nif nie passport pasaporte",
        name="id_other", label="IDNUM", kind="id"),
    Cue(expression=rf"id|identifier|identification|record|file|job|ref|reference|{_NO}",
        anchors="id identifier identification record file job ref reference nº n° no",
        name="id_other", label="IDNUM", kind="id", weak=True),
    Cue(expression=r"room|rm\.?|bed|bay|cubicle|habitaci[oó]n|hab\.|cama|box",
        anchors="room rm rm. bed bay cubicle habitación habitacion hab. cama box", name="room",
        label="ROOM", kind="room"),
    Cue(expression=r"pager|beeper|pgr|pg|busca|buscapersonas",
        anchors="pager beeper pgr pg busca buscapersonas", name="phone_cue", label="PHONE",
        kind="pager"),
    Cue(expression=r"phone|telephone|tel|tel[eé]fono|tfno|telf|fax|m[oó]vil|mobile|"
        r"cell(?:ular)?",
        anchors="phone telephone tel teléfono telefono tfno telf fax móvil movil mobile cell",
        name="phone_cue", label="PHONE", kind="phone"),
    Cue(expression=r"ph|home|work|contact|call", anchors="ph home work contact call",
        name="phone_cue", label="PHONE", kind="phone", weak=True),
    Cue(expression=r"zip(?:\s*code)?|postal\s+code|c[oó]digo\s+postal|c\.\s?p\.|cp",
        anchors="zip postal código codigo c. cp", name="zip_cue", label="ZIP", kind="zip"),
    Cue(expression=r"age[ds]?|aged", anchors="age ages aged", name="age", label="AGE",
        kind="age_en", langs=EN),
    Cue(expression=r"edad", anchors="edad", name="age_es", label="AGE", kind="age_es",
        langs=ES),
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
        if cue.kind == "id" and long_number and not _DATE_SHAPE.fullmatch(value):
            return found  # "Tricare ID 735294803Q": a long number needs no ':' after its cue
        return None

    return check


def _cue_value(cue: Cue, text: str, m: regex.Match[str]) -> Found:
    start = m.end()
    if cue.kind == "id":
        extent = _id_value(text, start)
        return None if extent is None else (*extent, cue.label, cue.name)
    if cue.kind in {"phone", "pager"}:
        value = _PHONE_VALUE.match(text, start)
        if value is None:
            return None
        digits = sum(map(str.isdigit, value.group()))
        if not (4 if cue.kind == "pager" else 7) <= digits <= 15:
            return None
        label = "FAX" if "fax" in m.group().casefold() else cue.label
        return value.start(), value.end(), label, cue.name
    if cue.kind in {"zip", "ssn", "room"}:
        pattern = {"zip": _ZIP_VALUE, "ssn": _SSN_VALUE, "room": _ROOM_VALUE}[cue.kind]
        value = pattern.match(text, start)
        if value is not None and cue.kind == "room" and unit_follows(text, value.end()):
            return None
        return None if value is None else (value.start(), value.end(), cue.label, cue.name)
    spanish = cue.kind == "age_es"
    value = (_AGE_VALUE_ES if spanish else _AGE_VALUE_EN).match(text, start)
    if value is None:
        return None
    phi_start = value.start("n") if spanish else value.start()
    return age(text, phi_start, value.end(), int(value.group("n")), spanish)


CUE_PATTERNS: tuple[Pattern, ...] = tuple(
    Pattern(
        name=cue.name, label=cue.label, langs=cue.langs, description=cue.description,
        expression=r"(?i)(?<![\p{L}\d])(?:" + cue.expression + r")(?![\p{L}])" + _MARKER,
        check=_cue_check(cue), anchors=tuple(cue.anchors.split()),
    )
    for cue in CUES
)
"""One pattern per cue, in the table's order."""
