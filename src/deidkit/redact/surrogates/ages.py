"""Age surrogates: HIPAA Safe Harbor only protects ages over 89.

An age of 89 or less is kept (it is clinically useful and not an identifier). An age over 89
becomes either the bucket ``90+`` (the default, Safe Harbor's "90 or older") or a random age
over 89 other than the original, written the same way (digits or words, English or Spanish).
"""

from __future__ import annotations

import random
import re
from typing import Literal

from deidkit.lang import get_language, languages

AgePolicy = Literal["bucket", "surrogate"]


_WORD_VALUES: dict[str, int] = {
    word: value for lang in languages() for word, value in lang.surrogates.number_words.items()
}  # every language's number words: "ninety", "noventa", "hundred", "cien", ...
_JOINERS = tuple(
    dict.fromkeys(word for lang in languages() for word in lang.surrogates.number_joiners)
)  # "and", "y"
_NUMBER_WORDS = re.compile(
    r"(?<!\w)(?:"
    + "|".join(sorted(map(re.escape, _WORD_VALUES), key=len, reverse=True))
    + rf")(?:(?:[\s-]+(?:{'|'.join(_JOINERS)})?[\s-]*)(?:"
    + "|".join(sorted(map(re.escape, _WORD_VALUES), key=len, reverse=True))
    + r"))*(?!\w)",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"(?<!\d)\d{1,3}(?!\d)")
_NON_YEAR_UNITS = "|".join(
    unit for lang in languages() for unit in lang.surrogates.non_year_units
)  # months, weeks, days, meses, ...
_NOT_YEARS = re.compile(rf"\b(?:{_NON_YEAR_UNITS})\b", re.I)


def _words_value(phrase: str) -> int | None:
    total = 0
    for word in re.split(r"[\s-]+", phrase.casefold()):
        if not word or word in _JOINERS:
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
    """A number from 0 to 199 in the words of ``lang``."""
    return get_language(lang).surrogates.spell_number(number)


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
