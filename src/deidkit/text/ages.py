"""The number of years an age's text says: digits or number words, in any language's words.

Detection (``deidkit.agerule``: which ages are PHI) and redaction (age surrogates,
``deidkit.redact.surrogates.ages``) both read it; it lives here so that detecting imports no
redaction code.
"""

from __future__ import annotations

import re

from deidkit.lang import languages

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
