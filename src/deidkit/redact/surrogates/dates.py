"""Date surrogates: shift a date by the patient's offset and write it in its own format.

A date is parsed into a *template*: literal pieces (separators, "of", "de", times, weekday
names) and fields (year, month, day, season, decade) that remember how they were written
(zero padding, two-digit year, month name full or abbreviated, its language and case,
ordinal suffix). The shifted date is rendered into the same template, so ``3/14/2012`` stays
M/D/YYYY, ``14th of March, 2012`` stays "Dth of Month, YYYY" and ``14 de marzo de 2012``
stays Spanish.

Offsets are whole weeks, so weekday names in the text stay true. Partial dates (a month and
a year, a year, a month, a day, a season) are shifted from a representative day and moved by
one more unit if the shift left them unchanged. Holidays become other holidays. Anything the
parser cannot read is replaced by a random full date: never left in place.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal, NamedTuple

from deidkit.lang import get_language, languages, search_order
from deidkit.redact.surrogates.case import Case, apply_case, case_of
from deidkit.redact.surrogates.ids import identifier
from deidkit.redact.surrogates.vocab import DATE_CONNECTORS, RELATIVE_DAYS, WEEKDAYS

_SEASON_MONTH = (1, 4, 7, 10)  # a representative month of each season
_ORDINALS = "|".join(
    dict.fromkeys(suffix for lang in languages() for suffix in lang.dates.ordinal_suffixes)
)  # st, nd, rd, th, º, °, ª
_ORDINAL_SUFFIX = re.compile(rf"^(\d+)({_ORDINALS})$", re.IGNORECASE)
_TIME = re.compile(
    r"(?<!\d)\d{1,2}(?::\d{2}){1,2}(?:\.\d+)?(?:\s*(?:[ap]\.?\s?m\.?|h(?:rs?)?\b))?"
    r"|(?<!\d)\d{1,2}\s*[ap]\.?m\.?(?![a-z])|(?<!\d)\d{3,4}\s*(?:h(?:rs?)?|hours)\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(rf"'\d{{2}}\b|\d+(?:{_ORDINALS})?|[^\W\d_]+|\s+|.", re.IGNORECASE)
_RANGE_WORDS = dict.fromkeys(word for lang in languages() for word in lang.dates.range_words)
_RANGE_SEPARATOR = re.compile(
    rf"(?<!\s)\s*[-–—]\s*|(?<!\s)\s+(?:{'|'.join(_RANGE_WORDS)})\s+", re.IGNORECASE
)  # "to", "through", "hasta", ...; a match starts where white space does (as the leftmost
# match did anyway), so a long run of spaces is scanned once, not once per space
_APOSTROPHE_YEAR = re.compile(r"'\d{2}")
_NOT_DIGIT = re.compile(r"\D")
_DECADE = re.compile(r"^(?P<apos>')?(?P<digits>\d{2}|\d{4})'?s$", re.IGNORECASE)
_YEAR_RANGE = (1800, 2100)

Precision = Literal["day", "monthday", "month", "year", "monthonly", "dayonly", "season"]


class Field(NamedTuple):  # a named tuple: several are made for every date read
    """A date field as written: which part, and how it was written."""

    kind: Literal["year", "month", "day", "season", "decade"]
    digits: int = 0  # year: 2 or 4; month/day: 0 = name or unknown padding, 1 = no pad, 2 = pad
    name: Literal["", "full", "abbr"] = ""  # month written as a name
    lang: str = "en"
    case: Case = Case.TITLE
    suffix: str = ""  # ordinal suffix as written ("th", "º"), or decade "s"
    apostrophe: bool = False  # '98


Piece = str | Field


@dataclass(frozen=True, slots=True)
class ParsedDate:
    """A date read from text: its template, anchor day and how precise it is."""

    template: tuple[Piece, ...]
    value: date
    precision: Precision

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(piece for piece in self.template if isinstance(piece, Field))


class _Tok(NamedTuple):  # a named tuple: made for every piece of every date read
    text: str
    kind: Literal["num", "month", "weekday", "season", "word", "sep", "literal"]
    value: int = 0


def _month_value(word: str, lang: str) -> tuple[int, str, str] | None:
    """(month, name style, language) of a month name or abbreviation."""
    return _month_names(lang).get(word.rstrip(".").casefold())


@functools.cache
def _month_names(lang: str) -> dict[str, tuple[int, str, str]]:
    """Casefolded month name or abbreviation -> (month, name style, language); where two
    languages share a spelling, full names win over abbreviations, then ``lang`` wins."""
    order = search_order(lang)
    names: dict[str, tuple[int, str, str]] = {}
    for candidate in order:
        for index, name in enumerate(get_language(candidate).dates.months):
            names.setdefault(name.casefold(), (index + 1, "full", candidate))
    for candidate in order:
        dates = get_language(candidate).dates
        for index, name in enumerate(dates.month_abbreviations):
            names.setdefault(name.casefold(), (index + 1, "abbr", candidate))
        for folded, month in dates.other_month_names.items():
            names.setdefault(folded, (month, "full" if len(folded) > 4 else "abbr", candidate))
    return names


def _season_value(word: str) -> tuple[int, str] | None:
    """(season index, language) of a season name."""
    folded = word.casefold()
    for language in languages():
        if folded in language.dates.seasons:
            return language.dates.seasons.index(folded), language.code
    for language in languages():
        if folded in language.dates.season_aliases:
            return language.dates.season_aliases[folded], language.code
    return None


def _tokens(text: str, lang: str) -> list[_Tok]:
    tokens: list[_Tok] = []
    position = 0
    for match in _TIME.finditer(text):
        tokens.extend(_word_tokens(text[position : match.start()], lang))
        tokens.append(_Tok(match.group(), "literal"))
        position = match.end()
    tokens.extend(_word_tokens(text[position:], lang))
    return tokens


def _word_tokens(text: str, lang: str) -> list[_Tok]:
    out: list[_Tok] = []
    for piece in _TOKEN.findall(text):
        first = piece[0]
        if first.isdecimal():  # digits, perhaps with an ordinal suffix
            value = int(piece) if piece.isdecimal() else int(_NOT_DIGIT.sub("", piece))
            out.append(_Tok(piece, "num", value))
        elif not first.isalnum():  # white space, punctuation, '98
            if not piece.isspace() and _APOSTROPHE_YEAR.fullmatch(piece):
                out.append(_Tok(piece, "num", int(_NOT_DIGIT.sub("", piece))))
            else:
                out.append(_Tok(piece, "sep"))
        elif (month := _month_value(piece, lang)) is not None:
            out.append(_Tok(piece, "month", month[0]))
        elif piece.rstrip(".").casefold() in WEEKDAYS:
            out.append(_Tok(piece, "weekday"))
        elif _season_value(piece) is not None:
            out.append(_Tok(piece, "season"))
        else:
            out.append(_Tok(piece, "word"))
    return out


def _num_field(tok: _Tok, kind: Literal["month", "day"]) -> Field:
    ordinal = _ORDINAL_SUFFIX.match(tok.text)
    digits_text = ordinal.group(1) if ordinal else tok.text
    if len(digits_text) == 2 and digits_text.startswith("0"):
        digits = 2
    elif len(digits_text) == 1:
        digits = 1
    else:
        digits = 0
    return Field(kind, digits=digits, suffix=ordinal.group(2) if ordinal else "")


def _year_field(tok: _Tok) -> Field | None:
    raw = tok.text
    apostrophe = raw.startswith("'")
    digits = raw.lstrip("'")
    if not digits.isdigit() or len(digits) not in (2, 4):
        return None
    return Field("year", digits=len(digits), apostrophe=apostrophe)


def _year_value(tok: _Tok, pivot: int) -> int:
    digits = tok.text.lstrip("'")
    if len(digits) == 4:
        return int(digits)
    two = int(digits)
    return 2000 + two if two <= pivot else 1900 + two


def _name_field(tok: _Tok, lang: str) -> Field:
    month = _month_value(tok.text, lang)
    style, name_lang = (month[1], month[2]) if month else ("full", lang)
    return Field("month", name=style, lang=name_lang, case=case_of(tok.text.rstrip(".")))  # type: ignore[arg-type]


class _Reading(NamedTuple):
    """What a date's text says, whatever year it is read in: its template, its year (None:
    written without one), month, day and precision."""

    template: tuple[Piece, ...]
    year: int | None
    month: int
    day: int
    precision: Precision


@functools.lru_cache(maxsize=1 << 14)
def parse_date(
    text: str, *, lang: str = "en", reference: date | None = None, pivot: int = 30
) -> ParsedDate | None:
    """Read one date (full or partial) and its format, or None if it cannot be read.

    Numeric dates are month-first in English and day-first in Spanish unless the numbers
    say otherwise (``25/12/2012`` is day-first in any language). ``reference`` supplies the
    year of dates written without one; two-digit years up to ``pivot`` are 20xx. The text
    is read once whatever the reference (``_read``: the same date recurs across patients,
    each with a reference of its own), which only fills in a missing year.
    """
    reading = _read(text, lang, pivot)
    if reading is None:
        return None
    year = reading.year
    if year is None:
        year = reference.year if reference else 2000
    try:
        value = date(year, reading.month, reading.day)
    except (ValueError, OverflowError):  # a "year" of many digits, 29 February of another year
        return None
    if not _YEAR_RANGE[0] <= value.year <= _YEAR_RANGE[1]:
        return None
    return ParsedDate(reading.template, value, reading.precision)


@functools.lru_cache(maxsize=1 << 14)
def _read(text: str, lang: str, pivot: int) -> _Reading | None:
    """``parse_date`` of ``text`` up to its value: None where that is None whatever the
    reference, else the template, the numbers read and the precision."""
    if not text.strip():
        return None
    tokens = _tokens(text.strip(), lang)
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    nums: list[int] = []
    months: list[int] = []
    seasons: list[int] = []
    for i, tok in enumerate(tokens):
        if tok.kind == "num":
            nums.append(i)
        elif tok.kind == "month":
            months.append(i)
        elif tok.kind == "season":
            seasons.append(i)
        elif tok.kind == "word" and tok.text.rstrip(".").casefold() not in DATE_CONNECTORS:
            return None  # a word no date holds
    if len(months) > 1 or len(seasons) > 1 or (months and seasons):
        return None
    ref_year = None  # the reference's year, filled in by parse_date
    roles: dict[int, Field] = {}
    year: int | None
    month = day = None
    precision: Precision
    if seasons:
        index = seasons[0]
        found = _season_value(tokens[index].text)
        if found is None or len(nums) > 1:
            return None
        season, season_lang = found
        roles[index] = Field("season", lang=season_lang, case=case_of(tokens[index].text))
        month, day = _SEASON_MONTH[season], 15
        if nums:
            field = _year_field(tokens[nums[0]])
            if field is None:
                return None
            roles[nums[0]], year = field, _year_value(tokens[nums[0]], pivot)
        else:
            year = ref_year
        precision = "season"
    elif months:
        index = months[0]
        roles[index] = _name_field(tokens[index], lang)
        month = tokens[index].value
        if len(nums) == 0:
            year, day, precision = ref_year, 15, "monthonly"
        elif len(nums) == 1:
            tok = tokens[nums[0]]
            ordinal = _ORDINAL_SUFFIX.match(tok.text)
            plain = tok.text.lstrip("'")
            if ordinal or (
                plain.isdigit()
                and len(plain) <= 2
                and not tok.text.startswith("'")
                and 1 <= tok.value <= 31
            ):
                roles[nums[0]] = _num_field(tok, "day")
                year, day, precision = ref_year, tok.value, "monthday"
            else:
                field = _year_field(tok)
                if field is None:
                    return None
                roles[nums[0]] = field
                year, day, precision = _year_value(tok, pivot), 15, "month"
        elif len(nums) == 2:
            first, second = nums
            if len(tokens[first].text) == 4 and tokens[first].text.isdigit():
                year_index, day_index = first, second
            elif len(tokens[second].text.lstrip("'")) == 4 or tokens[second].text.startswith("'"):
                year_index, day_index = second, first
            elif first > index:  # "March 14, 12" / "Mar-14-12"
                day_index, year_index = first, second
            else:  # "14-Mar-12" / "14 de marzo de 12"
                day_index, year_index = first, second
            field = _year_field(tokens[year_index])
            if field is None:
                return None
            roles[year_index] = field
            roles[day_index] = _num_field(tokens[day_index], "day")
            year = _year_value(tokens[year_index], pivot)
            day, precision = tokens[day_index].value, "day"
        else:
            return None
    else:
        parsed = _numeric(tokens, nums, lang, ref_year, pivot)
        if parsed is None:
            return None
        roles, (year, month, day), precision = parsed
    if any(i not in roles for i in nums):
        return None
    template: list[Piece] = [lead] if lead else []
    for i, tok in enumerate(tokens):
        template.append(roles.get(i, tok.text))
    if trail:
        template.append(trail)
    return _Reading(_fill_padding(tuple(template), lang), year, month, day, precision)


def _numeric(
    tokens: list[_Tok], nums: list[int], lang: str, ref_year: int | None, pivot: int
) -> tuple[dict[int, Field], tuple[int | None, int, int], Precision] | None:
    texts = [tokens[i].text for i in nums]
    if len(nums) == 1:
        tok = tokens[nums[0]]
        raw = tok.text
        if raw.startswith("'") or (len(raw) == 4 and raw.isdigit()):
            field = _year_field(tok)
            if field is None:
                return None
            return {nums[0]: field}, (_year_value(tok, pivot), 7, 2), "year"
        if len(raw) == 8 and raw.isdigit():
            return _compact(nums[0], raw, lang)
        ordinal = _ORDINAL_SUFFIX.match(raw)
        if ordinal and 1 <= int(ordinal.group(1)) <= 31:
            return {nums[0]: _num_field(tok, "day")}, (ref_year, 1, tok.value), "dayonly"
        return None
    values = [tokens[i].value for i in nums]
    if any(_ORDINAL_SUFFIX.match(text) for text in texts):
        return None
    day_first = get_language(lang).day_first
    if len(nums) == 2:
        if len(texts[0]) == 4:
            year_i, month_i, day_i = 0, 1, None
        elif len(texts[1]) == 4 or texts[1].startswith("'"):
            year_i, month_i, day_i = 1, 0, None
        else:
            a, b = values
            if day_first:
                day_i, month_i = (1, 0) if (a <= 12 and b > 12) else (0, 1)
            else:
                month_i, day_i = (1, 0) if (a > 12 and b <= 12) else (0, 1)
            year_i = None
        roles: dict[int, Field] = {}
        month = values[month_i]
        roles[nums[month_i]] = _num_field(tokens[nums[month_i]], "month")
        if year_i is not None:
            field = _year_field(tokens[nums[year_i]])
            if field is None:
                return None
            roles[nums[year_i]] = field
            return roles, (_year_value(tokens[nums[year_i]], pivot), month, 15), "month"
        assert day_i is not None
        roles[nums[day_i]] = _num_field(tokens[nums[day_i]], "day")
        return roles, (ref_year, month, values[day_i]), "monthday"
    if len(nums) == 3:
        if len(texts[0]) == 4:
            order = (0, 1, 2)  # Y M D
        elif len(texts[2]) in (2, 4):
            a, b = values[0], values[1]
            if day_first:
                order = (2, 0, 1) if (a <= 12 < b) else (2, 1, 0)
            else:
                order = (2, 1, 0) if (b <= 12 < a) else (2, 0, 1)
        else:
            return None
        year_i, month_i, day_i = order
        field = _year_field(tokens[nums[year_i]])
        if field is None:
            return None
        roles = {
            nums[year_i]: field,
            nums[month_i]: _num_field(tokens[nums[month_i]], "month"),
            nums[day_i]: _num_field(tokens[nums[day_i]], "day"),
        }
        year = _year_value(tokens[nums[year_i]], pivot)
        return roles, (year, values[month_i], values[day_i]), "day"
    return None


def _compact(
    index: int, raw: str, lang: str
) -> tuple[dict[int, Field], tuple[int, int, int], Precision] | None:
    """An eight-digit date: YYYYMMDD, else DDMMYYYY (day-first languages) or MMDDYYYY."""
    candidates = [(raw[:4], raw[4:6], raw[6:], "ymd")]
    if get_language(lang).day_first:
        candidates.append((raw[4:], raw[2:4], raw[:2], "dmy"))
    else:
        candidates.append((raw[4:], raw[:2], raw[2:4], "mdy"))
    for year, month, day, order in candidates:
        try:
            value = date(int(year), int(month), int(day))
        except (ValueError, OverflowError):
            continue
        if _YEAR_RANGE[0] <= value.year <= _YEAR_RANGE[1]:
            field = Field("year", digits=8, suffix=order)
            return {index: field}, (value.year, value.month, value.day), "day"
    return None


def _fill_padding(template: tuple[Piece, ...], lang: str) -> tuple[Piece, ...]:
    """Give month/day fields of unknown padding ("12") the padding of their sibling, else the
    usual one: zero-padded in ISO dates and where the language pads (Spanish), else not."""
    fields = [p for p in template if isinstance(p, Field)]
    numbers = [f for f in fields if f.kind in ("month", "day") and not f.name]
    if all(f.digits for f in numbers):
        return template  # every padding known
    known = [f.digits for f in numbers if f.digits]
    iso = any(isinstance(p, Field) and p.kind == "year" and p.digits == 4 for p in template[:2])
    named = any(f.name for f in fields)
    padded = iso or get_language(lang).dates.zero_padded
    default = known[0] if known else (2 if not named and padded else 1)
    return tuple(
        Field(p.kind, default, p.name, p.lang, p.case, p.suffix, p.apostrophe)
        if isinstance(p, Field) and p.kind in ("month", "day") and not p.name and not p.digits
        else p
        for p in template
    )


def id_like(text: str) -> bool:
    """Whether an unreadable "date" looks like an identifier (four digits or more, three
    letters at most, no / or . as dates have: ``20190314-77``, ``MRN 2019-0412``); it then
    keeps its shape."""
    digits = sum(char.isdigit() for char in text)
    return (
        digits >= 4
        and sum(char.isalpha() for char in text) <= 3
        and not any(char in "/." for char in text)
    )


def _ordinal(day: int, written: str) -> str:
    """The ordinal suffix of ``day`` written like ``written`` ("th" -> "st" for the 1st)."""
    if not written:
        return written
    folded = written.casefold()
    for language in languages():
        ordinal = language.dates.ordinal
        if ordinal is not None and folded in language.dates.ordinal_suffixes:
            suffix = ordinal(day)
            return suffix.upper() if written.isupper() else suffix
    return written  # Spanish º, ª: the same for every day


def render(parsed: ParsedDate, value: date) -> str:
    """Write ``value`` in the template of ``parsed``."""
    out: list[str] = []
    for piece in parsed.template:
        if isinstance(piece, str):
            out.append(piece)
            continue
        if piece.kind == "year":
            if piece.digits == 8:
                out.append(_render_compact(value, piece.suffix))
            elif piece.digits == 2:
                out.append(("'" if piece.apostrophe else "") + f"{value.year % 100:02d}")
            else:
                out.append(f"{value.year:04d}")
        elif piece.kind == "month" and piece.name:
            dates = get_language(piece.lang).dates
            names = dates.months if piece.name == "full" else dates.month_abbreviations
            name = names[value.month - 1]
            out.append(
                apply_case(name, piece.case)
                if piece.case is not Case.TITLE
                else name[:1].upper() + name[1:]
            )
        elif piece.kind == "season":
            name = get_language(piece.lang).dates.seasons[_season_of(value)]
            out.append(
                apply_case(name, piece.case)
                if piece.case is not Case.TITLE
                else name[:1].upper() + name[1:]
            )
        else:
            number = value.month if piece.kind == "month" else value.day
            text = f"{number:02d}" if piece.digits == 2 else str(number)
            out.append(text + _ordinal(number, piece.suffix) if piece.kind == "day" else text)
    return "".join(out)


def _render_compact(value: date, order: str) -> str:
    y, m, d = f"{value.year:04d}", f"{value.month:02d}", f"{value.day:02d}"
    return {"ymd": y + m + d, "mdy": m + d + y, "dmy": d + m + y}[order]


def _season_of(value: date) -> int:
    return {12: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2}.get(value.month, 3)


def _add_months(value: date, months: int) -> date:
    index = value.year * 12 + value.month - 1 + months
    return date(index // 12, index % 12 + 1, min(value.day, 28))


def _reads_same(parsed: ParsedDate, moved: date) -> bool:
    """True if ``moved`` written at the precision of ``parsed`` reads as the original."""
    a, b, precision = moved, parsed.value, parsed.precision
    if precision == "day":
        return a == b
    if precision == "monthday":
        return (a.month, a.day) == (b.month, b.day)
    if precision == "dayonly":
        return a.day == b.day
    if precision == "month":
        return (a.year, a.month) == (b.year, b.month)
    if precision == "monthonly":
        return a.month == b.month
    if precision == "year":
        return a.year == b.year
    if any(f.kind == "year" for f in parsed.fields):  # a season with its year
        return (_season_of(a), a.year) == (_season_of(b), b.year)
    return _season_of(a) == _season_of(b)


def shift(parsed: ParsedDate, offset_days: int) -> date:
    """The shifted value of a parsed date, moved further if its precision hides the shift."""
    moved = parsed.value + timedelta(days=offset_days)
    direction = 1 if offset_days >= 0 else -1
    if not _reads_same(parsed, moved):
        return moved
    if parsed.precision == "year":
        return date(moved.year + direction, moved.month, min(moved.day, 28))
    if parsed.precision == "season":
        return _add_months(moved, 3 * direction)
    if parsed.precision == "dayonly":
        return moved + timedelta(days=direction)
    return _add_months(moved, direction)


@functools.lru_cache(maxsize=1 << 14)
def _shifted(text: str, offset_days: int, lang: str, reference: date | None) -> str | None:
    """``DateShifter(offset_days, lang=lang, reference=reference)._shift_one(text)``."""
    return DateShifter(offset_days, lang=lang, reference=reference)._shift_uncached(text)


class DateShifter:
    """Shifts every date of one patient by the same offset, keeping each date's format."""

    def __init__(
        self, offset_days: int, *, lang: str = "en", reference: date | None = None
    ) -> None:
        self.offset_days = offset_days
        self.lang = lang
        self.reference = reference

    def surrogate(self, text: str, rng: random.Random) -> str:
        """The shifted date, a holiday for a holiday, or a random date if unreadable."""
        replaced = self._shift_one(text)
        if replaced is not None:
            return replaced
        ranged = self._shift_range(text)
        if ranged is not None:
            return ranged
        holiday = self._holiday(text, rng)
        if holiday is not None:
            return holiday
        if id_like(text):
            return identifier(text, rng)  # an unreadable run of digits: never date-shaped
        return self.fallback(text, rng)

    def _shift_one(self, text: str) -> str | None:
        # the same dates are shifted by the same offset again and again (checking a
        # patient's offset, then replacing): remembered per (text, offset, lang, reference)
        return _shifted(text, self.offset_days, self.lang, self.reference)

    def _shift_uncached(self, text: str) -> str | None:
        stripped = text.strip()
        decade = _DECADE.match(stripped)
        if decade is not None:
            return self._decade(text, decade)
        if _only_time_or_weekday(stripped, self.lang):
            return text  # a time of day or weekday: the whole-week shift leaves it true
        parsed = parse_date(text, lang=self.lang, reference=self.reference)
        if parsed is None:
            return None
        result = render(parsed, shift(parsed, self.offset_days))
        return result if result != text else None

    def _decade(self, text: str, match: re.Match[str]) -> str:
        digits = match.group("digits")
        year = (
            int(digits)
            if len(digits) == 4
            else (1900 + int(digits) if int(digits) > 30 else 2000 + int(digits))
        )
        moved = (date(year + 5, 7, 1) + timedelta(days=self.offset_days)).year // 10 * 10
        if moved == year:
            moved += 10 if self.offset_days >= 0 else -10
        body = str(moved) if len(digits) == 4 else f"{moved % 100:02d}"
        new = text.replace(
            match.group(0),
            (match.group("apos") or "")
            + body
            + match.group(0)[len(match.group("apos") or "") + len(digits) :],
        )
        return new

    def _shift_range(self, text: str) -> str | None:
        """Two dates joined by a dash or "to" ("3/14/2012-3/20/2012"), each shifted."""
        for separator in _RANGE_SEPARATOR.finditer(text):
            first = self._shift_one(text[: separator.start()])
            second = self._shift_one(text[separator.end() :])
            if first is not None and second is not None:
                return first + separator.group() + second
        return None

    def _holiday(self, text: str, rng: random.Random) -> str | None:
        """A holiday becomes another holiday (a year with it is shifted)."""
        for lang in search_order(self.lang):
            holidays = get_language(lang).dates.holidays
            for name, pattern in _holiday_patterns(lang):
                found = pattern.search(text)
                if found is None:
                    continue
                folded = name.casefold()
                others = [
                    h
                    for h in holidays
                    if folded not in h.casefold() and h.casefold() not in folded
                ]
                new_name = apply_case(rng.choice(others), case_of(found.group()))
                before, after = text[: found.start()], text[found.end() :]
                parts = []
                for piece in (before, after):
                    year = re.search(r"(?<!\d)(?:\d{4}|'\d{2})(?!\d)", piece)
                    if year is not None:
                        shifted = self._shift_one(year.group())
                        if shifted is None:
                            return None
                        piece = piece[: year.start()] + shifted + piece[year.end() :]
                        if re.search(
                            r"\d", piece[: year.start()] + piece[year.start() + len(shifted) :]
                        ):
                            return None
                    elif re.search(r"\d", piece):
                        return None
                    parts.append(piece)
                return parts[0] + new_name + parts[1]
        return None

    def fallback(self, text: str, rng: random.Random) -> str:
        """A random full date in the language's usual numeric format (never the original):
        ``3/14/2012`` in English, ``14/03/2012`` in Spanish."""
        language = get_language(self.lang)
        while True:
            value = date(2000, 1, 1) + timedelta(days=rng.randrange(0, 365 * 25))
            day, month = value.day, value.month
            if language.dates.zero_padded:
                first, second = f"{day:02d}", f"{month:02d}"
            else:
                first, second = str(day), str(month)
            if not language.day_first:
                first, second = second, first
            candidate = f"{first}/{second}/{value.year}"
            if candidate != text.strip():
                return candidate


@functools.cache
def _holiday_patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each of the language's holidays with its expression (a whole-word, case-insensitive
    match), compiled once: an unreadable date is looked for every holiday of two languages."""
    return tuple(
        (name, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE))
        for name in get_language(lang).dates.holidays
    )


@functools.lru_cache(maxsize=1 << 14)
def _only_time_or_weekday(text: str, lang: str) -> bool:
    """A time of day, a weekday or a relative day ("yesterday", "ayer"): true under any
    whole-week shift and identifying no one, so kept."""
    rest = _TIME.sub(" ", text)
    words = [w.casefold() for w in re.split(r"[\s,.;:()-]+", rest) if w]
    if not words:
        return bool(_TIME.search(text))
    keep = WEEKDAYS | RELATIVE_DAYS
    return all(w in keep or w in DATE_CONNECTORS for w in words) and any(w in keep for w in words)


def weekly_offset(rng: random.Random, min_days: int, max_days: int) -> int:
    """A nonzero whole number of weeks, ``min_days <= |offset| <= max_days``, either sign."""
    low = max(1, -(-min_days // 7))
    high = max(low, max_days // 7)
    weeks = rng.randint(low, high)
    return 7 * weeks * rng.choice((-1, 1))
