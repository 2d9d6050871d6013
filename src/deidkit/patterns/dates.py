"""Date and time patterns: numeric and ISO dates, month names (English and Spanish), short
dates, years, holidays, clock and 24-hour times.

Month and holiday names come from the languages (``deidkit/lang/<code>/patterns.py``). Short
dates read month first or day first by the language (``Language.day_first``) and must not be
blood pressures, grades, scores, fractions or dose ranges (``132/84``, ``2/6``, ``5/5``,
``1/2 tab``, ``10-15 mg``).
"""

from __future__ import annotations

import regex

from deidkit.lang import get_language
from deidkit.patterns.context import (
    DATE_CUES,
    HOUR_WORDS,
    LANGUAGES,
    NUMBER_CUES,
    SCORE_CUES,
    SHORT_DATES_NEED_CUE,
    STRONG_DATE_CUES,
    TIME_CUES,
    TITRE_CUES,
    YEAR_CUES,
    is_unit,
    unit_follows,
    valid_day_month,
    valid_short_date,
    words_after,
    words_before,
)
from deidkit.patterns.spec import (
    ALL,
    ASCII_WORD,
    DIGITS,
    EN,
    ES,
    LEFT,
    LEFT_AFTER_DIGIT,
    RIGHT,
    SPACE,
    UNGLUED,
    Check,
    Found,
    Head,
    Pattern,
    ascii_except,
    hit,
    lengths,
)


def _words(alternation: str) -> frozenset[str]:
    """The lowercase words of a regular-expression alternation of names."""
    return frozenset(regex.sub(r"[^a-z|]", "", alternation).replace("|", " ").split())


def _anchor_words(alternation: str) -> tuple[str, ...]:
    return tuple(sorted(_words(alternation)))


_MONTHS_EN = get_language("en").patterns.months
_MONTHS_ES = get_language("es").patterns.months
_MONTH_NAMES = frozenset().union(*(_words(lang.months) for lang in LANGUAGES))
_MON_EN = rf"(?P<mon>(?i:{_MONTHS_EN}))"
_MON_ES = rf"(?P<mon>(?i:{_MONTHS_ES}))"
_ORD = r"(?:st|nd|rd|th|º|°)?"
_YEAR4 = r"(?:1[89]\d\d|2[01]\d\d)"
_YEAR = rf"(?:{_YEAR4}|['’]\d\d)"
_COMMON_FRACTIONS = frozenset({(1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 8), (3, 8)})
_RANGE_END = regex.compile(r"[–—]\d{1,2}/\d{1,2}(?![\d/])")
"""A short date that a range's en or em dash and another short date follow ("7/7–7/11"; a
hyphen joins no short date: the boundaries of ``date_short`` refuse it)."""
_RANGE_START = regex.compile(r"(?:^|[^\d/])\d{1,2}/\d{1,2}[–—]$")
"""The end of a range's first short date and its dash, read on the few characters before."""
_RANGE_REACH = len("x12/31–")

# --- checks ------------------------------------------------------------------------------------


def _check_numeric_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    a, b = int(m.group("a")), int(m.group("b"))
    if not valid_day_month(a, b, None if len(m.group("y")) == 4 else lang):
        return None
    return hit(m, "DATE", "date_numeric")


def _check_iso_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not (1 <= int(m.group("m")) <= 12 and 1 <= int(m.group("d")) <= 31):
        return None
    return hit(m, "DATE", "date_iso")


