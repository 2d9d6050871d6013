"""Age surrogates: HIPAA Safe Harbor only protects ages over 89.

An age of 89 or less is kept (it is clinically useful and not an identifier). An age over 89
becomes either the bucket ``90+`` (the default, Safe Harbor's "90 or older") or a random age
over 89 other than the original, written the same way (digits or words, English or Spanish).
"""

from __future__ import annotations

import random
import re
from typing import Literal

AgePolicy = Literal["bucket", "surrogate"]


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_UNITS_EN = _split(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
_TENS_EN = _split("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
_UNITS_ES = _split(
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
    "dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés "
    "veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve"
)
_TENS_ES = _split("_ _ veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa")
_WORD_VALUES: dict[str, int] = {}
for _i, _w in enumerate(_UNITS_EN):
    _WORD_VALUES[_w] = _i
for _i, _w in enumerate(_TENS_EN[2:], start=2):
    _WORD_VALUES[_w] = _i * 10
for _i, _w in enumerate(_UNITS_ES):
    _WORD_VALUES[_w] = _i
    _WORD_VALUES[_w.replace("é", "e").replace("ó", "o")] = _i
for _i, _w in enumerate(_TENS_ES[2:], start=2):
    _WORD_VALUES[_w] = _i * 10
_WORD_VALUES.update({"un": 1, "una": 1, "hundred": 100, "cien": 100, "ciento": 100})
_NUMBER_WORDS = re.compile(
    r"(?<!\w)(?:"
    + "|".join(sorted(map(re.escape, _WORD_VALUES), key=len, reverse=True))
    + r")(?:(?:[\s-]+(?:and|y)?[\s-]*)(?:"
    + "|".join(sorted(map(re.escape, _WORD_VALUES), key=len, reverse=True))
    + r"))*(?!\w)",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"(?<!\d)\d{1,3}(?!\d)")
_NOT_YEARS = re.compile(r"\b(?:months?|mos?|weeks?|wks?|days?|meses|semanas|días|dias)\b", re.I)


def _words_value(phrase: str) -> int | None:
    total = 0
    for word in re.split(r"[\s-]+", phrase.casefold()):
        if word in ("and", "y", ""):
            continue
        value = _WORD_VALUES.get(word)
        if value is None:
            return None
        if value == 100:
            total = (total or 1) * 100
        else:
            total += value
    return total


def age_value(text: str) -> tuple[int, int, int, bool] | None:
    """(years, start, end, written in words) of the number in an age, or None.

    Ages in months, weeks or days are not years and give None.
    """
    if _NOT_YEARS.search(text):
        return None
    digits = _DIGITS.search(text)
    if digits is not None:
        return int(digits.group()), digits.start(), digits.end(), False
    words = _NUMBER_WORDS.search(text)
    if words is not None:
        value = _words_value(words.group())
        if value is not None:
            return value, words.start(), words.end(), True
    return None


def to_words(number: int, lang: str) -> str:
    """A number from 0 to 199 in English or Spanish words."""
    if lang == "es":
        if number == 100:
            return "cien"
        prefix = "ciento " if number > 100 else ""
        rest = number % 100
        if rest < 30:
            return prefix + _UNITS_ES[rest] if rest or not prefix else prefix.strip()
        tens, units = divmod(rest, 10)
        return prefix + _TENS_ES[tens] + (f" y {_UNITS_ES[units]}" if units else "")
    prefix = "one hundred " if number >= 100 else ""
    rest = number % 100
    if rest < 20:
        body = _UNITS_EN[rest] if rest or not prefix else ""
    else:
        tens, units = divmod(rest, 10)
        body = _TENS_EN[tens] + (f"-{_UNITS_EN[units]}" if units else "")
    return (prefix + ("and " if prefix and body else "") + body).strip()


def age(
    original: str,
    rng: random.Random,
    *,
    policy: AgePolicy = "bucket",
    bucket: str = "90+",
    lang: str = "en",
) -> str:
    """The original if 89 or less (or not an age in years), else the bucket or a surrogate."""
    found = age_value(original)
    if found is None:
        return original
    years, start, end, in_words = found
    if years <= 89:
        return original
    if policy == "bucket":
        new = bucket
    else:
        choice = rng.choice([n for n in range(90, 106) if n != years])
        new = to_words(choice, lang) if in_words else str(choice)
        written = original[start:end]
        if in_words and written[:1].isupper():
            new = new[:1].upper() + new[1:]
    return original[:start] + new + original[end:]
