"""PHI regular expressions: dates, times, phone/fax/pager, SSN, ZIP, e-mail, URL, IP, IDs, ages.

``find_patterns(text, lang=None)`` returns the non-overlapping matches of every pattern of the
language (``"en"``, ``"es"``; ``None`` means all of them), sorted by offset. Each match has a
stable pattern ``name`` (``PATTERN_NAMES``; used as feature names by ``deidkit.features``) and
the canonical PHI ``label`` it suggests. Overlaps are resolved by keeping the longest match,
then the pattern listed first.

Patterns are written for recall without eating clinical text that only looks like PHI: blood
pressures (``132/84``), murmur grades (``2/6``), strength and pain scores (``5/5``, ``7/10``),
fractions (``1/2 tab``), dose ranges (``10-15 mg``), titres and ratios (``1:40``, ``1:1000``)
and durations (``12 horas``) do not match. Cue-based patterns (``MRN: 123``) report only the
value, not the cue.

Speed: word-led patterns are only tried where one of their anchor words occurs (found in one
Aho-Corasick pass); digit-led ones only at the runs of digits where their ``heads`` (what
their expression needs around the first run: its length, first digit, neighbours) let them
start, all found in one pass; the rest are led by a literal character, which the regex engine
scans for quickly. Each way finds exactly the matches a scan of the whole text would.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice

import ahocorasick
import regex

# --- word lists and building blocks ----------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_L = r"(?<![\w/\-+@.])(?<!\d[,:])"  # left edge: not glued to a word, number or separator
_R = r"(?![\w/\-+@]|[.,:]\d)"  # right edge
# _L tested behind a pattern's first digit, once it is consumed (the regex engine tries a
# digit faster than a lookahead for one): the same test of the two characters before it.
# The day, hour and age groups that use it never give a digit back (``\d?+``): what follows
# them cannot start with a digit, so backtracking there could not find a match.
_L_AFTER_DIGIT = r"(?<![\w/\-+@.]\d)(?<!\d[,:]\d)"

_MONTHS_EN = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?"
)
_MONTHS_ES = (
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    "noviembre|diciembre|(?:ene|feb|mar|abr|may|jun|jul|ago|sept|sep|oct|nov|dic)\\.?"
)
_MONTH_NAMES = _words(regex.sub(r"[^a-z|]", "", _MONTHS_EN + "|" + _MONTHS_ES).replace("|", " "))


def _anchor_words(alternation: str) -> tuple[str, ...]:
    return tuple(sorted(_words(regex.sub(r"[^a-z|]", "", alternation).replace("|", " "))))


_TOP_LEVEL_DOMAINS = (
    "com|org|net|edu|gov|mil|info|biz|io|es|uk|de|fr|it|pt|ca|au|us|eu|cat|gal|eus|mx|ar|cl|co"
)
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_ORD = r"(?:st|nd|rd|th|º|°)?"
_YEAR4 = r"(?:1[89]\d\d|2[01]\d\d)"
_YEAR = rf"(?:{_YEAR4}|['’]\d\d)"
_US_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|"
    "NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
_US_STATE_NAMES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|"
    "Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|"
    "Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|"
    "New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|"
    "Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|"
    "Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Puerto Rico"
)

# Words that, after a number, make it a measurement, dose or count rather than PHI.
_UNITS = _words(
    """mg mgs mcg ug µg g gm gms gram grams kg kgs lb lbs oz ml mls cc ccs l dl liter liters
    litre litres meq mmol mol mosm iu u unit units cal kcal mm cm m km mmhg cmh2o bpm hr hrs
    h min mins sec secs % tab tabs tablet tablets cap caps capsule capsules pill pills puff
    puffs drop drops gtt gtts dose doses times x cells copies ng pg µl ul mcl k/ul iu/l u/l
    mg/dl g/dl ml/hr ml/h mcg/kg/min mg/kg mg/h units/hr degrees deg mgs/dl dosis comprimidos
    comprimido gotas unidades ui vez veces horas"""
)
# Clinical words that turn "a/b" into a score, grade, setting or amount rather than a date.
_SCORE_CUES = _words(
    """day days cycle cycles week weeks involved positive nodes node dose doses murmur murmurs sem
    holosystolic systolic diastolic ejection grade graded strength power
    motor reflex reflexes dtr dtrs pain painscale scale score scored rated rating rate gcs
    apgar apgars ps peep cpap bipap vent vents settings fio2 ie i:e ratio sensation tone
    tenderness bilaterally throughout extremities quadrants lobes vision acuity od os ou
    hearing effort dyspnea nausea itch pruritus strengths pulses pulse edema bruit rub gallop
    x beats sats tab tabs tablet tablets pill pills cup cups inch inches paresia balance dolor
    escala fuerza soplo puntos intensidad"""
)
_DATE_CUES = _words(
    """on since from until till to dated date dob born admitted admit admission discharged
    discharge d/c seen visit visited before after by of last next el del desde hasta fecha
    día dia ingreso alta nacimiento"""
)
_STRONG_DATE_CUES = _words(
    """on since dated date dob born admitted admission discharged discharge seen visited until
    till el desde hasta fecha ingreso alta nacimiento"""
)
_YEAR_CUES = _words(
    """in since from until till to of during year years circa c. born by early late mid
    summer winter spring fall autumn en desde hasta año del de el entre y and between"""
)
_TIME_CUES = _words(
    """at @ around approx approximately about ~ from to until till by before after between
    since hrs hours hr h am pm shift start end horas sobre desde hasta"""
)
_TITRE_CUES = _words(
    """positive positivo positiva negative negativo negativa ratio dilution i:e ie titer titers
    titre titres igg igm iga ana asma anca ≤ ≥ < > =
    proporción dilución título títulos titulo"""
)
_COMMON_FRACTIONS = frozenset({(1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 8), (3, 8)})

_WORD = regex.compile(r"[\p{L}\p{N}%/:.≤≥<>=]+")
_WORD_BACKWARD = regex.compile(_WORD.pattern, regex.REVERSE)
# A word is a maximal run of _WORD's characters, so searching the 40 characters around a match
# for the nearest n words (backward for the words before it) finds the words of the window
# that are nearest the match: the same as splitting the whole window, at a fraction of the cost.


def _words_before(text: str, start: int, n: int) -> list[str]:
    """The last ``n`` words of the 40 characters before ``start`` (casefolded, . and : stripped)."""
    nearest = islice(_WORD_BACKWARD.finditer(text, max(0, start - 40), start), n)
    return [m.group().strip(".:").casefold() for m in nearest][::-1]


def _words_after(text: str, end: int, n: int) -> list[str]:
    """The first ``n`` words of the 40 characters after ``end`` (casefolded, .:,; stripped)."""
    nearest = islice(_WORD.finditer(text, end, end + 40), n)
    return [m.group().strip(".:,;").casefold() for m in nearest]


def _is_unit(words: list[str]) -> bool:
    """Whether the first of ``words`` (those after a number) is a unit."""
    return bool(words) and (words[0] in _UNITS or words[0].split("/")[0] in _UNITS)


def _unit_follows(text: str, end: int) -> bool:
    return _is_unit(_words_after(text, end, 1))


def _valid_day_month(first: int, second: int, lang: str | None) -> bool:
    """Whether first/second is a month/day (en) or day/month (es) pair."""
    month_day = 1 <= first <= 12 and 1 <= second <= 31
    day_month = 1 <= first <= 31 and 1 <= second <= 12
    if lang == "en":
        return month_day
    if lang == "es":
        return day_month
    return month_day or day_month


# --- the pattern type ------------------------------------------------------------------------

Found = tuple[int, int, str, str] | None
"""What a check returns: the PHI's (start, end, label, name), or None to reject the match."""