def _check_year_month(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """2025-11 (a month) or 2023-24 (a season of two years): a date either way."""
    year, second = int(m.group("y")), int(m.group("m"))
    if not (1 <= second <= 12 or second == (year + 1) % 100):
        return None
    return hit(m, "DATE", "date_year_month")


def _check_month_year(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not 1 <= int(m.group("m")) <= 12 or any(
        w in TITRE_CUES for w in words_before(text, m.start(), 2)
    ):
        return None  # "positivo 1/2048": a titre
    return hit(m, "DATE", "date_month_year")


def _check_short_date(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """m/d (d/m in day-first languages) without a year: reject scores, grades, fractions and
    settings."""
    a, b = int(m.group("a")), int(m.group("b"))
    if not valid_short_date(a, b, lang) or (a, b) == (24, 7):
        return None  # "on call 24/7": always
    after = words_after(text, m.end(), 3)
    if is_unit(after):
        return None
    before = words_before(text, m.start(), 6)
    cue = bool(before) and before[-1] in DATE_CUES
    strong_cue = bool(before) and before[-1] in STRONG_DATE_CUES
    if m.group("sep") == "-" and not strong_cue:
        return None  # "10-15 mg", "2-3 weeks": ranges; "on 5-22": a date
    near = before[-3:] + after
    if any(w in SCORE_CUES for w in near):
        return None
    if a <= b and b in {4, 5, 6, 10} and not strong_cue and any(w in SCORE_CUES for w in before):
        return None  # "pain 7/10, improved to 3/10": a score further from its cue
    if not cue and (lang in SHORT_DATES_NEED_CUE or (a, b) in _COMMON_FRACTIONS or a == b) and (
        not _in_range(text, m)
    ):
        # Spanish notes write 4/5 for scores far more than for dates; 1/2 is a half;
        # 2/2, 5/5 are counts and scores; but a range of two ("7/7–7/11", "3/4—3/6") is dates
        return None
    return hit(m, "DATE", "date_short")


def _in_range(text: str, m: regex.Match[str]) -> bool:
    """Whether the short date ``m`` (written with a slash) starts or ends a range of two."""
    if m.group("sep") != "/":
        return False
    before = text[max(0, m.start() - _RANGE_REACH) : m.start()]
    return bool(_RANGE_END.match(text, m.end()) or _RANGE_START.search(before))


def _check_month_name(name: str) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        groups = m.groupdict()
        month = m.group("mon").casefold().rstrip(".")
        day, year = groups.get("d"), groups.get("y")
        if month not in _MONTH_NAMES or (day is not None and not 1 <= int(day) <= 31):
            return None
        end = m.end()
        last = groups.get("d2")  # a range's last day: after the first, in the month
        if last is not None and not int(day or 0) < int(last) <= 31:
            end, year = m.end("ord"), None  # "Jan 5-3": the date is "Jan 5"
        # "may 2 units", "mar 3": lowercase, a modal verb or an abbreviation unless "on may 2"
        ambiguous = month in {"may", "mar"} and m.group("mon")[0].islower()
        unsure = ambiguous and year is None and not groups.get("ord")
        if unsure and words_before(text, m.start(), 1)[-1:] != ["on"]:
            return None
        if day is not None and year is None and unit_follows(text, end):
            return None
        return m.start(), end, "DATE", name

    return check


def _check_year(text: str, m: regex.Match[str], lang: str | None) -> Found:
    """A year alone: needs a cue when it could also be a 24-hour clock time (1930, 2045)."""
    after = words_after(text, m.end(), 1)
    if is_unit(after):
        return None
    value = m.group("y")
    before = words_before(text, m.start(), 1)
    if before and before[0] in NUMBER_CUES:
        return None
    if after and after[0] in HOUR_WORDS:
        return None
    clock = int(value[:2]) <= 23 and int(value[2:]) <= 59
    if clock and not (before and before[0] in YEAR_CUES) and not m.group("s"):
        # 1930, 2010: a 24-hour time in a run of times ("1900-0700", "2000 hrs", "@2010")
        # or after a time word; otherwise a year ("diagnosed 2012", "colonoscopy 2010")
        near = text[max(0, m.start() - 2) : m.end() + 2]
        if (before and before[0] in TIME_CUES) or "-" in near or ":" in near:
            return None
        if after and (after[0] in TIME_CUES or after[0][:1].isdigit()):
            return None
    return hit(m, "DATE", "year")


def _check_time(text: str, m: regex.Match[str], lang: str | None) -> Found:
    hour, minute = int(m.group("h")), int(m.group("m") or 0)
    ampm = m.group("ampm")
    if minute > 59 or hour > (12 if ampm else 23) or (ampm and hour == 0):
        return None
    if m.group("m") is None and not ampm:
        return None  # "12 horas", "2 h": a duration, not a clock time
    before = words_before(text, m.start(), 2)
    after = words_after(text, m.end(), 1)
    if any(w in TITRE_CUES for w in before) or (after and after[0] in TITRE_CUES):
        return None
    if text[max(0, m.start() - 2) : m.start()].strip() in {"≤", "≥", "<", ">", "="}:
        return None
    return hit(m, "DATE", "time")


def _check_military_time(text: str, m: regex.Match[str], lang: str | None) -> Found:
    value = m.group("t")
    if int(value[:2]) > 24 or int(value[2:]) > 59:
        return None
    return m.start("t"), m.end(), "DATE", "time_military"


# --- heads -------------------------------------------------------------------------------------

_DATE_SEPARATED = (("/-.", DIGITS),)
# 5th of June, 5 Jan, 5-Jan, 5jan: what can follow a day before the month's second letter
_MONTH = ("jfmasondJFMASOND", "aepucoAEPUCO")
_DAY_MONTH_HEADS = (Head(lengths(1, 2), before=UNGLUED, follow=(
    ("s", "t"), ("n", "d"), ("r", "d"), ("t", "h"), _MONTH, (SPACE, *_MONTH),
    ("-", *_MONTH), (SPACE, "oO", "fF"), (SPACE, SPACE))),)

# --- the patterns, in priority order -----------------------------------------------------------

DATES: tuple[Pattern, ...] = (
    Pattern(
        name="date_iso", label="DATE", langs=ALL, check=_check_iso_date,
        expression=LEFT + rf"(?P<y>{_YEAR4})(?P<sep>[/\-.])(?P<m>\d{{1,2}})(?P=sep)"
        r"(?P<d>\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?" + RIGHT,
        description="year first: 2010-03-05, 2010/3/5",
        heads=(Head(lengths(4, 4), first="12", follow=_DATE_SEPARATED),),
    ),
    Pattern(
        name="date_year_month", label="DATE", langs=ALL, check=_check_year_month,
        expression=LEFT + rf"(?P<y>{_YEAR4})-(?P<m>\d{{2}})" + RIGHT,
        description="year and month, or two years: 2025-11 (an expiry), 2023-24 (a season)",
        heads=(Head(lengths(4, 4), first="12", follow=(("-", DIGITS, DIGITS),)),),
    ),
    Pattern(
        name="date_numeric", label="DATE", langs=ALL, check=_check_numeric_date,
        expression=LEFT + r"(?P<a>\d{1,2})(?P<sep>[/\-.])(?P<b>\d{1,2})"
        r"(?:(?P=sep)|[ ]/[ ]?)(?P<y>\d{4}|\d{2})" + RIGHT,
        description="day, month and year as numbers: 3/5/2010, 03-05-10, 5.3.2010",
        heads=(Head(lengths(1, 2), follow=(("/-.", DIGITS, DIGITS + "/-. "),)),),
    ),
    Pattern(
        name="date_month_year", label="DATE", langs=ALL, check=_check_month_year,
        expression=LEFT + rf"(?P<m>\d{{1,2}})/(?P<y>{_YEAR4})" + RIGHT,
        description="month and year as numbers: 3/2010",
        heads=(Head(lengths(1, 2), follow=(("/", "12"),)),),
    ),
    Pattern(
        name="date_month_name", label="DATE", langs=EN,
        check=_check_month_name("date_month_name"),
        expression=rf"(?i)(?<![\w]){_MON_EN}\s?(?:(?P<d>\d{{1,2}})"
        rf"(?P<ord>{_ORD})(?:[-–](?P<d2>\d{{1,2}})(?P=ord))?(?:,?\s?(?P<y>{_YEAR}))?"
        rf"|-(?P<d>\d{{1,2}})-(?P<y>\d{{2,4}})|,?\s(?P<y>{_YEAR}))(?![\w])",
        description="English month name first: Jan 5, 2010; March 2010; Jan-05-2010; a range "
        "of days, Jan 13-15",
        anchors=_anchor_words(_MONTHS_EN),
    ),
    Pattern(
        name="date_day_month", label="DATE", langs=EN,
        check=_check_month_name("date_day_month"),
        expression=rf"(?P<d>\d(?<![\w.]\d)\d?+)(?P<ord>{_ORD})"
        rf"(?:\s+(?i:day\s+of|of))?[\s-]?{_MON_EN}(?:,?[\s-]?(?P<y>{_YEAR}))?(?![\w])",
        description="day first with an English month name: 5 Jan 2010, 5th of January, the "
        "4th day of March, 2026",
        heads=_DAY_MONTH_HEADS,
    ),
    Pattern(
        name="date_month_name_es", label="DATE", langs=ES,
        check=_check_month_name("date_month_name_es"),
        expression=rf"(?=\d)(?<![\w.])(?:(?P<d>\d{{1,2}})(?P<ord>{_ORD})"
        rf"\s+(?i:de)\s+{_MON_ES}(?:\s+(?i:de|del)\s+(?P<y>\d{{4}}))?|(?P<d>\d{{1,2}})[\s/-]"
        rf"{_MON_ES}[\s/-](?P<y>\d{{2,4}}))(?![\w])",
        description="fechas con el día y el nombre del mes: 3 de marzo de 2016, 3-mar-16",
        heads=(Head(lengths(1, 2), before=UNGLUED, follow=((SPACE + "snrt/-",),)),),
    ),
    Pattern(
        name="date_month_year_es", label="DATE", langs=ES,
        check=_check_month_name("date_month_year_es"),
        expression=rf"(?i)(?<![\w]){_MON_ES}(?:\s+(?:(?:de|del)\s+)?"
        rf"(?P<y>{_YEAR4})|[-/](?P<y>{_YEAR4}|\d\d))(?![\w/-])",
        description="mes y año: marzo de 2016, diciembre-2002, oct/05",
        anchors=_anchor_words(_MONTHS_ES),
    ),
    Pattern(
        name="date_roman_month", label="DATE", langs=ALL,
        expression=LEFT + r"\d{1,2}[-/.](?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|"
        r"XII)[-/.]\d{2,4}" + RIGHT,
        description="date with a Roman-numeral month: 3-III-2016",
        heads=(Head(lengths(1, 2), follow=(("-/.", "IVX"),)),),
    ),
    Pattern(
        name="date_short", label="DATE", langs=ALL, check=_check_short_date,
        expression=LEFT + r"(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})" + RIGHT,
        description="month/day (day/month in Spanish) without a year, outside scores and fractions",
        heads=(Head(lengths(1, 2), follow=(("/-", DIGITS),)),),
    ),
    Pattern(
        name="holiday", label="DATE", langs=ALL,
        expression=r"(?i)(?<![\p{L}])(?:"
        + "|".join(lang.holidays for lang in LANGUAGES) + r")(?![\p{L}])",
        description="holidays",
        anchors=tuple(word for lang in LANGUAGES for word in lang.holiday_anchors),
    ),
    Pattern(
        name="year_es", label="DATE", langs=ES,
        expression=r"(?i)(?<![\p{L}])año\s+(?:de\s+)?" + _YEAR4 + RIGHT,
        description="'año 2004' (MEDDOCAN keeps the word in the date)", anchors=("año",),
    ),
    Pattern(
        name="year", label="DATE", langs=ALL, check=_check_year,
        expression=LEFT + rf"(?P<y>{_YEAR4})(?P<s>['’]?s)?" + RIGHT,
        description="a year alone, with a cue when it could also be a 24-hour time",
        heads=(Head(lengths(4, 4), first="12"),),
    ),
    Pattern(
        name="time", label="DATE", langs=ALL, check=_check_time,
        expression=r"(?P<h>\d" + LEFT_AFTER_DIGIT + r"\d?+)(?:[:h](?P<m>[0-5]\d)"
        r"(?::[0-5]\d)?(?:\s?(?P<ampm>[aApP]\.\s?[mM]\.|[aApP][mM]\b))?|\s?(?P<ampm>[aApP]\.\s?"
        r"[mM]\.|[aApP][mM]\b))(?![\w/\-+@]|[.,:]\d)",
        description="clock time 10:30, 10:30 pm, 3pm, 10h30 (not ratios or titres)",
        heads=(Head(lengths(1, 2), follow=(
            (":h", "012345"), ("aApP", ".mM"), (SPACE, "aApP", ".mM"))),),
    ),
    Pattern(
        name="time_military", label="DATE", langs=ALL, check=_check_military_time,
        expression=r"(?=[0-2])(?<![\w/\-.])(?P<t>[0-2]\d[0-5]\d)\s*(?i:hrs|hours|horas|h)\b",
        description="24-hour time before 'hours': 0800 hours",
        heads=(Head(lengths(4, 4), first="012", before=ascii_except(ASCII_WORD + "/-."),
                    follow=((SPACE, SPACE + "hH"), ("hH",))),),
    ),
    Pattern(
        name="time_military", label="DATE", langs=ALL, check=_check_military_time,
        expression=r"(?i)(?<![\p{L}])(?:at|@|las)\s*(?P<t>[0-2]\d[0-5]\d)"
        r"(?:\s*(?:h|hrs?|hours|horas)\b)?(?![\w/-])",
        description="24-hour time after 'at': at 1430, a las 1430", anchors=("at", "@", "las"),
    ),
)
