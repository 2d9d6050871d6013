"""Re-identification: placeholders in de-identified text become realistic surrogates.

Stat De-id (section 3) and PhysioNet deid (section 2.6) built their corpora this way. Each
placeholder (``[REMOVED]``, ``[**First Name**]``, ``[**2012-3-14**]``, ``***NAME***``, a
user pattern) is replaced by a surrogate of the right type and gets a span with that label.
The type comes from the placeholder's hint when it has one, else from its context (``Dr.``
before it, ``Hospital`` after it, ``lives in``, ``on`` before a date, ...), else from a span
the input already puts on the placeholder. Values come from the redaction surrogate
generator (``deidkit.redact.surrogates``), keyed by a seed so the output is reproducible.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from deidkit.corpus import forms
from deidkit.errors import ConfigError
from deidkit.labels import LABELS
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings
from deidkit.types import Document, Span

# --- finding placeholders --------------------------------------------------------------------

_BUILTIN = (
    ("mimic", re.compile(r"\[\*\*(?P<hint>[^\n\]]{0,120}?)\*\*\]")),
    ("removed", re.compile(r"\[(?P<hint>REMOVED|REDACTED|DELETED|Removed|Redacted|removed)\]")),
    ("stars", re.compile(r"\*{2,3}(?P<hint>[A-Z][A-Z0-9_/ -]{0,30}?[A-Z0-9])\*{2,3}")),
    ("masked", re.compile(r"(?<![\w*])\*{4,}(?![\w*])")),
    ("angle", re.compile(r"<(?P<hint>[A-Z][A-Z_]{1,30})>")),
    ("bracket", re.compile(r"\[(?P<hint>[A-Z][A-Z_ /-]{1,30})\]")),
)
"""Built-in placeholder styles, tried in this order; the first match at a position wins."""


@dataclass(frozen=True, slots=True)
class Placeholder:
    """One placeholder: its offsets, style, and the text of its hint (may be empty)."""

    start: int
    end: int
    style: str
    hint: str


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """A user pattern; a named group ``type`` (or ``hint``) gives the type hint."""
    try:
        compiled = re.compile(pattern)
    except re.error as error:
        raise ConfigError(f"--pattern is not a valid regular expression ({error})") from None
    if compiled.search("") is not None and compiled.fullmatch("") is not None:
        raise ConfigError("--pattern matches the empty string; make it match the placeholder")
    return compiled


def find_placeholders(
    text: str, patterns: Sequence[re.Pattern[str]] = ()
) -> list[Placeholder]:
    """Every placeholder in ``text``, in order, non-overlapping (user patterns first)."""
    found: list[Placeholder] = []
    taken = bytearray(len(text))
    styles = [("pattern", pattern) for pattern in patterns] + list(_BUILTIN)
    for style, pattern in styles:
        for match in pattern.finditer(text):
            start, end = match.span()
            if start == end or any(taken[start:end]):
                continue
            groups = match.groupdict()
            hint = groups.get("type") or groups.get("hint") or ""
            if style == "bracket" and _hint_label(hint) is None:
                continue  # "[ok]"-like brackets that are not a PHI type
            if style == "angle" and _hint_label(hint) is None:
                continue
            taken[start:end] = b"\x01" * (end - start)
            found.append(Placeholder(start, end, style, hint.strip()))
    return sorted(found, key=lambda item: item.start)


# --- type hints -------------------------------------------------------------------------------

_HINT_WORDS: tuple[tuple[str, str], ...] = (
    # (keyword in the hint, casefolded; label) -- most specific first
    ("age over 90", "AGE"), ("age", "AGE"),
    ("social security", "SSN"), ("ssn", "SSN"), ("us_ssn", "SSN"),
    ("medical record", "MEDICALRECORD"), ("mrn", "MEDICALRECORD"), ("unit number", "MEDICALRECORD"),
    ("record number", "MEDICALRECORD"),
    ("serial number", "DEVICE"), ("device", "DEVICE"),
    ("account", "ACCOUNT"), ("health plan", "HEALTHPLAN"), ("insurance", "HEALTHPLAN"),
    ("license", "LICENSE"), ("licence", "LICENSE"), ("vehicle", "VEHICLE"),
    ("clip number", "IDNUM"), ("job number", "IDNUM"), ("provider number", "IDNUM"),
    ("md number", "IDNUM"), ("numeric identifier", "IDNUM"), ("identifier", "IDNUM"),
    ("id number", "IDNUM"), ("idnum", "IDNUM"), ("accession", "IDNUM"),
    ("pager", "PHONE"), ("telephone", "PHONE"), ("phone", "PHONE"), ("fax", "FAX"),
    ("e-mail", "EMAIL"), ("email", "EMAIL"), ("url", "URL"), ("ip address", "IPADDR"),
    ("ipaddr", "IPADDR"), ("ip_address", "IPADDR"),
    ("hospital ward", "DEPARTMENT"), ("hospital unit", "DEPARTMENT"), ("wardname", "DEPARTMENT"),
    ("ward", "DEPARTMENT"), ("department", "DEPARTMENT"),
    ("hospital", "HOSPITAL"), ("clinic", "HOSPITAL"),
    ("street", "STREET"), ("apartment address", "STREET"), ("address", "STREET"),
    ("po box", "STREET"),
    ("zip", "ZIP"), ("postal", "ZIP"), ("state", "STATE"), ("country", "COUNTRY"),
    ("company", "ORGANIZATION"), ("university", "ORGANIZATION"), ("college", "ORGANIZATION"),
    ("organization", "ORGANIZATION"), ("employer", "ORGANIZATION"), ("nrp", "ORGANIZATION"),
    ("city", "CITY"), ("town", "CITY"), ("location", "LOCATION_OTHER"), ("gpe", "CITY"),
    ("profession", "PROFESSION"), ("occupation", "PROFESSION"),
    ("username", "USERNAME"), ("user name", "USERNAME"),
    ("doctor", "DOCTOR"), ("dictator", "DOCTOR"), ("attending", "DOCTOR"),
    ("cc contact", "DOCTOR"), ("physician", "DOCTOR"), ("provider", "DOCTOR"),
    ("(md)", "DOCTOR"), ("stitle", "DOCTOR"), ("hcpname", "DOCTOR"),
    ("relative", "RELATIVE"), ("family", "RELATIVE"),
    ("holiday", "DATE"), ("date", "DATE"), ("month", "DATE"), ("year", "DATE"), ("day", "DATE"),
    ("time", "DATE"),
    ("first name", "PATIENT"), ("last name", "PATIENT"), ("firstname", "PATIENT"),
    ("lastname", "PATIENT"), ("initial", "PATIENT"), ("name", "PATIENT"),
    ("patient", "PATIENT"), ("person", "PATIENT"),
)
_DATE_VALUE = re.compile(r"^\d{1,4}([-/.])\d{1,2}(?:\1\d{1,4})?$|^\d{4}$")


def _hint_label(hint: str) -> str | None:
    """The label a hint names (``First Name`` -> PATIENT), or None."""
    folded = " ".join(hint.casefold().replace("_", " ").split())
    if not folded or folded in {"removed", "redacted", "deleted", "phi", "x", "xx", "xxx"}:
        return None
    upper = hint.strip().upper()
    if upper in LABELS:
        return upper
    if _DATE_VALUE.match(hint.strip()):
        return "DATE"
    if folded in {"date time", "datetime", "date_time"}:
        return "DATE"
    if folded in {"phone number", "us phone"}:
        return "PHONE"
    for keyword, label in _HINT_WORDS:
        if keyword == folded or re.search(rf"(?<![a-z]){re.escape(keyword)}(?![a-z])", folded):
            return label
    return None


def _name_form(hint: str) -> str:
    """Which part of a name a hint asks for: full, first, last or initials."""
    folded = hint.casefold()
    if "initial" in folded:
        return "initials"
    if "first" in folded:
        return "first"
    if "last" in folded or "stitle" in folded or "(lf)" in folded:
        return "last"
    return "full"


# --- inferring a type from context ---------------------------------------------------------

_RELATIONS = ("wife", "husband", "son", "daughter", "mother", "father", "brother", "sister",
              "niece", "nephew", "aunt", "uncle", "grandson", "granddaughter", "friend", "hcp",
              "proxy", "partner", "spouse", "fiance", "fiancee", "guardian", "cousin")
_LEFT_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + r"\W*$", re.IGNORECASE), label)
    for pattern, label in (
        (r"\b(?:dr|drs|doctor|md|attending|resident|surgeon|dictated by|signed by|cc|pcp|"
         r"provider|physician|seen by|np|pa)\.?", "DOCTOR"),
        (r"\b(?:mr|mrs|ms|miss|mister)\.?", "PATIENT"),
        (r"\b(?:" + "|".join(_RELATIONS) + r")(?:'s)?,?", "RELATIVE"),
        (r"\b(?:mrn|mr#|mr no|unit no|unit number|medical record(?: number)?|record #)\.?:?",
         "MEDICALRECORD"),
        (r"\b(?:ssn|social security(?: number)?|ss#)\.?:?", "SSN"),
        (r"\b(?:acct|account)(?: #| number| no)?\.?:?", "ACCOUNT"),
        (r"\b(?:accession|acc #|clip #|job #|order #)\.?:?", "IDNUM"),
        (r"\b(?:fax)(?: #| number)?\.?:?", "FAX"),
        (r"\b(?:phone|tel|telephone|cell|pager|beeper|reached at|contact(?: #)?|"
         r"call(?:ed)?(?: back)?(?: (?:him|her|them|pt|patient|family))? at)\.?:?", "PHONE"),
        (r"\b(?:e-?mail(?: address)?)\.?:?", "EMAIL"),
        (r"\b(?:age|aged)\.?:?", "AGE"),
        (r"\b(?:lives in|living in|resides in|moved to|native of|born in|home in|grew up in|"
         r"originally from|resident of|relocated to)", "CITY"),
        (r"\b(?:traveled to|travelled to|trip to|emigrated from|immigrated from)", "COUNTRY"),
        (r"\b(?:works at|employed by|works for|retired from|employed at|worked at)",
         "ORGANIZATION"),
        (r"\b(?:works as an?|worked as an?|employed as an?|retired)", "PROFESSION"),
        (r"\b(?:transferred from|transferred to|transfer to|admitted to|seen at|hospital:|"
         r"presented to|discharged to|followed at)", "HOSPITAL"),
        (r"\b(?:room|rm|bed)\.?#?", "ROOM"),
        (r"\b(?:date|dob|d\.o\.b|date of birth|admitted|discharged|admission date|"
         r"discharge date|on|since|until|till|by|from|through|thru|dated|of|in|before|after|"
         r"as of|starting|dd|dt)\.?:?", "DATE"),
    )
)
_RIGHT_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(r"^\W{0,2}" + pattern, re.IGNORECASE), label)
    for pattern, label in (
        (r"(?:-| )?(?:year|yr|y/o|yo\b|y\.o\.|years? old|yrs)", "AGE"),
        (r"(?:hospital|medical center|health center|health centre|clinic|infirmary|rehab|"
         r"nursing home|healthcare|medical group)\b", "HOSPITAL"),
        (r"(?:unit|ward|icu|floor)\b", "DEPARTMENT"),
        (r",? (?:md|m\.d\.|do|np|pa-c|rn)\b", "DOCTOR"),
        (r",? [A-Z]{2}\b \d{5}", "CITY"),
        (r"(?:street|st\.|avenue|ave|road|rd\.|drive|lane|blvd|boulevard)\b", "STREET"),
    )
)
_INSTITUTION_SUFFIX = re.compile(
    r"^( (?:general |memorial |community |regional |university )?(?:hospital|medical center|"
    r"health center|health centre|clinic|infirmary|rehab(?:ilitation)?(?: center| hospital)?|"
    r"nursing home|healthcare|medical group)s?)\b", re.IGNORECASE)
_UNIT_SUFFIX = re.compile(r"^( (?:unit|ward|icu|floor))\b", re.IGNORECASE)


_REFINABLE = {
    "PATIENT": frozenset({"DOCTOR", "RELATIVE"}),
    "LOCATION_OTHER": frozenset({"CITY", "COUNTRY", "HOSPITAL", "STREET", "ORGANIZATION"}),
}
"""Generic hints that the context may make precise (``Name`` after ``Dr.`` is a DOCTOR)."""


def _from_context(text: str, placeholder: Placeholder) -> str | None:
    right = text[placeholder.end : placeholder.end + 30]
    for pattern, candidate in _RIGHT_RULES:
        if pattern.search(right):
            return candidate
    left = text[max(0, placeholder.start - 40) : placeholder.start]
    for pattern, candidate in _LEFT_RULES:
        if pattern.search(left):
            return candidate
    return None


def infer_label(text: str, placeholder: Placeholder) -> str:
    """The label of a placeholder from its hint, else from the words around it.

    A generic hint (a name, a location) is made precise by the context; a placeholder with
    neither a hint nor a telling context is taken for a patient's name.
    """
    label = _hint_label(placeholder.hint)
    context = _from_context(text, placeholder)
    if label is not None:
        if context is not None and context in _REFINABLE.get(label, ()):
            return context
        return label
    return context or "PATIENT"


_TITLE_BEFORE = re.compile(r"\b(?:dr|drs|doctor|mr|mrs|ms|miss|prof)\.?\s*$", re.IGNORECASE)


def infer_name_form(text: str, placeholder: Placeholder) -> str:
    """The part of a name a placeholder stands for: from its hint, else ``last`` after a
    title (``Dr. [REMOVED]``), else the full name."""
    if placeholder.hint and _hint_label(placeholder.hint) is not None:
        return _name_form(placeholder.hint)
    if _TITLE_BEFORE.search(text[max(0, placeholder.start - 8) : placeholder.start]):
        return "last"
    return "full"


# --- surrogates -------------------------------------------------------------------------------

_FIRST_EXAMPLES = ("John", "Mary", "Robert", "Linda", "James", "Patricia", "David", "Susan")
_LAST_EXAMPLES = ("Smith", "Johnson", "Brown", "Miller", "Davis", "Garcia", "Wilson", "Moore")
_EXAMPLES: dict[str, tuple[str, ...]] = {
    "HOSPITAL": ("General Hospital", "Memorial Hospital", "Medical Center", "St. Mary's Hospital"),
    "ORGANIZATION": ("Acme Corp", "Lincoln High School", "City Hardware"),
    "DEPARTMENT": ("Blake 7", "Ellison 12"),
    "ROOM": ("412", "7B", "1123"),
    "STREET": ("12 Main Street", "45 Oak Ave", "310 Elm St."),
    "CITY": ("Springfield", "Riverside", "Greenville"),
    "STATE": ("Ohio", "MA", "Texas"),
    "ZIP": ("02114", "60614"),
    "COUNTRY": ("Canada", "Brazil", "Italy"),
    "LOCATION_OTHER": ("Springfield", "Lake Park"),
    "PROFESSION": ("teacher", "electrician", "nurse"),
    "PHONE": ("(617) 555-0123", "617-555-0199", "555-0142"),
    "FAX": ("(617) 555-0199",),
    "EMAIL": ("jsmith@example.com",),
    "URL": ("www.example.com",),
    "IPADDR": ("10.0.0.1",),
    "SSN": ("123-45-6789",),
    "MEDICALRECORD": ("1234567", "12-345-678"),
    "HEALTHPLAN": ("W123456789",),
    "ACCOUNT": ("12345678",),
    "LICENSE": ("AB1234567",),
    "VEHICLE": ("123-ABC",),
    "DEVICE": ("SN123456",),
    "BIOID": ("B1234",),
    "IDNUM": ("123456", "A1234567"),
    "USERNAME": ("jsmith",),
    "OTHER": ("other",),
    "SEX": ("male", "female"),
}


class Reidentifier:
    """Fills placeholders with surrogates; the same seed gives the same output."""

    def __init__(self, seed: int = 0, patterns: Sequence[str] = ()) -> None:
        self.seed = seed
        self.patterns = tuple(compile_pattern(pattern) for pattern in patterns)
        material = hashlib.sha256(f"deidkit-reidentify:{seed}".encode()).digest()
        settings = SurrogateSettings(age_policy="surrogate")
        self.generator = SurrogateGenerator(SecretKey(material), settings)
        self._year_deltas: dict[str, int] = {}

    def _rng(self, *parts: str) -> random.Random:
        digest = hashlib.sha256("\x1f".join((str(self.seed), *parts)).encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def surrogate(
        self, label: str, placeholder: Placeholder, scope: str, identity: str, form: str = "full"
    ) -> str:
        """A surrogate for one placeholder (``identity`` keeps repeated placeholders equal)."""
        rng = self._rng(scope, identity)
        hint = placeholder.hint.strip()
        if label == "DATE":
            example = self._date_example(hint, rng, scope)
            if example == hint:
                example = self._realistic_year(example, scope)
            # every date of a patient (or of a note without one) moves by the same offset
            return self.generator.replace(example, label, scope)
        elif label in ("PATIENT", "DOCTOR", "RELATIVE"):
            example = self._name_example(form, rng)
        elif label == "AGE":
            example = str(rng.randint(90, 104) if "90" in hint else rng.randint(18, 89))
            if "90" not in hint:
                return example
        else:
            example = rng.choice(_EXAMPLES.get(label, ("other",)))
        return self.generator.replace(example, label, f"{scope}|{identity}")

    def _realistic_year(self, value: str, scope: str) -> str:
        """MIMIC shifts years into the 22nd century; bring them back by one offset per patient
        (intervals kept) so the text reads like a real note."""
        match = re.search(r"\d{4}", value)
        if match is None or int(match.group()) <= 2030:
            return value
        year = int(match.group())
        delta = self._year_deltas.get(scope)
        if delta is None:
            delta = year - self._rng("years", scope).randint(2004, 2022)
            self._year_deltas[scope] = delta
        new_year = year - delta
        if not 1880 <= new_year <= 2030:
            new_year = 1880 + (new_year - 1880) % 150
        return value[: match.start()] + str(new_year) + value[match.end() :]

    def _date_example(self, hint: str, rng: random.Random, scope: str) -> str:
        if _DATE_VALUE.match(hint):
            return hint  # MIMIC keeps a (shifted) date inside the placeholder
        # an invented date lies within two months of the patient's (or note's) own period
        # (the year a MIMIC-shifted year of the same patient is brought back to)
        year = self._rng("years", scope).randint(2004, 2022)
        anchor = dt.date(year, 1, 1) + dt.timedelta(days=self._rng("period", scope).randrange(300))
        day = anchor + dt.timedelta(days=rng.randrange(60))
        folded = hint.casefold()
        if "holiday" in folded:
            return rng.choice(forms.HOLIDAYS)
        if "month/day" in folded or "day month" in folded:
            return forms.format_date(rng, day, "partial")
        if "month/year" in folded:
            return forms.format_date(rng, day, "coarse")
        if "month" in folded:
            return forms.MONTHS[day.month - 1]
        if "year" in folded:
            return f"{day.year % 100:02d}" if "2 digit" in folded else str(day.year)
        if "range" in folded:
            later = day + dt.timedelta(days=rng.randint(1, 20))
            return f"{day.month}/{day.day}/{day.year} - {later.month}/{later.day}/{later.year}"
        return forms.format_date(rng, day, "full")

    def _name_example(self, form: str, rng: random.Random) -> str:
        first, last = rng.choice(_FIRST_EXAMPLES), rng.choice(_LAST_EXAMPLES)
        if form == "first":
            return first
        if form == "last":
            return last
        if form == "initials":
            return f"{first[0]}.{last[0]}."
        return f"{first} {last}"

    def document(self, document: Document) -> Document:
        """The document with every placeholder replaced and annotated.

        Spans the input has elsewhere (PHI it kept, or other annotations) are kept, moved to
        their new offsets; a span sitting exactly on a placeholder gives it its label.
        """
        text = document.text
        placeholders = find_placeholders(text, self.patterns)
        given = {(span.start, span.end): span.label for span in document.spans}
        scope = document.patient_id or document.id
        pieces: list[str] = []
        spans: list[Span] = []
        cursor = 0
        size = 0
        counts: dict[str, int] = {}
        edits: list[tuple[int, int, int]] = []  # (old start, old end, length change)
        for placeholder in placeholders:
            label = given.get((placeholder.start, placeholder.end)) or infer_label(
                text, placeholder)
            raw = text[placeholder.start : placeholder.end]
            if any(char.isdigit() for char in raw):
                identity = f"{label}|{raw}"  # numbered placeholders: the same one, the same value
            else:
                counts[raw] = counts.get(raw, 0) + 1
                identity = f"{document.id}|{raw}|{counts[raw]}"  # each one a new value
            end = placeholder.end
            form = infer_name_form(text, placeholder)
            value = self.surrogate(label, placeholder, scope, identity, form)
            typeless = _hint_label(placeholder.hint) is None
            if label == "HOSPITAL" and typeless:
                suffix = _INSTITUTION_SUFFIX.match(text[end : end + 40])
                if suffix:  # "[REMOVED] Health Center": the name is the core + the suffix
                    value = self.surrogate("CITY", placeholder, scope, identity)
                    value += suffix.group(1)
                    end += len(suffix.group(1))
            elif label == "DEPARTMENT" and typeless:
                suffix = _UNIT_SUFFIX.match(text[end : end + 10])
                if suffix:
                    value = self.surrogate("CITY", placeholder, scope, identity)
                    value += suffix.group(1)
                    end += len(suffix.group(1))
            value = _match_context_case(text, placeholder.start, end, value)
            pieces.append(text[cursor : placeholder.start])
            size += placeholder.start - cursor
            spans.append(Span(size, size + len(value), label,
                              source_label=placeholder.hint or placeholder.style,
                              source="reidentify"))
            pieces.append(value)
            size += len(value)
            edits.append((placeholder.start, end, len(value) - (end - placeholder.start)))
            cursor = end
        pieces.append(text[cursor:])
        new_text = "".join(pieces)
        spans.extend(_moved(document.spans, edits))
        metadata = dict(document.metadata)
        metadata["reidentified"] = str(len(spans))
        return Document(document.id, new_text, tuple(spans), document.patient_id,
                        document.note_id, document.note_type, document.note_date, metadata)

    def documents(self, documents: Iterable[Document]) -> Iterator[Document]:
        for document in documents:
            yield self.document(document)


def _moved(spans: Iterable[Span], edits: Sequence[tuple[int, int, int]]) -> list[Span]:
    """Input spans outside the replaced regions, shifted by the replacements before them."""
    kept: list[Span] = []
    for span in spans:
        if any(start < span.end and span.start < end for start, end, _ in edits):
            continue  # on a placeholder: replaced by the new span
        delta = sum(change for start, end, change in edits if end <= span.start)
        kept.append(span.shifted(delta))
    return kept


def _match_context_case(text: str, start: int, end: int, value: str) -> str:
    """ALL CAPS or all lowercase lines get surrogates in the same case."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:start] + text[end : line_end if line_end >= 0 else len(text)]
    letters = [char for char in re.sub(r"\[\*\*.*?\*\*\]|\[[A-Z]+\]", "", line) if char.isalpha()]
    if len(letters) >= 12 and all(char.isupper() for char in letters):
        return value.upper()
    if len(letters) >= 12 and all(char.islower() for char in letters):
        return value.lower()
    return value


def reidentify(
    documents: Iterable[Document], *, seed: int = 0, patterns: Sequence[str] = ()
) -> Iterator[Document]:
    """Replace the placeholders of de-identified documents by annotated surrogates."""
    return Reidentifier(seed, patterns).documents(documents)


def reidentify_text(text: str, *, seed: int = 0, patterns: Sequence[str] = ()) -> Document:
    """Re-identify one text (a convenience for Python users and tests)."""
    return Reidentifier(seed, patterns).document(Document("text", text))