Check = Callable[[str, "regex.Match[str]", str | None], Found]


@dataclass(frozen=True, slots=True)
class PatternMatch:
    """A pattern hit: half-open offsets, the pattern's name and the PHI label it suggests."""

    start: int
    end: int
    name: str
    label: str


@dataclass(frozen=True, slots=True)
class Pattern:
    """A named PHI regular expression.

    The PHI is the ``phi`` group when the expression has one, else the whole match. ``check``
    may reject a match from its context or change its extent, label or name. A pattern with
    ``anchors`` (lowercase words) is only tried at those words, where its match must start; one
    with ``heads`` only at the runs of digits where a head says its match can start.
    """

    name: str
    label: str
    expression: str
    langs: frozenset[str]
    description: str
    check: Check | None = None
    anchors: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # further names the check may give
    heads: tuple[Head, ...] = ()  # where a digit-led pattern's matches can start

    @property
    def compiled(self) -> regex.Pattern[str]:
        return _compile(self.expression)

    def found(self, text: str, match: regex.Match[str], lang: str | None) -> Found:
        if self.check is not None:
            return self.check(text, match, lang)
        start, end = _phi_extent(match)
        return start, end, self.label, self.name

    def scan(self, text: str, lang: str | None) -> Iterator[Found]:
        """Every (checked) match in ``text``, scanning all of it."""
        for match in self.compiled.finditer(text):
            yield self.found(text, match, lang)


@cache
def _compile(expression: str) -> regex.Pattern[str]:
    return regex.compile(expression, regex.VERSION1)


def _phi_extent(match: regex.Match[str]) -> tuple[int, int]:
    if "phi" in match.re.groupindex and match.start("phi") >= 0:
        return match.start("phi"), match.end("phi")
    return match.start(), match.end()


def _hit(m: regex.Match[str], label: str, name: str) -> Found:
    return m.start(), m.end(), label, name


# --- checks ----------------------------------------------------------------------------------


def _check_numeric_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    a, b = int(m.group("a")), int(m.group("b"))
    if not _valid_day_month(a, b, None if len(m.group("y")) == 4 else lang):
        return None
    return _hit(m, "DATE", "date_numeric")


def _check_iso_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not (1 <= int(m.group("m")) <= 12 and 1 <= int(m.group("d")) <= 31):
        return None
    return _hit(m, "DATE", "date_iso")


def _check_month_year(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not 1 <= int(m.group("m")) <= 12 or any(
        w in _TITRE_CUES for w in _words_before(text, m.start(), 2)
    ):
        return None  # "positivo 1/2048": a titre
    return _hit(m, "DATE", "date_month_year")


def _check_short_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """m/d (d/m in Spanish) without a year: reject scores, grades, fractions and settings."""
    a, b = int(m.group("a")), int(m.group("b"))
    if not _valid_day_month(a, b, lang):
        return None
    after = _words_after(text, m.end(), 3)
    if _is_unit(after):
        return None
    before = _words_before(text, m.start(), 6)
    cue = bool(before) and before[-1] in _DATE_CUES
    strong_cue = bool(before) and before[-1] in _STRONG_DATE_CUES
    if m.group("sep") == "-" and not strong_cue:
        return None  # "10-15 mg", "2-3 weeks": ranges; "on 5-22": a date
    near = before[-3:] + after
    if any(w in _SCORE_CUES for w in near):
        return None
    if a <= b and b in {4, 5, 6, 10} and not strong_cue and any(w in _SCORE_CUES for w in before):
        return None  # "pain 7/10, improved to 3/10": a score further from its cue
    if not cue and (lang == "es" or (a, b) in _COMMON_FRACTIONS or a == b):
        # Spanish notes write 4/5 for scores far more than for dates; 1/2 is a half;
        # 2/2, 5/5 are counts and scores
        return None
    return _hit(m, "DATE", "date_short")


def _check_month_name(name: str) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        groups = m.groupdict()
        month = m.group("mon").casefold().rstrip(".")
        day, year = groups.get("d"), groups.get("y")
        if month not in _MONTH_NAMES or (day is not None and not 1 <= int(day) <= 31):
            return None
        # "may 2 units", "mar 3": lowercase, a modal verb or an abbreviation unless "on may 2"
        ambiguous = month in {"may", "mar"} and m.group("mon")[0].islower()
        unsure = ambiguous and year is None and not groups.get("ord")
        if unsure and _words_before(text, m.start(), 1)[-1:] != ["on"]:
            return None
        if day is not None and year is None and _unit_follows(text, m.end()):
            return None
        return _hit(m, "DATE", name)

    return check


def _check_year(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """A year alone: needs a cue when it could also be a 24-hour clock time (1930, 2045)."""
    after = _words_after(text, m.end(), 1)
    if _is_unit(after):
        return None
    value = m.group("y")
    before = _words_before(text, m.start(), 1)
    if before and before[0] in {"#", "x", "no", "number", "nº", "at", "@", "a", "las"}:
        return None
    if after and after[0] in {"hours", "hrs", "hr", "h", "horas", "hs"}:
        return None
    clock = int(value[:2]) <= 23 and int(value[2:]) <= 59
    if clock and not (before and before[0] in _YEAR_CUES) and not m.group("s"):
        # 1930, 2010: a 24-hour time in a run of times ("1900-0700", "2000 hrs", "@2010")
        # or after a time word; otherwise a year ("diagnosed 2012", "colonoscopy 2010")
        near = text[max(0, m.start() - 2) : m.end() + 2]
        if (before and before[0] in _TIME_CUES) or "-" in near or ":" in near:
            return None
        if after and (after[0] in _TIME_CUES or after[0][:1].isdigit()):
            return None
    return _hit(m, "DATE", "year")


def _check_time(text: str, m: regex.Match[str], lang: str | None) -> Found:
    hour, minute = int(m.group("h")), int(m.group("m") or 0)
    ampm = m.group("ampm")
    if minute > 59 or hour > (12 if ampm else 23) or (ampm and hour == 0):
        return None
    if m.group("m") is None and not ampm:
        return None  # "12 horas", "2 h": a duration, not a clock time
    before = _words_before(text, m.start(), 2)
    after = _words_after(text, m.end(), 1)
    if any(w in _TITRE_CUES for w in before) or (after and after[0] in _TITRE_CUES):
        return None
    if text[max(0, m.start() - 2) : m.start()].strip() in {"≤", "≥", "<", ">", "="}:
        return None
    return _hit(m, "DATE", "time")


def _check_military_time(text: str, m: regex.Match[str], lang: str | None) -> Found:
    value = m.group("t")
    if int(value[:2]) > 24 or int(value[2:]) > 59:
        return None
    return m.start("t"), m.end(), "DATE", "time_military"


def _contact_label(text: str, start: int) -> str:
    return "FAX" if "fax" in " ".join(_words_before(text, start, 3)) else "PHONE"


def _check_phone(name: str) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        if _unit_follows(text, m.end()):
            return None
        digits = sum(map(str.isdigit, m.group()))
        if not 7 <= digits <= 15:
            return None
        return m.start(), m.end(), _contact_label(text, m.start()), name

    return check


def _check_id_number(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if _unit_follows(text, m.end()):
        return None
    groups = [len(g) for g in m.group().split("-")]
    if sum(groups) < 7:
        return None
    if len(groups) == 2 and (min(groups) < 3 or max(groups) < 5):
        return None  # 1000-1500, (47-10000): ranges
    return _hit(m, "IDNUM", "id_number")


_LETTER_PREFIX = regex.compile(r"(?<![\w/\-+@.])[A-Z]{1,4}-?$")
_NUCLEOTIDE_CHANGE = regex.compile(r"[ACGT]\d+[ACGT]")


_ACCESSION_PREFIX = regex.compile(r"(?<![\w/\-+@.])[A-Z]{1,4}-?$")


def _check_accession(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """Digits led by capitals: SH-02-22222 (letters, dash) or S09-12345 (letters glued)."""
    prefix = _ACCESSION_PREFIX.search(text, max(0, m.start() - 5), m.start())
    if prefix is None or (not prefix.group().endswith("-") and len(m.group().split("-")[0]) != 2):
        return None
    return prefix.start(), m.end(), "IDNUM", "id_accession_shape"


def _check_alphanumeric_id(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """Five or more digits led by 1-4 capitals (AB1234567): expand left over the letters."""
    prefix = _LETTER_PREFIX.search(text, max(0, m.start() - 5), m.start())
    if prefix is None:
        return None
    start = prefix.start()
    if _NUCLEOTIDE_CHANGE.fullmatch(text, start, m.end()):
        return None  # G20210A: a mutation, not an identifier
    return start, m.end(), "IDNUM", "id_alphanumeric"


_EMAIL_LOCAL = regex.compile(r"[\w.+-]+$")
_EMAIL_PREFIX = regex.compile(r"(?i)e-?mail[.:-]")


def _check_email(text: str, m: regex.Match[str], lang: str | None) -> Found:
    local = _EMAIL_LOCAL.search(text, max(0, m.start() - 64), m.start())
    if local is None:
        return None
    start = local.start()
    prefix = _EMAIL_PREFIX.match(text, start, m.start())
    if prefix is not None and prefix.end() < m.start():
        start = prefix.end()  # "E-mail.name@host.com": the label glued to the address
    while start < m.start() and text[start] in ".-+":
        start += 1
    if start == m.start():
        return None
    return start, m.end(), "EMAIL", "email"


_DOMAIN_LEFT = regex.compile(r"(?i)(?:[a-z0-9-]+\.)*[a-z0-9-]*[a-z][a-z0-9-]*$")


def _check_domain(text: str, m: regex.Match[str], lang: str | None) -> Found:
    left = _DOMAIN_LEFT.search(text, max(0, m.start() - 80), m.start())
    if left is None or left.start() == m.start():
        return None
    start = left.start()
    if start > 0 and text[start - 1] in "@.-_/":
        return None  # part of an e-mail address or a longer URL
    return start, m.end(), "URL", "url_domain"


_HEX_LEFT = regex.compile(r"(?i)(?<![\w:])[0-9a-f]{1,4}$")


def _check_ipv6(text: str, m: regex.Match[str], lang: str | None) -> Found:
    left = _HEX_LEFT.search(text, max(0, m.start() - 4), m.start())
    start = left.start() if left is not None else m.start()
    if left is None and not m.group().startswith("::"):
        return None
    value = text[start : m.end()]
    if "::" not in value and value.count(":") != 7:
        return None
    if not any(ch.isalpha() for ch in value) and "::" not in value:
        return None
    return start, m.end(), "IPADDR", "ipv6"


_STATE_BEFORE = regex.compile(
    rf"(?<![\p{{L}}])(?:{_US_STATES}|{_US_STATE_NAMES})\.?,?\s{{1,3}}$"
)


def _check_zip_state(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if _STATE_BEFORE.search(text, max(0, m.start() - 20), m.start()) is None:
        return None
    return _hit(m, "ZIP", "zip_state")


def _check_postal_es(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not 1 <= int(m.group()[:2]) <= 52:  # Spanish provinces are numbered 01-52
        return None
    before = _words_before(text, m.start(), 1)
    if before and (before[0] in _UNITS or before[0] in {"de", "los", "unos", "las", "nº"}):
        return None
    return _hit(m, "ZIP", "postal_code_es")


_DURATION_ES = regex.compile(
    r"\s*(?:de\s+(?:evoluci[oó]n|duraci[oó]n|seguimiento|tratamiento|antigüedad|la|las|los|"
    r"su)\b|del\b|antes\b|despu[eé]s\b|m[aá]s\s+tarde|tras\b|desde\b|y\s+medio)",
    regex.IGNORECASE,
)


def _age(text: str, start: int, end: int, value: int, spanish: bool) -> Found:
    if value > 125:
        return None
    before = _words_before(text, start, 1)
    if before and before[0] in {"for", "over", "past", "last", "x", "durante", "hace"}:
        return None  # "smoked for 40 years": a duration
    if spanish and text[start:end].casefold().endswith("años") and _DURATION_ES.match(text, end):
        return None  # "20 años de evolución", "a los 2 años del trasplante": a duration
    name = ("age_over_89" if value >= 90 else "age") + ("_es" if spanish else "")
    return start, end, "AGE", name


_AGE_AFTER_ES = regex.compile(r"\s*(?:de\s+edad\b|[,.;]|(?:y|que|con|sin)\b)", regex.I)
_AGE_BEFORE_ES = regex.compile(r"(?i)(?<![\p{L}])(?:de|con|tiene|a\s+los)\s+$")


_DURATION_BEFORE_ES = regex.compile(
    r"(?i)(?<![\p{L}])(?:durante|hac[eií]a?|plazo\s+de|[uú]ltimos|cada|tras|despu[eé]s\s+de|"
    r"m[aá]s\s+de|menos\s+de|cabo\s+de|por|otros|unos|aproximadamente|hasta)\s+(?:los\s+)?$"
)


def _check_age_es(text: str, m: regex.Match[str], lang: str | None) -> Found:
    after = _AGE_AFTER_ES.match(text, m.end())
    before = _AGE_BEFORE_ES.search(text, max(0, m.start() - 12), m.start())
    if after is None and before is None:
        return None
    if _DURATION_BEFORE_ES.search(text, max(0, m.start() - 24), m.start()):
        return None  # "durante 3 años", "hace 2 años": a duration
    return _age(text, m.start(), m.end(), int(m.group("n")), True)


_DECADE_BEFORE = regex.compile(r"(?i)\b(?:his|her|their|the)\s+(?:(?:early|mid|late)[\s-]*)?$")
_DECADE_AFTER = regex.compile(r"(?i)\s*(?:female|male|woman|man|patient|pt|yo|year|lady|gentleman)")


def _check_age(spanish: bool) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        start, end = _phi_extent(m)
        decade = m.groupdict().get("decade")
        if decade is not None and not (
            _DECADE_AFTER.match(text, end)
            or _DECADE_BEFORE.search(text, max(0, start - 20), start)
        ):
            return None
        return _age(text, start, end, int(m.group("n")), spanish)

    return check


# --- values after a cue ("MRN: 123", "Tel. 555-1234", "zip 02115", "age 92") ------------------

_DATE_SHAPE = regex.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}")
_ID_VALUE = regex.compile(r"[\p{L}\d][\p{L}\d/.\-]*")
_ID_MORE_GROUPS = regex.compile(r"(?:[ ]\d+)+(?=[ \t]*(?:[.,;)]|\n|$))")
_PHONE_VALUE = regex.compile(
    r"\+?\(?\d[\d \t().-]{2,18}\d(?:[ \t]*(?:ext\.?|x)[ \t]*\d{1,5})?(?!\d)", regex.IGNORECASE
)
_ROOM_VALUE = regex.compile(r"(?:[A-Z]{1,2}-?)?\d{1,4}(?:-?[A-Z])?(?:-\d{1,3})?(?![\w/:]|[.,]\d)")
_ZIP_VALUE = regex.compile(r"\d{5}(?:-\d{4})?" + _R)
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


@dataclass(frozen=True, slots=True)
class _Cue:
    """Cue words (a regex) before a value of some kind; ``weak`` cues need a ':' or 'No.'."""

    expression: str
    anchors: str
    name: str
    label: str
    kind: str  # id | room | phone | pager | zip | ssn | age_en | age_es
    weak: bool = False
    langs: frozenset[str] = frozenset({"en", "es"})

    @property
    def description(self) -> str:
        marker = " and ':' or 'No.'" if self.weak else ""
        return f"{self.kind} value after a {self.label} cue{marker}"


_NO = r"n[º°o]\.?"
_CUES: tuple[_Cue, ...] = (
    _Cue(r"ssn|ss\s?#|soc(?:ial)?\.?\s+sec(?:urity)?\.?(?:\s+(?:no|num|number|#))?",
         "ssn ss soc social", "ssn_cue", "SSN", "ssn"),
    _Cue(r"(?:license|licence)\s+plate|plate|vin|matr[ií]cula", "license licence plate vin "
         "matrícula matricula", "id_vehicle", "VEHICLE", "id"),
    _Cue(rf"dea|npi|{_NO}\s*(?:de\s+)?col(?:egiado)?\.?|colegiado|lic\.", "dea npi nº n° no "
         "nºcol n°col nocol nºcolegiado colegiado lic.", "id_license", "LICENSE", "id"),
    _Cue(r"licen[cs]e|certificate", "license licence certificate", "id_license", "LICENSE",
         "id", weak=True),
    _Cue(rf"nass|{_NO}\s*(?:de\s+)?(?:la\s+)?(?:ss|seg(?:uridad)?\.?\s+soc(?:ial)?|afiliaci[oó]n)|"
         r"tarjeta\s+sanitaria|cip|tis", "nass nº n° no tarjeta cip tis", "id_healthplan",
         "HEALTHPLAN", "id"),
    _Cue(r"insurance|policy|member|subscriber|medicare|medicaid|health\s+plan|group",
         "insurance policy member subscriber medicare medicaid health group", "id_healthplan",
         "HEALTHPLAN", "id", weak=True),
    _Cue(rf"acct|account|{_NO}\s*(?:de\s+)?episodio|episodio", "acct account nº n° no episodio",
         "id_account", "ACCOUNT", "id"),
    _Cue(r"billing|encounter|visit", "billing encounter visit", "id_account", "ACCOUNT", "id",
         weak=True),
    _Cue(rf"mrn|mr\s?#|nhc|n\.\s?h\.\s?c\.|historia\s+cl[ií]nica|{_NO}\s*(?:de\s+)?historia"
         r"(?:\s+cl[ií]nica)?|med(?:ical)?\.?\s+rec(?:ord)?s?\.?", "mrn mr nhc n. historia nº n° "
         "no med medical", "id_mrn", "MEDICALRECORD", "id"),
    _Cue(r"mr|unit|hospital|patient|pt\.?|chart", "mr unit hospital patient pt chart", "id_mrn",
         "MEDICALRECORD", "id", weak=True),
    _Cue(r"accession|acc\.?|specimen|case|surgical\s+path(?:ology)?|path(?:ology)?|order|"
         r"requisition|lab", "accession acc acc. specimen case surgical path pathology order "
         "requisition lab", "id_accession", "IDNUM", "id", weak=True),
    _Cue(rf"serial|s/n|device\s+id|{_NO}\s*(?:de\s+)?serie", "serial s/n device nº n° no",
         "id_device", "DEVICE", "id"),
    _Cue(r"sn|model", "sn model", "id_device", "DEVICE", "id", weak=True),
    _Cue(r"dni|nif|nie|passport|pasaporte", "dni nif nie passport pasaporte", "id_other",
         "IDNUM", "id"),
    _Cue(rf"id|identifier|identification|record|file|job|ref|reference|{_NO}", "id identifier "
         "identification record file job ref reference nº n° no", "id_other", "IDNUM", "id",
         weak=True),
    _Cue(r"room|rm\.?|bed|bay|cubicle|habitaci[oó]n|hab\.|cama|box", "room rm rm. bed bay "
         "cubicle habitación habitacion hab. cama box", "room", "ROOM", "room"),
    _Cue(r"pager|beeper|pgr|pg|busca|buscapersonas", "pager beeper pgr pg busca buscapersonas",
         "phone_cue", "PHONE", "pager"),
    _Cue(r"phone|telephone|tel|tel[eé]fono|tfno|telf|fax|m[oó]vil|mobile|cell(?:ular)?",
         "phone telephone tel teléfono telefono tfno telf fax móvil movil mobile cell",
         "phone_cue", "PHONE", "phone"),
    _Cue(r"ph|home|work|contact|call", "ph home work contact call", "phone_cue", "PHONE",
         "phone", weak=True),
    _Cue(r"zip(?:\s*code)?|postal\s+code|c[oó]digo\s+postal|c\.\s?p\.|cp", "zip postal código "
         "codigo c. cp", "zip_cue", "ZIP", "zip"),
    _Cue(r"age[ds]?|aged", "age ages aged", "age", "AGE", "age_en", langs=frozenset({"en"})),
    _Cue(r"edad", "edad", "age_es", "AGE", "age_es", langs=frozenset({"es"})),
)
_MARKER = (
    r"[ \t]*(?P<marker>(?:id|no\.?|number|num\.?|#|n[º°o]\.?|nr\.?)[ \t]*[:#.=]?|[:#=])?[ \t]*"
    r"\n?[ \t]*"
)


def _cue_check(cue: _Cue) -> Check:
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


def _cue_value(cue: _Cue, text: str, m: regex.Match[str]) -> Found:
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
        if value is not None and cue.kind == "room" and _unit_follows(text, value.end()):
            return None
        return None if value is None else (value.start(), value.end(), cue.label, cue.name)
    spanish = cue.kind == "age_es"
    value = (_AGE_VALUE_ES if spanish else _AGE_VALUE_EN).match(text, start)
    if value is None:
        return None
    phi_start = value.start("n") if spanish else value.start()
    return _age(text, phi_start, value.end(), int(value.group("n")), spanish)


# --- heads: where a digit-led pattern can start, from the run of digits it starts at ---------

_LONG = 12
"""Runs of digits this long or longer are told apart by nothing but that."""
_ASCII = "".join(map(chr, range(128)))
_DIGITS = "0123456789"
_SPACE = "\t\n\x0b\x0c\r "
"""The ASCII characters ``\\s`` matches."""
_ASCII_WORD = "".join(c for c in _ASCII if c.isalnum() or c == "_")
"""The ASCII characters ``\\w`` matches."""


def _ascii_except(chars: str) -> str:
    return "".join(c for c in _ASCII if c not in chars)


def _lengths(shortest: int, longest: int = _LONG) -> frozenset[int]:
    return frozenset(range(shortest, longest + 1))


def _admits(chars: str | None, char: str) -> bool:
    """Whether ``char`` (a character or "" past either end of the text) can stand where a head
    allows ``chars`` (ASCII; None: anything). Characters beyond ASCII always can: a head only
    rules out what the expression provably cannot match."""
    return chars is None or (char != "" and (char in chars or not char.isascii()))


_FREE = _ascii_except(_ASCII_WORD + "/-+@.")
"""What can precede a match that starts with ``_L``: not a word, number or separator."""
_UNGLUED = _ascii_except(_ASCII_WORD + ".")
"""What ``(?<![\\w.])`` lets precede a match."""
_MONTH_INITIALS = "jfmasondJFMASOND"


@dataclass(frozen=True, slots=True)
class Head:
    """Where the matches of a digit-led pattern can start, told from the run of digits (a
    longest stretch of ``\\d``) they start at.

    A match can start at the first digit of a run (or, with ``opener``, at the character just
    before it) only if the run is one of ``lengths`` long (``_LONG``: that or longer), starts
    with one of ``first``, follows one of ``before`` (or the start of the text, with
    ``at_start``) and the characters after it fit one of ``follow``: the first is in its first
    set, and so on, up to ``_FOLLOWED`` characters (a set that is None or missing, or ``follow``
    None, admits anything, even the end of the text). Character sets are ASCII (``_admits``).
    A head must follow from its pattern's expression: a match that the expression could make
    where no head of its pattern admits it would be lost.
    """

    lengths: frozenset[int]
    first: str = _DIGITS
    before: str | None = _FREE
    at_start: bool = True
    follow: tuple[tuple[str | None, ...], ...] | None = None
    opener: bool = False


_FOLLOWED = 3
"""How many characters after a run heads look at."""
_DIGIT_PAIR = (("-", _DIGITS),)
_DATE_SEPARATED = (("/-.", _DIGITS),)
_SEPARATOR = _SPACE + ".-"
# North American numbers (phone): 1 (country code) then a separator or "(", or glued to the
# area code and more; 617 or 617555 then a separator; 6175551234; "(617)" and "+1..."
_PHONE_HEADS = (
    Head(frozenset({1}), first="1", follow=((_SEPARATOR, _DIGITS + "("), ("(", "23456789"))),
    Head(frozenset({4}), first="1", follow=((_SEPARATOR, "23456789"),)),
    Head(frozenset({7}), first="1", follow=((_SEPARATOR, _DIGITS),)),
    Head(frozenset({3}), first="23456789", follow=((_SEPARATOR, "23456789"),)),
    Head(frozenset({6}), first="23456789", follow=((_SEPARATOR, _DIGITS),)),
    Head(frozenset({10}), first="23456789"),
    Head(frozenset({11}), first="1"),
    Head(frozenset({3}), first="23456789", before="(", at_start=False, follow=((")",),),
         opener=True),
    Head(frozenset({1, 4, 7, 11}), first="1", before="+", at_start=False, opener=True),
)
# 92 years old, 92 y/o, 92-year-old, 92yo, the 90s, 90's
_AGE_HEADS = (Head(_lengths(1, 3), before=_UNGLUED, follow=(
    (_SPACE, "-yY"), ("-", _SPACE + "yY"), ("yY",), ("'", "s"), ("s",))),)
# 5th of June, 5 Jan, 5-Jan, 5jan: what can follow a day before the month's second letter
_MONTH = (_MONTH_INITIALS, "aepucoAEPUCO")
_DAY_MONTH_HEADS = (Head(_lengths(1, 2), before=_UNGLUED, follow=(
    ("s", "t"), ("n", "d"), ("r", "d"), ("t", "h"), _MONTH, (_SPACE, *_MONTH),
    ("-", *_MONTH), (_SPACE, "oO", "fF"), (_SPACE, _SPACE))),)

# --- the patterns ----------------------------------------------------------------------------

_EN, _ES, _ALL = frozenset({"en"}), frozenset({"es"}), frozenset({"en", "es"})
_MON_EN = rf"(?P<mon>(?i:{_MONTHS_EN}))"
_MON_ES = rf"(?P<mon>(?i:{_MONTHS_ES}))"
_AGE_WORDS_EN = (
    r"(?=\s?(?:-\s?)?(?i:years?[\s-]*old|year-old|yrs?[\s-]*old|y/?o\b|y\.o\.|yo[mf]?\b|"
    r"years?\s+of\s+age|yrs?\b|years?\b(?!\s+ago)))"
)
_HOLIDAYS = (
    "christmas xmas thanksgiving easter new independence fourth memorial labor veterans "
    "veteran's halloween hanukkah chanukah valentine's valentines mother's father's mlk martin "
    "ramadan yom rosh passover navidad nochebuena nochevieja semana año reyes"
)

PATTERNS: tuple[Pattern, ...] = (
    Pattern("email", "EMAIL", r"@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}(?![\w-])", _ALL,
            "e-mail address", _check_email),
    Pattern("url", "URL", r"(?i)(?<![\w@])(?:https?://|ftp://|www\.)[^\s<>\"'()]*"
            r"[^\s<>\"'().,;:!?]", _ALL, "web address with a scheme or www.",
            anchors=("http", "https", "ftp", "www.")),
    # (?=\p{L}): the engine skips the other dots at once; only letters fold to a domain's first
    # letter, even with full case folding (ſ, the Kelvin sign)
    Pattern("url_domain", "URL", rf"\.(?=\p{{L}})(?i:{_TOP_LEVEL_DOMAINS})(?![\w@-])"
            r"(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)])?",
            _ALL, "bare domain name with a common top-level domain", _check_domain),
    Pattern("ipv4", "IPADDR", _L + rf"(?:{_OCTET}\.){{3}}{_OCTET}" + _R, _ALL, "IPv4 address",
            heads=(Head(_lengths(1, 3), follow=((".", _DIGITS, _DIGITS + "."),)),)),
    Pattern("ipv6", "IPADDR", r"(?i):(?:[0-9a-f]{0,4}:){1,6}[0-9a-f]{1,4}(?![\w:])", _ALL,
            "IPv6 address", _check_ipv6),
    *(
        Pattern(cue.name, cue.label, r"(?i)(?<![\p{L}\d])(?:" + cue.expression + r")(?![\p{L}])"
                + _MARKER, cue.langs, cue.description, _cue_check(cue),
                anchors=tuple(cue.anchors.split()))
        for cue in _CUES
    ),
    Pattern("ssn", "SSN", _L + r"\d{3}-\d{2}-\d{4}" + _R, _ALL,
            "social security number 123-45-6789",
            heads=(Head(_lengths(3, 3), follow=_DIGIT_PAIR),)),
    Pattern("dni_nif", "IDNUM", _L + r"(?:\d{8}[\s-]?[A-HJ-NP-TV-Z]|[XYZ][\s-]?\d{7}[\s-]?"
            r"[A-HJ-NP-TV-Z])" + _R, _ES,
            "Spanish DNI/NIF (8 digits and a letter) or NIE (X1234567L)"),
    Pattern("id_accession_shape", "IDNUM", r"(?<![\d])\d{1,2}-\d{3,8}" + _R, _ALL,
            "accession-like code such as SH-02-22222 or S09-12345", _check_accession,
            heads=(Head(_lengths(1, 2), before=None, follow=_DIGIT_PAIR),)),
    Pattern("id_alphanumeric", "IDNUM", r"(?<=[A-Z-])\d{5,}[A-Z]?" + _R, _ALL,
            "one to four capitals and five or more digits: AB1234567", _check_alphanumeric_id,
            heads=(Head(_lengths(5), before="ABCDEFGHIJKLMNOPQRSTUVWXYZ-", at_start=False),)),
    Pattern("phone", "PHONE", r"(?=[(+\d])" + _L + r"(?:\+?1[\s.-]?)?(?:\([2-9]\d{2}\)\s?|"
            r"[2-9]\d{2}[\s.-]?)[2-9]\d{2}[\s.-]?\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?" + _R, _ALL,
            "North American phone number", _check_phone("phone"), heads=_PHONE_HEADS),
    Pattern("phone_parenthesised", "PHONE", r"\((?<=(?:^|[^\w(])\()\d{3}\)\s?\d{3}[-.\s]\d{4}" + _R,
            _ALL, "(ddd) ddd-dddd with any digits", _check_phone("phone_parenthesised")),
    Pattern("phone_es", "PHONE", _L + r"(?:(?:\+|00)\s?34[\s.-]?)?(?:[6789]\d{8}|[6789]\d{2}"
            r"[\s.-]\d{3}[\s.-]\d{3}|[6789]\d[\s.-]\d{3}[\s.-]\d{2}[\s.-]\d{2}|[6789]\d{2}[\s.-]"
            r"\d{2}[\s.-]\d{2}[\s.-]\d{2})" + _R, _ES,
            "Spanish phone number (nine digits from 6-9, +34 optional)", _check_phone("phone_es")),
    Pattern("phone_intl", "PHONE", r"(?<![\w+])\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}" + _R, _ALL,
            "international number with a + prefix", _check_phone("phone_intl")),
    Pattern("phone_local", "PHONE", _L + r"[2-9]\d{2}-\d{4}" + _R, _EN,
            "seven-digit local number 555-1234", _check_phone("phone_local"),
            heads=(Head(_lengths(3, 3), first="23456789", follow=_DIGIT_PAIR),)),
    Pattern("phone_extension", "PHONE", r"(?i)(?<![\p{L}])(?:ext|extension)\.?\s?(?P<phi>\d{3,5})"
            r"(?!\d)", _ALL, "telephone extension: ext. 1234", anchors=("ext", "extension")),
    Pattern("zip_state", "ZIP", _L + r"\d{5}(?:-\d{4})?" + _R, _EN, "ZIP code after a state",
            _check_zip_state, heads=(Head(_lengths(5, 5)),)),
    Pattern("zip_plus4", "ZIP", _L + r"\d{5}-\d{4}" + _R, _EN, "ZIP+4 code 02115-1234",
            heads=(Head(_lengths(5, 5), follow=_DIGIT_PAIR),)),
    Pattern("postal_code_es", "ZIP", _L + r"[0-5]\d{4}(?=[\s-]+\p{Lu}\p{L}+"
            r"(?:[\s-]+(?:del?|la|las|los|\p{Lu}\p{L}+))*\s*(?:[.,;(]|$))", _ES,
            "Spanish postal code before a place name and punctuation (28036 Madrid.)",
            _check_postal_es, heads=(Head(_lengths(5, 5), first="012345",
                                          follow=((_SPACE + "-",),)),)),
    Pattern("age_over_89", "AGE", r"(?P<n>\d(?<![\w.]\d)\d{0,2}+)(?:" + _AGE_WORDS_EN
            + r"|(?P<decade>['’]?s)\b)", _EN,
            "age with an age word (92 y/o, 92-year-old, in his 90s)",
            _check_age(False), names=("age",), heads=_AGE_HEADS),
    Pattern("age_over_89_es", "AGE", r"(?=\d)(?<![\w.])(?P<n>\d{1,3})\s*(?i:años)\b", _ES,
            "edad con la palabra años y contexto (92 años de edad, paciente de 92 años)",
            _check_age_es, names=("age_es",), heads=(Head(_lengths(1, 3), before=_UNGLUED, follow=(
                (_SPACE, _SPACE + "aA"), ("aA",))),)),
    Pattern("date_iso", "DATE", _L + rf"(?P<y>{_YEAR4})(?P<sep>[/\-.])(?P<m>\d{{1,2}})(?P=sep)"
            r"(?P<d>\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?" + _R, _ALL,
            "year first: 2010-03-05, 2010/3/5", _check_iso_date,
            heads=(Head(_lengths(4, 4), first="12", follow=_DATE_SEPARATED),)),
    Pattern("date_numeric", "DATE", _L + r"(?P<a>\d{1,2})(?P<sep>[/\-.])(?P<b>\d{1,2})"
            r"(?:(?P=sep)|[ ]/[ ]?)(?P<y>\d{4}|\d{2})" + _R, _ALL,
            "day, month and year as numbers: 3/5/2010, 03-05-10, 5.3.2010", _check_numeric_date,
            heads=(Head(_lengths(1, 2), follow=(("/-.", _DIGITS, _DIGITS + "/-. "),)),)),
    Pattern("date_month_year", "DATE", _L + rf"(?P<m>\d{{1,2}})/(?P<y>{_YEAR4})" + _R, _ALL,
            "month and year as numbers: 3/2010", _check_month_year,
            heads=(Head(_lengths(1, 2), follow=(("/", "12"),)),)),
    Pattern("date_month_name", "DATE", rf"(?i)(?<![\w]){_MON_EN}\s?(?:(?P<d>\d{{1,2}})"
            rf"(?P<ord>{_ORD})(?:,?\s?(?P<y>{_YEAR}))?|-(?P<d>\d{{1,2}})-(?P<y>\d{{2,4}})|,?\s"
            rf"(?P<y>{_YEAR}))(?![\w])", _EN,
            "English month name first: Jan 5, 2010; March 2010; Jan-05-2010",
            _check_month_name("date_month_name"), anchors=_anchor_words(_MONTHS_EN)),
    Pattern("date_day_month", "DATE", rf"(?P<d>\d(?<![\w.]\d)\d?+)(?P<ord>{_ORD})"
            rf"(?:\s+(?i:of))?[\s-]?{_MON_EN}(?:,?[\s-]?(?P<y>{_YEAR}))?(?![\w])", _EN,
            "day first with an English month name: 5 Jan 2010, 5th of January",
            _check_month_name("date_day_month"), heads=_DAY_MONTH_HEADS),
    Pattern("date_month_name_es", "DATE", rf"(?=\d)(?<![\w.])(?:(?P<d>\d{{1,2}})(?P<ord>{_ORD})"
            rf"\s+(?i:de)\s+{_MON_ES}(?:\s+(?i:de|del)\s+(?P<y>\d{{4}}))?|(?P<d>\d{{1,2}})[\s/-]"
            rf"{_MON_ES}[\s/-](?P<y>\d{{2,4}}))(?![\w])", _ES,
            "fechas con el día y el nombre del mes: 3 de marzo de 2016, 3-mar-16",
            _check_month_name("date_month_name_es"),
            heads=(Head(_lengths(1, 2), before=_UNGLUED, follow=((_SPACE + "snrt/-",),)),)),
    Pattern("date_month_year_es", "DATE", rf"(?i)(?<![\w]){_MON_ES}(?:\s+(?:(?:de|del)\s+)?"
            rf"(?P<y>{_YEAR4})|[-/](?P<y>{_YEAR4}|\d\d))(?![\w/-])", _ES,
            "mes y año: marzo de 2016, diciembre-2002, oct/05",
            _check_month_name("date_month_year_es"),
            anchors=_anchor_words(_MONTHS_ES)),
    Pattern("date_roman_month", "DATE", _L + r"\d{1,2}[-/.](?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|"
            r"XII)[-/.]\d{2,4}" + _R, _ES, "date with a Roman-numeral month: 3-III-2016",
            heads=(Head(_lengths(1, 2), follow=(("-/.", "IVX"),)),)),
    Pattern("date_short", "DATE", _L + r"(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})" + _R, _ALL,
            "month/day (day/month in Spanish) without a year, outside scores and fractions",
            _check_short_date, heads=(Head(_lengths(1, 2), follow=(("/-", _DIGITS),)),)),
    Pattern("holiday", "DATE", r"(?i)(?<![\p{L}])(?:christmas(?:\s+(?:eve|day))?|xmas|"
            r"thanksgiving(?:\s+day)?|easter(?:\s+sunday)?|new\s+year['’]?s(?:\s+(?:eve|day))?|"
            r"independence\s+day|fourth\s+of\s+july|memorial\s+day|labor\s+day|veterans['’]?\s+"
            r"day|halloween|hanukkah|chanukah|valentine['’]?s\s+day|mother['’]?s\s+day|"
            r"father['’]?s\s+day|mlk\s+day|martin\s+luther\s+king(?:\s+jr\.?)?\s+day|ramadan|"
            r"yom\s+kippur|rosh\s+hashanah|passover|navidad|nochebuena|nochevieja|semana\s+santa|"
            r"a[ñn]o\s+nuevo|reyes\s+magos)(?![\p{L}])", _ALL, "holidays",
            anchors=tuple(_HOLIDAYS.split())),
    Pattern("year_es", "DATE", r"(?i)(?<![\p{L}])año\s+(?:de\s+)?" + _YEAR4 + _R, _ES,
            "'año 2004' (MEDDOCAN keeps the word in the date)", anchors=("año",)),
    Pattern("year", "DATE", _L + rf"(?P<y>{_YEAR4})(?P<s>['’]?s)?" + _R, _ALL,
            "a year alone, with a cue when it could also be a 24-hour time", _check_year,
            heads=(Head(_lengths(4, 4), first="12"),)),
    Pattern("time", "DATE", r"(?P<h>\d" + _L_AFTER_DIGIT + r"\d?+)(?:[:h](?P<m>[0-5]\d)"
            r"(?::[0-5]\d)?(?:\s?(?P<ampm>[aApP]\.\s?[mM]\.|[aApP][mM]\b))?|\s?(?P<ampm>[aApP]\.\s?[mM]\.|"
            r"[aApP][mM]\b))(?![\w/\-+@]|[.,:]\d)", _ALL,
            "clock time 10:30, 10:30 pm, 3pm, 10h30 (not ratios or titres)", _check_time,
            heads=(Head(_lengths(1, 2), follow=(
                (":h", "012345"), ("aApP", ".mM"), (_SPACE, "aApP", ".mM"))),)),
    Pattern("time_military", "DATE", r"(?=[0-2])(?<![\w/\-.])(?P<t>[0-2]\d[0-5]\d)\s*(?i:hrs|"
            r"hours|horas|h)\b", _ALL, "24-hour time before 'hours': 0800 hours",
            _check_military_time, heads=(Head(
                _lengths(4, 4), first="012", before=_ascii_except(_ASCII_WORD + "/-."),
                follow=((_SPACE, _SPACE + "hH"), ("hH",))),)),
    Pattern("time_military", "DATE", r"(?i)(?<![\p{L}])(?:at|@|las)\s*(?P<t>[0-2]\d[0-5]\d)"
            r"(?:\s*(?:h|hrs?|hours|horas)\b)?(?![\w/-])", _ALL,
            "24-hour time after 'at': at 1430, a las 1430", _check_military_time,
            anchors=("at", "@", "las")),
    Pattern("id_number", "IDNUM", _L + r"\d{2,}(?:-\d{2,}){1,4}" + _R + r"|" + _L + r"\d{7,}"
            + _R, _ALL, "a long number or dashed digit groups (7+ digits) not matched otherwise",
            _check_id_number, heads=(Head(_lengths(2), follow=_DIGIT_PAIR), Head(_lengths(7)))),
)


def _all_names() -> tuple[str, ...]:
    names: list[str] = []
    for pattern in PATTERNS:
        for name in (pattern.name, *pattern.names):
            if name not in names:
                names.append(name)
    return tuple(names)


PATTERN_NAMES: tuple[str, ...] = _all_names()
"""Every name a match can have, in priority order (stable: used as feature names)."""

LANGS: tuple[str, ...] = ("en", "es")

_PRIORITY: dict[str, int] = {name: rank for rank, name in enumerate(PATTERN_NAMES)}


@cache
def patterns_for(lang: str | None = None) -> tuple[Pattern, ...]:
    """The patterns of one language (``None``: every language)."""
    if lang is not None and lang not in LANGS:
        raise ValueError(f"unknown pattern language {lang!r}; use one of: {', '.join(LANGS)}")
    return tuple(p for p in PATTERNS if lang is None or lang in p.langs)


@cache
def _scanned(lang: str | None) -> tuple[Pattern, ...]:
    """The patterns of a language that are neither anchored nor digit-led: scanned whole."""
    return tuple(p for p in patterns_for(lang) if not p.anchors and not p.heads)


Anchored = tuple[int, bool, tuple[tuple[int, Pattern], ...]]
"""An anchor word's length, whether it ends in a letter or digit, and (index into
``patterns_for(lang)``, pattern) of the patterns it anchors."""


@cache
def _anchor_automaton(lang: str | None) -> ahocorasick.Automaton:
    """Anchor word -> ``Anchored``."""
    owners: dict[str, list[int]] = {}
    patterns = patterns_for(lang)
    for index, pattern in enumerate(patterns):
        for anchor in pattern.anchors:
            owners.setdefault(anchor, []).append(index)
    automaton = ahocorasick.Automaton()
    for anchor, indices in owners.items():
        owned = tuple((i, patterns[i]) for i in indices)
        value: Anchored = (len(anchor), anchor[-1].isalnum(), owned)
        automaton.add_word(anchor, value)
    automaton.make_automaton()
    return automaton


def _anchored(text: str, lang: str | None, patterns: tuple[Pattern, ...]) -> Iterator[Found]:
    """Checked matches of the anchored patterns, tried only where an anchor word starts."""
    lowered = text.lower()
    if len(lowered) != len(text):  # rare characters whose lowercase is longer: scan instead
        for pattern in patterns:
            if pattern.anchors:
                yield from pattern.scan(text, lang)
        return
    tried: set[tuple[int, int]] = set()
    for last, (length, ends_in_alnum, anchored) in _anchor_automaton(lang).iter(lowered):
        start = last - length + 1
        if start > 0 and text[start - 1].isalnum():
            continue  # inside a word: anchors start words...
        if ends_in_alnum and text[last + 1 : last + 2].isalpha():
            continue  # ...and end them, unless they end in punctuation ("c." in "C.P.")
        for index, pattern in anchored:  # compiled when first tried: many are rare
            if (index, start) in tried:
                continue
            tried.add((index, start))
            match = pattern.compiled.match(text, start)
            if match is not None:
                yield pattern.found(text, match, lang)


_DIGIT_RUN = regex.compile(r"\d+", regex.VERSION1)

Tries = tuple[tuple[int, int], ...]
"""(offset from a run's first digit, pattern index) to try, in order of offset."""


class _Starts:
    """The patterns of a language that have heads, and tables that tell, from the characters
    around a run of digits, which of them to try there.

    Every way a head can admit a run (a head and one of its ``follow`` alternatives) is a bit;
    each table maps a character (or "" past an end of the text, or a run's length) to the bits
    that admit it in its place; any character beyond ASCII maps to every bit. The bits set in
    all the tables at once are the ways the run is admitted.
    """

    def __init__(self, lang: str | None) -> None:
        self.patterns = tuple(p for p in patterns_for(lang) if p.heads)
        self.compiled = tuple(p.compiled for p in self.patterns)
        ways = [
            (index, head, sets)
            for index, pattern in enumerate(self.patterns)
            for head in pattern.heads
            for sets in head.follow or ((),)
        ]
        self.tried_at = [(-1 if head.opener else 0, index) for index, head, _ in ways]
        self.every = (1 << len(ways)) - 1
        chars = (*_ASCII, "")
        self.before = dict.fromkeys(chars, 0)
        self.first = dict.fromkeys(chars, 0)
        self.after = [dict.fromkeys(chars, 0) for _ in range(_FOLLOWED)]
        self.length = [0] * (_LONG + 1)
        for bit, (_, head, sets) in enumerate(ways):
            for char in chars:
                if head.at_start if char == "" else _admits(head.before, char):
                    self.before[char] |= 1 << bit
                if _admits(head.first, char):
                    self.first[char] |= 1 << bit
                for place, table in enumerate(self.after):
                    if place >= len(sets) or _admits(sets[place], char):
                        table[char] |= 1 << bit
            for n in head.lengths:
                self.length[n] |= 1 << bit
        self._tries: dict[int, Tries] = {}

    def tries(self, ways: int) -> Tries:
        """What to try where the ways (bits) ``ways`` admit a run."""
        found = self._tries.get(ways)
        if found is None:
            tried = {where for bit, where in enumerate(self.tried_at) if ways >> bit & 1}
            found = self._tries[ways] = tuple(sorted(tried))
        return found


@cache
def _starts(lang: str | None) -> _Starts:
    return _Starts(lang)


def _digit_led_matches(text: str, starts: _Starts) -> Iterator[tuple[int, regex.Match[str]]]:
    """(pattern index, match) for ``starts.patterns``: what ``finditer`` finds for each, since
    each is tried, in order, at every run of digits where one of its heads lets it start, and
    never inside its previous match (where ``finditer`` does not look either)."""
    every, before, first_digit, length = starts.every, starts.before, starts.first, starts.length
    after, then, last = starts.after
    compiled = starts.compiled
    ends = [0] * len(compiled)
    longest = _LONG
    for run in _DIGIT_RUN.finditer(text):
        first, end = run.span()
        ways = (  # what follows rules out most runs: look there first
            after.get(text[end : end + 1], every)
            & then.get(text[end + 1 : end + 2], every)
            & last.get(text[end + 2 : end + 3], every)
        )
        if ways:
            size = end - first
            ways &= (
                length[size if size < longest else longest]
                & before.get(text[first - 1 : first], every)
                & first_digit.get(text[first], every)
            )
        if not ways:
            continue
        for offset, index in starts.tries(ways):
            start = first + offset
            if start >= ends[index]:
                match = compiled[index].match(text, start)
                if match is not None:
                    ends[index] = match.end()
                    yield index, match


def _digit_led(text: str, lang: str | None) -> Iterator[Found]:
    """Checked matches of the patterns with heads."""
    starts = _starts(lang)
    for index, match in _digit_led_matches(text, starts):
        yield starts.patterns[index].found(text, match, lang)


def find_patterns(
    text: str, lang: str | None = None, *, overlapping: bool = False
) -> list[PatternMatch]:
    """Every PHI pattern match in ``text``, sorted by offset.

    ``lang`` picks the patterns (``"en"``, ``"es"``, ``None`` for all) and how ambiguous
    forms read (3/5 is March 5 in English, 3 May in Spanish). By default overlapping matches
    are resolved (longest first, then priority); ``overlapping=True`` returns them all.
    """
    key = (text, lang, overlapping)
    cached = _RECENT.get(key)
    if cached is not None:  # the features and a detector often ask for the same note
        return list(cached)
    patterns = patterns_for(lang)
    found: set[tuple[int, int, str, str]] = set()
    for pattern in _scanned(lang):
        found.update(hit for hit in pattern.scan(text, lang) if hit is not None)
    found.update(hit for hit in _digit_led(text, lang) if hit is not None)
    found.update(hit for hit in _anchored(text, lang, patterns) if hit is not None)
    matches = [PatternMatch(s, e, name, label) for s, e, label, name in found if e > s]
    if overlapping:
        result = sorted(matches, key=lambda m: (m.start, m.end, _PRIORITY[m.name]))
    else:
        result = resolve_overlaps(matches)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()  # atomic, so safe with threads; a tiny cache refills at once
    _RECENT[key] = tuple(result)
    return result


_RECENT_SIZE = 8
_RECENT: dict[tuple[str, str | None, bool], tuple[PatternMatch, ...]] = {}


def resolve_overlaps(matches: Iterable[PatternMatch]) -> list[PatternMatch]:
    """Keep the longest match where matches overlap (ties: the higher-priority name)."""
    ordered = sorted(matches, key=lambda m: (m.start - m.end, _PRIORITY.get(m.name, 0), m.start))
    taken: list[tuple[int, int]] = []  # sorted and disjoint
    kept: list[PatternMatch] = []
    for match in ordered:
        index = bisect.bisect_left(taken, (match.start, match.start))
        if index > 0 and taken[index - 1][1] > match.start:
            continue
        if index < len(taken) and taken[index][0] < match.end:
            continue
        taken.insert(index, (match.start, match.end))
        kept.append(match)
    return sorted(kept, key=lambda m: m.start)
